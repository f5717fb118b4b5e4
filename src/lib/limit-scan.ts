/**
 * The per-page input limits and the one linear pass over a page's lines that measures what they bound, before the
 * page is parsed, so that a huge or pathologically nested page ends in a clear message within bounded time and
 * memory instead of a hang or an out-of-memory crash. The pass judges nothing: it hands each measure to a visitor
 * (the limit rules' `source` stage, run by `limits.ts`) and stops at the first one the visitor reports.
 */
import type { Draft } from './diagnostics.js';
import { InlineScan, type InlineOver } from './inline-scan.js';

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
  /**
   * Emphasis delimiters (`*`, `_`, `~`) open at once in one paragraph (characters of the runs that opened and
   * are not closed yet). Real pages open two or three; nested emphasis is a tree as deep as it is nested, and the
   * parser's time grows with the square of it (`*a ` x 4,000 + `x` + `*` x 4,000 took 10.6 s, 10,000 crashed).
   */
  emphasisDepth: 64,
  /** `[` (and `![`) open at once in one paragraph: link labels inside link labels. `![` nested 4,000 deep took 39 s. */
  bracketDepth: 32,
  /**
   * `[` (and `![`) of one paragraph or table row. Each link label the parser cannot close is searched again from
   * every later one: `[a](` repeated 25,000 times took 8.2 s, `[a][` is as slow; real paragraphs have tens.
   */
  paragraphBrackets: 250,
  /**
   * Emphasis delimiter runs (that can open or close) of one paragraph or table row: a closer that matches nothing
   * searches every opener before it (`a* ` x 4,000 took 0.45 s, x 16,000 about 7 s); real paragraphs have tens.
   */
  paragraphDelimiters: 500,
  /**
   * `[` (and `![`) of one page. Each link is a few nodes of the tree and, when it is a finding, a message: a page of
   * 70,000 short links (750 KB) took 53 s and 990 MB to check, one of 40,000 external links (1 MB) 22 s and 640 MB.
   * The real page with the most has about 250.
   */
  pageBrackets: 5000,
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

/**
 * The fence marker a line starts with (3 or more backticks or tildes): its character, length, and whether text
 * follows it (an info string; a closing fence has none) with a backtick in it (then the line is no fence).
 */
function fenceRun(text: string, i: number, end: number): { char: string; length: number; info: boolean; backtickInInfo: boolean } | null {
  const char = text[i];
  if (char !== '`' && char !== '~') return null;
  let j = i;
  while (j < end && text[j] === char) j++;
  if (j - i < 3) return null;
  let info = false;
  let backtickInInfo = false;
  for (let k = j; k < end; k++) {
    if (!isBlank(text[k]) && text[k] !== '\r') info = true;
    if (text[k] === '`') backtickInInfo = char === '`';
  }
  return { char, length: j - i, info, backtickInInfo };
}

/** Cells of a table row with `pipes` `|`: one more than its pipes, less a leading and a trailing one. */
function cellsOf(text: string, i: number, end: number, pipes: number): number {
  let last = end - 1;
  while (last > i && (isBlank(text[last]) || text[last] === '\r')) last--;
  return pipes + 1 - (text[i] === '|' ? 1 : 0) - (last > i && text[last] === '|' && text[last - 1] !== '\\' ? 1 : 0);
}

/** A table's delimiter row (`|---|:--:|`): only `|`, `-`, `:` and blanks, with a `-` and a `|`. */
function delimiterRow(text: string, i: number, end: number): boolean {
  let dash = false;
  let pipe = false;
  for (let j = i; j < end; j++) {
    const c = text[j];
    if (c === '-') dash = true;
    else if (c === '|') pipe = true;
    else if (c !== ':' && !isBlank(c) && c !== '\r') return false;
  }
  return dash && pipe;
}

/**
 * What the pass measures, in the order it measures it: the page's bytes first, then per line outside fenced code
 * the table the line is a row of (from its first line), the lists and block quotes open at the line, the first
 * inline count over its limit in the line's paragraph (`inline-scan.ts`), and the admonition the line opens.
 */
export type Measure =
  | { kind: 'page'; bytes: number }
  | { kind: 'table'; line: number; rows: number; cells: number }
  | { kind: 'containers'; line: number; column: number; depth: number }
  | { kind: 'inline'; line: number; column: number; over: InlineOver }
  | { kind: 'admonitions'; line: number; column: number; depth: number };

/** A limit rule's test of one measure: its message when the measure is over its limit, else null. */
export type MeasureVisitor = (measure: Measure) => Draft | null;

/** Every measure of the page to `visit`, up to the first it reports, which is returned; null when none. Linear time. */
export function scanLimits(text: string, visit: MeasureVisitor): Draft | null {
  const bytes = Buffer.byteLength(text, 'utf8');
  const byBytes = visit({ kind: 'page', bytes });
  if (byBytes) return byBytes;
  // Admonition depth from indentation: a nested admonition is indented 4 columns (a tab counts 4) per level.
  let line = 1;
  let fence: { char: string; length: number; column: number } | null = null;
  let rows = 0;
  let cells = 0;
  let tableLine = 0;
  // Content columns of the list items open above this line: an estimate of the nesting, in one pass.
  const items: number[] = [];
  // Content columns of the admonitions open above this line (4 past their marker); a less indented line closes one.
  const admonitions: number[] = [];
  // Link labels and emphasis of the paragraph this line is in, and whether the lines are a table's rows.
  const inline = new InlineScan(LIMITS);
  let tableBody = false;
  // Cells of the line before when it has a `|` (a table's header row), else -1.
  let headerCells = -1;
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
    if (i < end) while (admonitions.length > 0 && admonitions[admonitions.length - 1] > columns) admonitions.pop();
    // A fence opened in a list item or an admonition ends with it, at a line indented less than its content.
    if (fence && i < end && columns < fence.column) fence = null;
    const run = fenceRun(text, i, end);
    let inFence = fence !== null;
    if (fence) {
      if (run && run.char === fence.char && run.length >= fence.length && !run.info) fence = null;
    } else if (run && !run.backtickInInfo) {
      // Indented 4 columns or more past the list item or admonition it is in, it is indented code (or paragraph
      // text), no fence.
      const container = containerColumn(columns);
      if (columns - container < 4) {
        fence = { char: run.char, length: run.length, column: container };
        inFence = true;
      }
    }
    // Counted within the line only: a search past its end would make a long page of short lines quadratic.
    let pipes = 0;
    if (!inFence) for (let j = i; j < end; j++) if (text.charCodeAt(j) === 0x7c) pipes++;
    if (pipes === 0) rows = cells = 0;
    else if (rows++ === 0) tableLine = line;
    cells += pipes;
    if (pipes > 0) {
      const table = visit({ kind: 'table', line: tableLine, rows, cells });
      if (table) return table;
    }
    if (!inFence && i < end && !thematic(text, i, end)) {
      while (items.length > 0 && items[items.length - 1] > columns) items.pop();
      const opened = openers(text, i, end, columns);
      const nested = visit({ kind: 'containers', line, column: i - start + 1, depth: items.length + opened.length });
      if (nested) return nested;
      items.push(...opened.filter((c) => c >= 0));
    }
    const over = !inFence ? inlineLine(text, i, end, columns, pipes) : (inline.reset(), (headerCells = -1), null);
    if (over) {
      const complex = visit({ kind: 'inline', line, column: over.offset - start + 1, over });
      if (complex) return complex;
    }
    if (text.charCodeAt(i) === 0x21 || text.charCodeAt(i) === 0x3f) {
      const depth = Math.floor(columns / 4) + 1;
      const opens = !inFence && ADMONITION.test(text.slice(i, Math.min(end, i + 5)));
      if (opens) {
        const nested = visit({ kind: 'admonitions', line, column: i - start + 1, depth });
        if (nested) return nested;
        admonitions.push(columns + 4);
      }
    }
    start = end + 1;
  }
  return null;

  /** The content column of the innermost list item or admonition open at a line indented `columns` (0 outside both). */
  function containerColumn(columns: number): number {
    const admonition = admonitions.length > 0 ? admonitions[admonitions.length - 1] : 0;
    return Math.max(itemColumn(columns), admonition <= columns ? admonition : 0);
  }

  /** The content column of the innermost list item open at a line indented `columns` (0 outside lists). */
  function itemColumn(columns: number): number {
    let item = items.length - 1;
    while (item >= 0 && items[item] > columns) item--;
    return item >= 0 ? items[item] : 0;
  }

  /**
   * One line outside fenced code into the paragraph's inline counts. What surely starts a new paragraph starts
   * them afresh (a blank line, a heading, a bullet or `1.` item, a table's delimiter row under a header of as many
   * cells, each row of the table); anything else counts with the lines before it, so the counts never fall short.
   */
  function inlineLine(text: string, i: number, end: number, columns: number, pipes: number): InlineOver | null {
    const blank = i >= end || (i === end - 1 && text[i] === '\r');
    const row = pipes > 0 && delimiterRow(text, i, end) && cellsOf(text, i, end, pipes) === headerCells;
    headerCells = pipes > 0 ? cellsOf(text, i, end, pipes) : -1;
    if (blank || pipes === 0) tableBody = false;
    const block = columns - itemColumn(columns) < 4;
    const heading = block && /^#{1,6}(?:[ \t]|\r?$)/.test(text.slice(i, Math.min(end, i + 8)));
    const item = block && /^(?:[-*+]|1[.)])[ \t]+\S/.test(text.slice(i, Math.min(end, i + 8)));
    if (blank || row || heading || item || tableBody) inline.reset();
    if (row) tableBody = true;
    const over = inline.line(text, i, end);
    if (heading) inline.reset();
    return over;
  }
}
