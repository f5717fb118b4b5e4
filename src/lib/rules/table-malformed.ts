/**
 * `table-malformed` (error): A pipe table that Markdown does not read as the author meant: lines that look like a
 * table (each starts with `|`) but have no delimiter row (`|---|---|`), or whose delimiter row has another cell count
 * than the header, so the page shows them as text and none of their numbers is checked; or a table row whose cell
 * count is not the header's (a `|` missing or one too many), so every cell after the slip is read one column off.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#table-malformed shows them.
 */
import type { Paragraph, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { pageNodes } from '../model/tree.js';
import { oddRows } from '../claims/table-shape.js';
import { emit } from '../diagnostics.js';
import type { Rule } from './types.js';

/**
 * Whether the cells of the row at `line` past the header's count hold only `perflab-ignore` comments: an
 * acknowledgement written after the row's closing `|`, which Markdown reads as a cell of its own.
 */
function acknowledgementAfterRow(table: Table, line: number, header: number): boolean {
  const extra = table.children.find((r) => r.position?.start.line === line)?.children.slice(header) ?? [];
  return (
    extra.length > 0 &&
    extra.every(
      (cell) =>
        cell.children.length > 0 &&
        cell.children.every(
          (n) => (n.type === 'html' && /^<!--\s*perflab-ignore\b/.test(n.value)) || (n.type === 'text' && !n.value.trim()),
        ),
    )
  );
}

/** Cells of a line that starts with `|`, by a scan (a trailing `|` closes the last cell). */
function cellCount(line: string): number {
  let pipes = 0;
  for (const ch of line) if (ch === '|') pipes++;
  return line.endsWith('|') ? pipes - 1 : pipes;
}

/** A line that starts with `|` and holds at least one more: a table row as written. */
function rowLike(line: string): boolean {
  return line.startsWith('|') && line.indexOf('|', 1) > 0;
}

/** A delimiter row: cells of dashes with optional colons (`|---|:--:|`). */
function delimiterLike(line: string): boolean {
  const cells = line.replace(/^\|/, '').replace(/\|$/, '').split('|');
  return (
    cells.length > 0 &&
    cells.every((c) => {
      const t = c.trim();
      const core = t.replace(/^:/, '').replace(/:$/, '');
      return core.length > 0 && [...core].every((ch) => ch === '-');
    })
  );
}

/** What is wrong with a paragraph that looks like a pipe table; null when it does not look like one. */
function paragraphProblem(node: Paragraph): { line: number; column: number; reason: string; actual: string } | null {
  const start = node.position?.start;
  if (!start) return null;
  const lines = toString(node)
    .split('\n')
    .map((l) => l.trim());
  // The first two lines that look like rows, one under the other: a header and what should be its delimiter.
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!rowLike(lines[i]) || !rowLike(lines[i + 1])) continue;
    const header = cellCount(lines[i]);
    const line = start.line + i;
    const column = i === 0 ? start.column : 1;
    if (delimiterLike(lines[i + 1])) {
      const cells = cellCount(lines[i + 1]);
      return {
        line,
        column,
        reason: `Table not read: its delimiter row has ${cells} cell${cells === 1 ? '' : 's'} where the header has ${header}; the page shows it as text and none of its numbers is checked`,
        actual: `a delimiter row of ${cells} cells under a header of ${header}`,
      };
    }
    const rows = lines.slice(i).filter(rowLike).length;
    return {
      line,
      column,
      reason: `Table not read: ${rows} lines that look like table rows have no delimiter row (\`|---|---|\`) under the header; the page shows them as text and none of their numbers is checked`,
      actual: 'no delimiter row',
    };
  }
  return null;
}

export const tableMalformed: Rule = {
  id: 'table-malformed',
  severity: 'error',
  description:
    'A pipe table that is not read as written: no delimiter row (or one with another cell count than the header), so it shows as text and its numbers go unchecked; or a row whose cell count differs from the header, so its cells after the slip sit in the wrong column.',
  fix: 'Put a delimiter row (`|---|---|`) with one cell per header cell under the header, and give every row one cell per header cell (check for a missing or extra `|`).',
  examples: {
    ok: `# Results

| Case | Baseline | Optimized |
|---|---|---|
| ShareGPT | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |
`,
    notOk: `# Results

| Case | Baseline | Optimized |
| ShareGPT | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |

| Case | Baseline | Optimized |
|---|---|---|
| ShareGPT | Total TPS: 100.00 Total TPS: 150.00 (+50.0%) |
`,
  },
  check({ tree, file }) {
    // Tables and paragraphs from the page's one walk, in page order.
    const nodes = pageNodes(tree);
    const blocks = [...nodes.tables, ...nodes.paragraphs].sort((a, b) => (a.position?.start.offset ?? 0) - (b.position?.start.offset ?? 0));
    for (const node of blocks) {
      if (node.type === 'table') {
        for (const row of oddRows(node))
          emit(
            file,
            'table-malformed',
            'error',
            row,
            `Table row has ${row.cells} cell${row.cells === 1 ? '' : 's'} where the header has ${row.header}: ` +
              (acknowledgementAfterRow(node, row.line, row.header)
                ? 'the `perflab-ignore` comment after the closing `|` is read as a cell of its own. Put it inside the last cell, before the closing `|`: `... <!-- perflab-ignore rule-id: reason --> |`'
                : 'a `|` is missing or one too many, so its cells after the slip are read in the wrong column (their numbers are not judged against a column)'),
            { expected: `${row.header} cells`, actual: `${row.cells} cells` },
          );
        continue;
      }
      const problem = paragraphProblem(node);
      if (problem)
        emit(file, 'table-malformed', 'error', problem, problem.reason, {
          expected: 'a delimiter row with one cell per header cell',
          actual: problem.actual,
        });
    }
  },
};
