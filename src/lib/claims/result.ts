/**
 * The common verdict of every numeric checker: compare a stated number with the exact recomputation from
 * the displayed inputs and with the interval of values the inputs stand for.
 */
import type { Interval } from './interval.js';
import { roundsTo } from './interval.js';
import { roundHalfUp } from './number.js';

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
  const intervalOk = mode !== 'exact' && roundsTo(interval, stated.value, stated.decimals);
  const accepted = exactOk ? 'exact' : intervalOk ? 'interval' : null;
  const rule =
    mode === 'exact'
      ? 'displayed inputs, no interval'
      : mode === 'displayed'
        ? `displayed inputs, else ${inputs} (interval)`
        : `${inputs} (interval)`;
  return {
    verdict: accepted ? 'verified' : 'mismatch',
    recomputed,
    formula,
    tolerance: `half-up to ${decimalsWord(stated.decimals)}; ${rule}`,
    accepted,
    raw,
    interval,
  };
}
