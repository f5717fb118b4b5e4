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
   * Consecutive table rows (lines with a `|` outside fenced code). Real tables have tens of rows; a 75k-row table
   * took 12.5 s and 1.8 GB before this limit.
   */
  tableRows: 2000,
} as const;

const ADMONITION = /^(?:!!!|\?\?\?\+?)[ \t]/;

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
  let tableLine = 0;
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
    const pipe = fence === null && !marker && text.indexOf('|', i) >= 0 && text.indexOf('|', i) < end;
    if (!pipe) rows = 0;
    else if (rows++ === 0) tableLine = line;
    if (rows > LIMITS.tableRows) {
      return {
        ruleId: 'table-too-large',
        severity: 'error',
        line: tableLine,
        column: 1,
        message: `Table of more than ${LIMITS.tableRows} rows is over the limit; the page is not parsed. Split the table, or put the raw data in a fenced block.`,
        expected: `at most ${LIMITS.tableRows} table rows`,
        actual: `more than ${LIMITS.tableRows} rows`,
      };
    }
    if (text.charCodeAt(i) === 0x21 || text.charCodeAt(i) === 0x3f) {
      const depth = Math.floor(columns / 4) + 1;
      if (depth > LIMITS.admonitionDepth && ADMONITION.test(text.slice(i, Math.min(end, i + 5)))) {
        return {
          ruleId: 'nesting-too-deep',
          severity: 'error',
          line,
          column: i - start + 1,
          message: `Admonition nested ${depth} deep is over the limit of ${LIMITS.admonitionDepth}; the page is not parsed. Flatten the nesting.`,
          expected: `at most ${LIMITS.admonitionDepth} nested admonitions`,
          actual: `${depth} nested admonitions`,
        };
      }
    }
    start = end + 1;
  }
  return null;
}
