/**
 * Per-page input limits, checked before a page is parsed so that a huge or pathologically nested page ends in a
 * clear message within bounded time and memory instead of a hang or an out-of-memory crash. A page over a limit
 * is reported (`page-too-large`, `nesting-too-deep`, `table-too-large`) and is not parsed further.
 */
import type { Draft } from './diagnostics.js';

export const LIMITS = {
  /**
   * Bytes of one page (UTF-8). The largest real report is about 90 KB. Checking is still super-linear in one
   * page's size (measured: 1 MB 3.7 s, 2 MB 12.9 s, 4 MB 45 s), so the limit keeps a page near 4 s.
   */
  pageBytes: 1024 * 1024,
  /** Admonitions (`!!!` / `???`) nested inside one another. */
  admonitionDepth: 16,
  /**
   * Lists and block quotes nested inside one another. Real reports nest three or four; the Markdown tree builder
   * rescans every later event for each list, so a page of 500 nested list levels took 23 s and 1000 took 104 s.
   */
  containerDepth: 32,
  /**
   * Consecutive table rows (lines with a `|` outside fenced code). Real tables have tens of rows; a 75k-row table
   * took 12.5 s and 1.8 GB before this limit.
   */
  tableRows: 2000,
  /**
   * Cells of one table (the `|` of its consecutive rows). Real tables have a few hundred; a table of 20 rows of
   * 8,000 columns took 13.5 s, a cost per cell of the Markdown tree builder and its garbage collection.
   */
  tableCells: 20_000,
} as const;

const ADMONITION = /^(?:!!!|\?\?\?\+?)[ \t]/;

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** A line of one of `*`, `-`, `_` and blanks only: a thematic break, not nested list markers. */
function thematic(text: string, i: number, end: number): boolean {
  const c = text[i];
  if (c !== '*' && c !== '-' && c !== '_') return false;
  for (let j = i; j < end; j++) if (text[j] !== c && !isBlank(text[j]) && text[j] !== '\r') return false;
  return true;
}

/**
 * The list and block-quote markers that open at the start of a line (`- 1. > x` opens three), each with the column
 * where its content starts; block quotes give -1 (they do not last past their line without a marker of their own).
 */
function openers(text: string, i: number, end: number, column: number): number[] {
  const out: number[] = [];
  while (i < end) {
    let j = i;
    if (text[j] === '>') j++;
    else if (text[j] === '-' || text[j] === '*' || text[j] === '+') j++;
    else {
      while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      if (j === i || (text[j] !== '.' && text[j] !== ')')) break;
      j++;
    }
    const quote = text[i] === '>';
    if (!quote && !isBlank(text[j])) break;
    let k = j;
    while (k < end && isBlank(text[k])) k++;
    column += k - i;
    out.push(quote ? -1 : column);
    i = k;
  }
  return out;
}

function tableTooLarge(line: number, limit: number, what: 'rows' | 'cells'): Draft {
  return {
    ruleId: 'table-too-large',
    severity: 'error',
    line,
    column: 1,
    message: `Table of more than ${limit} ${what} is over the limit; the page is not parsed. Split the table, or put the raw data in a fenced block.`,
    expected: `at most ${limit} table ${what}`,
    actual: `more than ${limit} ${what}`,
  };
}

function nestingTooDeep(line: number, column: number, depth: number, limit: number, what: string): Draft {
  const capital = what === 'admonitions' ? 'Admonitions' : 'Lists and block quotes';
  return {
    ruleId: 'nesting-too-deep',
    severity: 'error',
    line,
    column,
    message: `${capital} nested ${depth} deep are over the limit of ${limit}; the page is not parsed. Flatten the nesting.`,
    expected: `at most ${limit} nested ${what}`,
    actual: `${depth} nested ${what}`,
  };
}

/** The first limit a page exceeds, as a message; null when the page is within every limit. Linear time. */
export function checkLimits(text: string): Draft | null {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > LIMITS.pageBytes) {
    return {
      ruleId: 'page-too-large',
      severity: 'error',
      line: 1,
      column: 1,
      message: `Page of ${bytes} bytes is over the limit of ${LIMITS.pageBytes} bytes; it is not parsed. Split it into several pages.`,
      expected: `at most ${LIMITS.pageBytes} bytes`,
      actual: `${bytes} bytes`,
    };
  }
  // Admonition depth from indentation: a nested admonition is indented 4 columns (a tab counts 4) per level.
  let line = 1;
  let fence: string | null = null;
  let rows = 0;
  let cells = 0;
  let tableLine = 0;
  // Content columns of the list items open above this line: an estimate of the nesting, in one pass.
  const items: number[] = [];
  for (let start = 0; start <= text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let i = start;
    let columns = 0;
    for (; i < end; i++) {
      if (text[i] === ' ') columns++;
      else if (text[i] === '\t') columns += 4 - (columns % 4);
      else break;
    }
    const marker = text.startsWith('```', i) ? '```' : text.startsWith('~~~', i) ? '~~~' : null;
    if (marker && (fence === null || fence === marker)) fence = fence === null ? marker : null;
    // Counted within the line only: a search past its end would make a long page of short lines quadratic.
    let pipes = 0;
    if (fence === null && !marker) for (let j = i; j < end; j++) if (text.charCodeAt(j) === 0x7c) pipes++;
    if (pipes === 0) rows = cells = 0;
    else if (rows++ === 0) tableLine = line;
    cells += pipes;
    if (cells > LIMITS.tableCells) return tableTooLarge(tableLine, LIMITS.tableCells, 'cells');
    if (rows > LIMITS.tableRows) return tableTooLarge(tableLine, LIMITS.tableRows, 'rows');
    if (fence === null && !marker && i < end && !thematic(text, i, end)) {
      while (items.length > 0 && items[items.length - 1] > columns) items.pop();
      const opened = openers(text, i, end, columns);
      const depth = items.length + opened.length;
      if (depth > LIMITS.containerDepth) {
        return nestingTooDeep(line, i - start + 1, depth, LIMITS.containerDepth, 'lists and block quotes');
      }
      items.push(...opened.filter((c) => c >= 0));
    }
    if (text.charCodeAt(i) === 0x21 || text.charCodeAt(i) === 0x3f) {
      const depth = Math.floor(columns / 4) + 1;
      if (depth > LIMITS.admonitionDepth && ADMONITION.test(text.slice(i, Math.min(end, i + 5)))) {
        return nestingTooDeep(line, i - start + 1, depth, LIMITS.admonitionDepth, 'admonitions');
      }
    }
    start = end + 1;
  }
  return null;
}
