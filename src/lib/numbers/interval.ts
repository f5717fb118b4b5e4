/**
 * Closed-interval arithmetic over displayed values. A value printed with d decimals stands for any x in
 * [v - h, v + h], h = half a unit of the last digit; propagating those intervals through a formula tells
 * whether a stated result could come from the raw (unrounded) values (FORMATS.md R3, R5).
 */
import { halfUnit } from './number.js';

export interface Interval {
  lo: number;
  hi: number;
}

/** The exact value v as a degenerate interval (integer counts, GPU counts, multipliers). */
export function point(v: number): Interval {
  return { lo: v, hi: v };
}

/** Every x that prints as `value` with `decimals` places. */
export function displayed(value: number, decimals: number): Interval {
  const h = halfUnit(decimals);
  return { lo: value - h, hi: value + h };
}

export function add(a: Interval, b: Interval): Interval {
  return { lo: a.lo + b.lo, hi: a.hi + b.hi };
}

export function sub(a: Interval, b: Interval): Interval {
  return { lo: a.lo - b.hi, hi: a.hi - b.lo };
}

/** General product: the extremes are among the four corner products. */
export function mul(a: Interval, b: Interval): Interval {
  const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
  return { lo: Math.min(...p), hi: Math.max(...p) };
}

/** General quotient; a divisor interval touching zero yields the whole line. */
export function div(a: Interval, b: Interval): Interval {
  if (b.lo <= 0 && b.hi >= 0) return { lo: -Infinity, hi: Infinity };
  return mul(a, { lo: 1 / b.hi, hi: 1 / b.lo });
}

/** Quotient of positive intervals (throughputs, latencies): the common case, without corner search. */
export function divPositive(a: Interval, b: Interval): Interval {
  if (b.lo <= 0) return div(a, b);
  return { lo: a.lo / b.hi, hi: a.hi / b.lo };
}

/** Multiply by a constant (a percentage factor, a GPU count). */
export function scale(a: Interval, k: number): Interval {
  return k >= 0 ? { lo: a.lo * k, hi: a.hi * k } : { lo: a.hi * k, hi: a.lo * k };
}

/** Shift by a constant. */
export function shift(a: Interval, k: number): Interval {
  return { lo: a.lo + k, hi: a.hi + k };
}

/** |a|: folds an interval straddling zero onto [0, max]. */
export function abs(a: Interval): Interval {
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return { lo: -a.hi, hi: -a.lo };
  return { lo: 0, hi: Math.max(-a.lo, a.hi) };
}

// Float slack on the boundaries: a tie that is exact in decimals must not be lost to binary noise.
const EPS = 1e-9;

/**
 * True when some x in `interval` rounds half-up to `stated` at `decimals` places. Boundaries are taken
 * as closed (a measure-zero leniency). A stated negative zero (`-0.0`) also needs some x below zero.
 */
export function roundsTo(interval: Interval, stated: number, decimals: number): boolean {
  const h = halfUnit(decimals);
  const slack = EPS * Math.max(1, Math.abs(stated));
  if (interval.hi < stated - h - slack || interval.lo > stated + h + slack) return false;
  // ... or a negative zero itself (`-0` restating a printed `-0`).
  if (Object.is(stated, -0)) return interval.lo < 0 || Object.is(interval.lo, -0);
  return true;
}
