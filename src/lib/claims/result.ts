/**
 * The common verdict of every numeric checker: compare a stated number with the exact recomputation from
 * the displayed inputs and with the interval of values the inputs stand for.
 */
import type { Interval } from '../numbers/interval.js';
import { roundsTo } from '../numbers/interval.js';
import { roundHalfUp } from '../numbers/number.js';

/**
 * How a stated number is accepted.
 * - `displayed`: old pages (R2, R4): computed from the displayed inputs and rounded once; a value that only
 *   the input intervals reproduce is accepted too (reported as `accepted: 'interval'`).
 * - `interval`: new-page sentences and ratios (R3, R5): accepted when some inputs within their rounding
 *   intervals reproduce it.
 * - `exact`: only the displayed arithmetic, no interval.
 */
export type CheckMode = 'displayed' | 'interval' | 'exact';

export interface CheckResult {
  verdict: 'verified' | 'mismatch';
  /** The exact recomputation from the displayed inputs, rounded half-up to the stated precision. */
  recomputed: number;
  /** The formula with its inputs (`(10426.27 / 6595.66 - 1) x 100`). */
  formula: string;
  /** The rule applied (`half-up to 1 decimal; inputs +/- 0.005 (interval)`). */
  tolerance: string;
  /** Which arithmetic reproduced the stated value; null on a mismatch. */
  accepted: 'exact' | 'interval' | null;
  /** The unrounded recomputation and its interval, for "where did this come from" views. */
  raw: number;
  interval: Interval;
  /**
   * On a mismatch: true when the stated value is within one unit of its last printed digit of the recomputation
   * (see `withinOneUnit`): a truncated or mis-rounded value rather than a wrong one.
   */
  rounding: boolean;
}

/** The stated side of a comparison: its value and printed precision. */
export interface StatedValue {
  value: number;
  decimals: number;
}

function decimalsWord(d: number): string {
  return `${d} decimal${d === 1 ? '' : 's'}`;
}

/** Judge `stated` against `raw` (exact displayed arithmetic) and `interval` under `mode`. */
export function judge(stated: StatedValue, raw: number, interval: Interval, mode: CheckMode, formula: string, inputs: string): CheckResult {
  const recomputed = roundHalfUp(raw, stated.decimals);
  // A stated `-0.0` claims a (tiny) decrease: the exact value must be below zero too.
  const exactOk = Number.isFinite(raw) && recomputed === stated.value && (!Object.is(stated.value, -0) || raw < 0 || Object.is(raw, -0));
  // A division by an input that may be 0 (a baseline printed `0.00`) has no finite result: nothing it states holds.
  const bounded = Number.isFinite(interval.lo) && Number.isFinite(interval.hi);
  const intervalOk = mode !== 'exact' && bounded && roundsTo(interval, stated.value, stated.decimals);
  const accepted = exactOk ? 'exact' : intervalOk ? 'interval' : null;
  const rule =
    (mode === 'exact'
      ? 'displayed inputs, no interval'
      : mode === 'displayed'
        ? `displayed inputs, else ${inputs} (interval)`
        : `${inputs} (interval)`) + (bounded ? '' : '; a divisor that may be 0 gives no finite result');
  return {
    verdict: accepted ? 'verified' : 'mismatch',
    rounding: !accepted && withinOneUnit(stated, raw, interval),
    recomputed,
    formula,
    tolerance: `half-up to ${decimalsWord(stated.decimals)}; ${rule}`,
    accepted,
    raw,
    interval,
  };
}

/**
 * A rounding-only difference: the distance from the stated value to the nearest value the inputs allow (the
 * exact recomputation from the displayed inputs, or any point of its interval) is at most one unit of the stated
 * value's last printed digit (10^-decimals). A truncated `5634.4` for 5634.45, a `+21.1%` for 21.04 % are; a
 * `+47.1%` for 46.87 % (2.3 units) is not.
 */
export function withinOneUnit(stated: StatedValue, raw: number, interval: Interval): boolean {
  if (!Number.isFinite(raw)) return false;
  const unit = 10 ** -stated.decimals;
  const slack = 1e-9 * Math.max(1, Math.abs(stated.value));
  const lo = Number.isFinite(interval.lo) ? Math.min(interval.lo, raw) : raw;
  const hi = Number.isFinite(interval.hi) ? Math.max(interval.hi, raw) : raw;
  const distance = stated.value < lo ? lo - stated.value : stated.value > hi ? stated.value - hi : 0;
  return distance <= unit + slack;
}
