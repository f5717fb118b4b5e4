/**
 * Conclusion and summary-table cells (FORMATS.md 4.1, 4.2): every stated number of a raw cell, with its
 * raw offset. Examples:
 *   `Total TPS: 10426.27 <span style="background-color:lightgreen;">(+58.1%)</span><br>Mean TPOT(ms): 251.67`
 *   `Total TPS: 21211.83x2 <span ...>(+189.2%)</span>`, `(+31.6%/GPU)`, `Mean latency: 0.62s/req (2.7x faster)`,
 *   `3.53s`, `<span ...>+4.3%</span>`, `-`, `(Success rate: 51.6%, optimization skipped)`,
 *   `(+7.60%,lower than previous +9.75%, optimization skipped in final command)`.
 */
import { endOnLine, visibleText, type SignHint, type VisibleText } from './html.js';
import { NUM, statedAt, type Stated, type StatedRole } from './stated.js';
import { DECIMAL_COMMA_SOURCE } from '../numbers/number.js';

export interface ParsedCell {
  /** Every stated number in source order. */
  items: Stated[];
  /** A `-` cell: the option was not adopted (or brought no gain). */
  notAdopted: boolean;
  /** `optimization skipped`, or `skipped in final command` when the note says so. */
  skipped: 'skipped' | 'skipped-in-final-command' | null;
  /** Sign hint of the cell's highlight, when it has one. */
  hint: SignHint | null;
  /** The cell's visible text (tags removed, `<br>` as a line break). */
  text: string;
}

const TPS = new RegExp(String.raw`Total\s+TPS\s*:\s*(${NUM})(?:\s*x\s*(\d+))?`, 'gdi');
const OUTPUT_TPS = new RegExp(String.raw`Output\s+TPS\s*:\s*(${NUM})`, 'gdi');
const TPOT = new RegExp(String.raw`Mean\s+TPOT\s*\(ms\)\s*:\s*(${NUM})`, 'gdi');
const LATENCY = new RegExp(String.raw`Mean\s+latency\s*:\s*(${NUM})\s*(s(?:/req)?)`, 'gdi');
const PAREN = /\(([^()]*)\)/dg;
// `(+58,9%)`: a change written with a decimal comma is read as such (not left unread).
const PERCENT_HEAD = new RegExp(String.raw`^\s*(${DECIMAL_COMMA_SOURCE}|${NUM})\s*%(\s*/\s*GPU)?`, 'di');
const RATIO_HEAD = new RegExp(String.raw`^\s*(${NUM})\s*x\s+(faster|slower)`, 'di');
const SUCCESS = new RegExp(String.raw`Success\s+rate\s*:\s*(${NUM})\s*%`, 'dgi');
const PREVIOUS = new RegExp(String.raw`lower\s+than\s+previous\s*(${NUM})\s*%`, 'dgi');
const BARE_PERCENT = new RegExp(String.raw`^\s*(${DECIMAL_COMMA_SOURCE}|${NUM})\s*%\s*$`, 'd');
const BARE_LATENCY = new RegExp(String.raw`^\s*(${NUM})\s*(s(?:/req)?)\s*$`, 'd');
const BARE_VALUE = new RegExp(String.raw`^\s*(${NUM})\s*$`, 'd');

type Indices = [number, number];

function push(
  out: Stated[],
  v: VisibleText,
  role: StatedRole,
  claim: Indices,
  num: Indices,
  unit: string,
  extra: Parameters<typeof statedAt>[6] = {},
): void {
  const s = statedAt(v, role, claim[0], endOnLine(v, num[1], claim[1]), v.text.slice(num[0], num[1]), unit, extra);
  if (s) out.push(s);
}

/** Numbers inside one `( ... )` group starting at visible offset `base`. */
function parenItems(v: VisibleText, inner: string, base: number, out: Stated[]): void {
  const pct = PERCENT_HEAD.exec(inner);
  const at = (i: Indices): Indices => [base + i[0], base + i[1]];
  if (pct?.indices) {
    const end = pct.indices[0]![1];
    push(out, v, 'percent', at([pct.indices[1]![0], end]), at(pct.indices[1] as Indices), '%', pct[2] ? { perGpu: true } : {});
  }
  const ratio = RATIO_HEAD.exec(inner);
  if (ratio?.indices) {
    const dir = ratio[2].toLowerCase() as 'faster' | 'slower';
    push(out, v, 'ratio', at([ratio.indices[1]![0], ratio.indices[0]![1]]), at(ratio.indices[1] as Indices), 'x', { direction: dir });
  }
  for (const [re, role] of [
    [SUCCESS, 'success-rate'],
    [PREVIOUS, 'previous-percent'],
  ] as const) {
    re.lastIndex = 0;
    for (const m of inner.matchAll(re)) {
      const g = m.indices?.[1];
      if (g) push(out, v, role, at([g[0], g[1] + inner.slice(g[1]).indexOf('%') + 1]), at(g as Indices), '%');
    }
  }
}

/** A number written right after a label's value, separated by blanks only (`Total TPS: 6595.66 9999.99`). */
const FURTHER = new RegExp(String.raw`[ \t]+(${NUM})(?![\d.,]*\s*(?:x\s*\d|%))`, 'dy');

/**
 * Every further number after a label's value is stated for the same label and judged as such: a cell that writes
 * two values for one metric states both (only the first was read, and a wrong second passed).
 */
function further(out: Stated[], v: VisibleText, from: number, role: StatedRole, unit: string): void {
  FURTHER.lastIndex = from;
  for (let m = FURTHER.exec(v.text); m; m = FURTHER.exec(v.text)) {
    const d = m.indices![1] as Indices;
    push(out, v, role, d, d, unit);
  }
}

/** Parse one raw cell. Unknown text yields no items; never throws. */
export function parseCell(raw: string): ParsedCell {
  const v = visibleText(raw);
  const text = v.text;
  const items: Stated[] = [];
  const trimmed = text.trim();
  const notAdopted = /^[-\u2013\u2014]$/.test(trimmed);
  const cellHint = v.highlights.find((h) => h.hint)?.hint ?? null;
  const skip = /optimization\s+skipped(\s+in\s+final\s+command)?/i.exec(text);
  const skipped = skip ? (skip[1] ? 'skipped-in-final-command' : 'skipped') : null;
  if (notAdopted) return { items, notAdopted, skipped, hint: cellHint, text };

  for (const m of text.matchAll(TPS)) {
    const d = m.indices!;
    const extra = m[2] ? { multiplier: Number(m[2]) } : {};
    push(items, v, 'total-tps', [d[1]![0], d[2] ? d[2][1] : d[1]![1]], d[1] as Indices, 'tok/s', extra);
    further(items, v, m.index + m[0].length, 'total-tps', 'tok/s');
  }
  for (const m of text.matchAll(OUTPUT_TPS)) {
    push(items, v, 'output-tps', m.indices![1] as Indices, m.indices![1] as Indices, 'tok/s');
    further(items, v, m.index + m[0].length, 'output-tps', 'tok/s');
  }
  for (const m of text.matchAll(TPOT)) {
    push(items, v, 'mean-tpot', m.indices![1] as Indices, m.indices![1] as Indices, 'ms');
    further(items, v, m.index + m[0].length, 'mean-tpot', 'ms');
  }
  for (const m of text.matchAll(LATENCY)) {
    push(items, v, 'mean-latency', m.indices![1] as Indices, m.indices![1] as Indices, 's');
    further(items, v, m.index + m[0].length, 'mean-latency', 's');
  }
  for (const m of text.matchAll(PAREN)) parenItems(v, m[1], m.indices![1]![0], items);

  if (items.length === 0) {
    const bare =
      (BARE_PERCENT.exec(text) && (['percent', BARE_PERCENT, '%'] as const)) ||
      (BARE_LATENCY.exec(text) && (['mean-latency', BARE_LATENCY, 's'] as const)) ||
      (BARE_VALUE.exec(text) && (['value', BARE_VALUE, ''] as const));
    if (bare) {
      const [role, re, unit] = bare;
      const d = re.exec(text)!.indices!;
      const claimEnd = role === 'percent' ? text.indexOf('%', d[1]![1]) + 1 : d[1]![1];
      push(items, v, role, [d[1]![0], claimEnd], d[1] as Indices, unit);
    }
  }
  items.sort((a, b) => a.offset - b.offset);
  return { items, notAdopted, skipped, hint: cellHint, text };
}

/** The first item of a role (`total-tps`, `percent` ...), or null. */
export function pick(cell: ParsedCell, role: StatedRole): Stated | null {
  return cell.items.find((s) => s.role === role) ?? null;
}

/** `~unchanged (1.07x)`, `slower (+12%)`: a change in brackets after a word or two (in a change column). */
const WORDED_CHANGE = /^([^()\d|]{1,24})\(([^()]*)\)([\s*_]*)$/;

/** A worded change cell read as its change alone: the words and brackets blanked (offsets kept); else the text. */
export function unworded(text: string): string {
  const m = WORDED_CHANGE.exec(text);
  if (!m || !/[%x倍배]$/.test(m[2].trimEnd())) return text;
  return `${' '.repeat(m[1].length + 1)}${m[2]} ${m[3]}`;
}
