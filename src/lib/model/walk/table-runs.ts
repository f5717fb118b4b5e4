import type { Table, TableRow } from 'mdast';
import { parseTableRuns } from '../../formats/index.js';
import type { SourceLine } from '../../formats/line.js';
import { lineOf, plain } from '../text.js';
import { onRuns } from './runs.js';
import type { WalkState } from './state.js';

/**
 * A benchmark tool's own table pasted outside a fence (a format whose table rows are runs, a Markdown table):
 * each row is a run, as in a fence. Any other table is left to the claim sites.
 */
export function onTableRuns(node: Table, state: WalkState): void {
  const [header, ...rows] = node.children;
  const read = header ? parseTableRuns(rowLine(header), () => rows.map(rowLine)) : null;
  if (!read) return;
  state.found.notes.push(...read.notes);
  if (read.runs.length > 0) onRuns(read.runs, null, state);
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
