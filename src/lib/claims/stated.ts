/**
 * A stated number found in page text: what the parsers hand to the page model. Offsets are in the raw
 * text given to the parser (HTML included), so the caller adds them to the cell's or paragraph's column.
 */
import type { SignHint, VisibleText } from './html.js';
import { highlightAt, rawRange } from './html.js';
import { INVISIBLE_SOURCE, parseNumber, type PrintedNumber } from '../numbers/number.js';

/** An invisible character right before a number (after a digit or a sign), or right after it (before a digit). */
const INVISIBLE_EDGE = new RegExp(`\\d[.,]?${INVISIBLE_SOURCE}+$`, 'u');
const INVISIBLE_START = new RegExp(`^[.,]?${INVISIBLE_SOURCE}+[.,]?\\d`, 'u');

export type StatedRole =
  /** `Total TPS: 6595.66` (with `multiplier` for `21211.83x2`). */
  | 'total-tps'
  /** `Output TPS: 4401.21`: the output token throughput, where a report compares that. */
  | 'output-tps'
  /** `Mean TPOT(ms): 226.03`. */
  | 'mean-tpot'
  /** `Mean latency: 1.66s/req`, a bare `3.53s` cell, `Mean Latency = 5.32s`. */
  | 'mean-latency'
  /** `(+58.1%)`, `(+31.6%/GPU)`, a summary `+4.3%`, `(92.8%)`, `26.8% higher`. */
  | 'percent'
  /** `(2.7x faster)`, `(1.03x slower)`, a `1.50x` boost. */
  | 'ratio'
  /** `Success rate: 51.6%`. */
  | 'success-rate'
  /** `lower than previous +9.75%`. */
  | 'previous-percent'
  /** `faster by 4,636.35`, `reduced by 154.84 ms`. */
  | 'difference'
  /** Any other metric value (ranking values, transitions, `Total TPS = X`, essay-table values). */
  | 'value';

export interface Stated extends PrintedNumber {
  role: StatedRole;
  /** Raw start offset (0-based) of the claim text in the parsed text. */
  offset: number;
  /** Raw end offset (exclusive). */
  end: number;
  /** The claim as written from `offset` to `end` (`+58.1%`, `2.7x faster`, `21211.83x2`, `6595.66`). */
  claim: string;
  /** `%`, `x`, or the measurement unit written after the number (`tok/s`, `s`, `ms`), else ``. */
  unit: string;
  /** `xK` factor of a scaled cell. */
  multiplier?: number;
  /** `%/GPU`. */
  perGpu?: boolean;
  /** Ratio and percent wording: `x faster`, `x slower`, `% slower`. */
  direction?: 'faster' | 'slower';
  /** Sign hint from the highlight colour around the number. */
  hint?: SignHint;
}

/** Build a Stated from a visible-text match: `[start, end)` is the claim, `numberText` its number. */
export function statedAt(
  v: VisibleText,
  role: StatedRole,
  start: number,
  end: number,
  numberText: string,
  unit: string,
  extra: Partial<Pick<Stated, 'multiplier' | 'perGpu' | 'direction'>> = {},
): Stated | null {
  const n = parseNumber(numberText);
  if (!n) return null;
  // A number touching a character that prints nothing (`3\u200B200.00`) is not read as what it shows: no claim
  // (rule `number-invisible-character` reports it as an error at its column).
  const at = v.text.indexOf(numberText, start);
  if (at >= 0 && (INVISIBLE_EDGE.test(v.text.slice(Math.max(0, at - 8), at)) || INVISIBLE_START.test(v.text.slice(at + numberText.length))))
    return null;
  const range = rawRange(v, start, end);
  const h = highlightAt(v, start);
  const stated: Stated = { ...n, role, ...range, claim: v.text.slice(start, end), unit, ...extra };
  if (h?.hint) stated.hint = h.hint;
  return stated;
}

/** Source of a printed number inside a bigger pattern (no anchors, no flags). */
export { NUMBER_SOURCE as NUM } from '../numbers/number.js';
