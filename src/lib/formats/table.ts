/**
 * Table rows cut into cells by index scans (no regex, linear in the line): the boxed console tables
 * (`│ Time To First Token (ms) │ 39.13 │`) and Markdown tables (`| llama 7B Q4_0 | 3.56 GiB |`) the formats'
 * table grammars read.
 */
import type { TableCell } from './spec.js';

const blank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/**
 * The cells between the separators of one row, each trimmed with the offset of its text (an empty cell points
 * just after its separator); null when the line does not start and end with a separator or has no cell.
 */
export function tableCells(text: string, separators: string): TableCell[] | null {
  let start = 0;
  while (blank(text[start])) start++;
  let end = text.length;
  while (end > start && blank(text[end - 1])) end--;
  if (end - start < 2 || !separators.includes(text[start]) || !separators.includes(text[end - 1])) return null;
  const cells: TableCell[] = [];
  let from = start + 1;
  for (let i = start + 1; i < end; i++) {
    if (!separators.includes(text[i])) continue;
    let a = from;
    while (a < i && blank(text[a])) a++;
    let b = i;
    while (b > a && blank(text[b - 1])) b--;
    cells.push({ text: text.slice(a, b), index: a === b ? from : a });
    from = i + 1;
  }
  return cells.length > 0 ? cells : null;
}

/** True for a rule row of dashes, colons and separators only (`| --- | ---: |`, `┡━━━╇━━━┩`). */
export function isRuleRow(text: string, chars: string): boolean {
  let seen = false;
  for (const c of text) {
    if (blank(c)) continue;
    if (!chars.includes(c)) return false;
    seen = true;
  }
  return seen;
}
