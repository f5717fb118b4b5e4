/**
 * Rows of a pipe table whose cell count is not the header's: a `|` missing or one too many. Markdown still reads
 * the row, but every cell after the slip sits one column off, so which column a cell of such a row is in is not
 * certain (`table-malformed` reports the row; the claim kinds do not judge its cells against a column).
 */
import type { Table } from 'mdast';

/** One row whose cell count differs from the header's. */
export interface OddRow {
  /** 1-based source line of the row. */
  line: number;
  column: number;
  cells: number;
  header: number;
}

/** The body rows of a table whose cell count is not the header row's. */
export function oddRows(table: Table): OddRow[] {
  const [head, ...rows] = table.children;
  if (!head) return [];
  const header = head.children.length;
  const out: OddRow[] = [];
  for (const row of rows) {
    if (row.children.length === header || !row.position) continue;
    out.push({ line: row.position.start.line, column: row.position.start.column, cells: row.children.length, header });
  }
  return out;
}

/** `the row at line 18 has 2 cells where the header has 3`. */
export function oddRowText(row: OddRow): string {
  return `the row at line ${row.line} has ${row.cells} cell${row.cells === 1 ? '' : 's'} where the header has ${row.header}`;
}
