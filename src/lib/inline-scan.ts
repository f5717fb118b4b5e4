/**
 * What the inline parser of one paragraph would have to resolve, counted in one forward pass over its lines (for
 * the page limits, `limits.ts`): link labels (`[`, `![`) and emphasis delimiters (`*`, `_`, `~`), how many and
 * how deeply they nest. The counts are upper bounds of what the parser sees: code spans, autolinks and HTML are
 * not told apart (their brackets and stars count too), and a paragraph is every line up to a blank line, a
 * heading, a fence, a new list item or a table row.
 */

/** Which count went over its limit, and how far. */
export interface InlineOver {
  what: 'emphasis' | 'brackets' | 'bracket-count' | 'delimiter-count' | 'page-bracket-count';
  /** 0-based offset in the text of the character that went over. */
  offset: number;
  count: number;
  limit: number;
}

export interface InlineLimits {
  emphasisDepth: number;
  bracketDepth: number;
  paragraphBrackets: number;
  paragraphDelimiters: number;
  pageBrackets: number;
}

const isSpace = (c: string) => c === '' || /\s/u.test(c);
const PUNCTUATION = /[\p{P}\p{S}]/u;
const isPunct = (c: string) => c !== '' && PUNCTUATION.test(c);

/** The character before `at` (a whole surrogate pair), or '' at the start of the text. */
function charBefore(text: string, at: number): string {
  if (at <= 0) return '';
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text[at - 1];
}

/** The character at `at` (a whole surrogate pair), or '' at the end of the line. */
function charAt(text: string, at: number, end: number): string {
  if (at >= end) return '';
  const high = text.charCodeAt(at);
  return high >= 0xd800 && high <= 0xdbff && at + 1 < end ? text.slice(at, at + 2) : text[at];
}

/** The running counts of one paragraph; `reset` starts the next. */
export class InlineScan {
  /** `[` of the whole page (not reset by `reset`). */
  private pageBrackets = 0;
  private brackets = 0;
  private openBrackets = 0;
  private delimiters = 0;
  /** Per delimiter character, the lengths of the runs still open (innermost last). */
  private open = new Map<string, number[]>();
  private openChars = 0;

  constructor(private readonly limits: InlineLimits) {}

  reset(): void {
    this.brackets = this.openBrackets = this.delimiters = this.openChars = 0;
    this.open.clear();
  }

  /** Scan `text[start, end)`, a line of the paragraph; the first count over its limit, or null. Linear. */
  line(text: string, start: number, end: number): InlineOver | null {
    const L = this.limits;
    for (let k = start; k < end; k++) {
      const c = text[k];
      if (c === '\\') k++;
      else if (c === '[') {
        if (++this.pageBrackets > L.pageBrackets)
          return { what: 'page-bracket-count', offset: k, count: this.pageBrackets, limit: L.pageBrackets };
        if (++this.brackets > L.paragraphBrackets)
          return { what: 'bracket-count', offset: k, count: this.brackets, limit: L.paragraphBrackets };
        if (++this.openBrackets > L.bracketDepth) return { what: 'brackets', offset: k, count: this.openBrackets, limit: L.bracketDepth };
      } else if (c === ']') {
        if (this.openBrackets > 0) this.openBrackets--;
      } else if (c === '*' || c === '_' || c === '~') {
        let j = k + 1;
        while (j < end && text[j] === c) j++;
        const over = this.run(text, k, j, end, c);
        if (over) return over;
        k = j - 1;
      }
    }
    return null;
  }

  /**
   * A delimiter run `text[k, j)`: whether it can open or close by the flanking rules, then a closer takes back
   * the characters still open (innermost first) and what is left of an opener stays open.
   */
  private run(text: string, k: number, j: number, end: number, c: string): InlineOver | null {
    const L = this.limits;
    const before = charBefore(text, k);
    const after = charAt(text, j, end);
    const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
    const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
    const opens = c === '_' ? left && (!right || isPunct(before)) : left;
    const closes = c === '_' ? right && (!left || isPunct(after)) : right;
    if (!opens && !closes) return null;
    if (++this.delimiters > L.paragraphDelimiters)
      return { what: 'delimiter-count', offset: k, count: this.delimiters, limit: L.paragraphDelimiters };
    let rest = j - k;
    const stack = this.open.get(c) ?? [];
    if (closes) {
      while (rest > 0 && stack.length > 0) {
        const take = Math.min(rest, stack[stack.length - 1]);
        rest -= take;
        this.openChars -= take;
        if ((stack[stack.length - 1] -= take) === 0) stack.pop();
      }
    }
    if (opens && rest > 0) {
      stack.push(rest);
      this.open.set(c, stack);
      this.openChars += rest;
      if (this.openChars > L.emphasisDepth) return { what: 'emphasis', offset: k, count: this.openChars, limit: L.emphasisDepth };
    }
    return null;
  }
}
