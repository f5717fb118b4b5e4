import type { Table, TableRow } from 'mdast';
import { parseTableRuns } from '../../formats/index.js';
import type { SourceLine } from '../../formats/line.js';
import type { TableSite } from '../sites.js';
import { bareLabel, columnOf, lineOf, plain } from '../text.js';
import { onRuns } from './runs.js';
import { headingPath, inSummary, section, type WalkState } from './state.js';

/**
 * A table is a claim site. The Conclusion's first `Benchmark Case` table gives the conclusion rows; a table under
 * "Summary of Optimization Options" the summary rows.
 */
export function onTable(node: Table, state: WalkState): void {
  const { found, at } = state;
  const header = node.children[0];
  const first = header ? plain(header.children[0] ?? header).toLowerCase() : '';
  const role: TableSite['role'] =
    /conclusion/.test(section(at)) && /benchmark case/.test(first) ? 'conclusion' : inSummary(at) ? 'summary' : 'other';
  found.sites.push({ kind: 'table', node, headings: headingPath(at), role });
  const rows = node.children.slice(1);
  if (role === 'conclusion' && found.conclusion.length === 0) {
    for (const row of rows) {
      const [c0, c1, c2] = row.children;
      if (!c0 || !c1 || !c2) continue;
      found.conclusion.push({
        case: bareLabel(plain(c0)),
        line: lineOf(row),
        baseline: { text: plain(c1), line: lineOf(c1), column: columnOf(c1) },
        optimized: { text: plain(c2), line: lineOf(c2), column: columnOf(c2) },
      });
    }
  } else if (role === 'summary') {
    for (const row of rows) found.summary.push({ cells: row.children.map((c) => plain(c)), line: lineOf(row) });
  }
  // A benchmark tool's own table pasted outside a fence (a format whose table rows are runs): each row is a run.
  const read = header ? parseTableRuns(rowLine(header), () => rows.map(rowLine)) : null;
  if (read) {
    found.drafts.push(...read.messages);
    if (read.runs.length > 0) onRuns(read.runs, null, state);
  }
}

/** A table row as the line it was written on: each cell's text at its own column, a pipe where each cell starts. */
function rowLine(row: TableRow): SourceLine {
  let text = '';
  const put = (column: number, s: string): void => {
    text = `${text.padEnd(column - 1, ' ')}${s}`;
  };
  for (const cell of row.children) {
    const start = cell.position?.start.column ?? text.length + 1;
    put(Math.max(start, text.length + 1), '|');
    put(Math.max(cell.children[0]?.position?.start.column ?? start + 2, text.length + 1), plain(cell));
  }
  const end = row.children[row.children.length - 1]?.position?.end.column ?? text.length + 2;
  put(Math.max(end - 1, text.length + 1), '|');
  return { text, line: lineOf(row), column: 1 };
}
