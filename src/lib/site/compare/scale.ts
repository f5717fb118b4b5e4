// Axis scales for the explorer's scatter: linear from zero for throughput, linear or logarithmic for latency
// (logarithmic when the values span more than a factor of 20), with round tick values.
import { grouped } from '../format.js';

export interface Scale {
  log: boolean;
  domain: [number, number];
  ticks: number[];
  /** Position in [0, 1] along the axis. */
  at(value: number): number;
}

/** Round steps (1, 2, 5 x 10^k) giving about `count` ticks over [lo, hi]. */
export function niceStep(lo: number, hi: number, count = 5): number {
  const raw = (hi - lo) / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  // A subnormal span (1e-324) has a power of ten that underflows to 0.
  if (!(power > 0)) return 1;
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/** Values a scale spans: finite ones, their magnitude capped at `MAX_MAGNITUDE` (so every tick stays finite). */
const MAX_MAGNITUDE = 1e300;
/** Most ticks an axis gets, whatever its domain. */
export const MAX_TICKS = 60;

const bounded = (values: readonly number[]): number[] =>
  values.filter(Number.isFinite).map((v) => Math.max(-MAX_MAGNITUDE, Math.min(MAX_MAGNITUDE, v)));

/** The least and greatest of `values` (no spread: any number of values). */
function extent(values: readonly number[], lo: number, hi: number): [number, number] {
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

/** A linear scale from 0 (or the lowest value when negative) to a round value above the highest. */
export function linearScale(values: readonly number[], count = 5): Scale {
  const [lo, hi] = extent(bounded(values), 0, 0);
  const span = hi > lo ? hi : lo + 1;
  const step = niceStep(lo, span, Math.min(count, MAX_TICKS));
  const top = Math.ceil(span / step) * step;
  const bottom = Math.floor(lo / step) * step;
  const ticks: number[] = [];
  // Counted, not accumulated: at most MAX_TICKS + 1 ticks whatever the domain.
  const n = Math.min(MAX_TICKS, Math.round((top - bottom) / step));
  for (let i = 0; i <= n; i++) ticks.push(Math.round((bottom + i * step) / step) * step);
  return { log: false, domain: [bottom, top], ticks, at: (v) => (v - bottom) / (top - bottom) };
}

/**
 * A base-10 log scale over whole decades around positive values; ticks at 1, 2 and 5 when few decades, at powers
 * of ten (every k-th decade past `MAX_TICKS` decades) otherwise. Decades are counted as whole exponents, within
 * 10^-300..10^300, so the ticks are finite and few whatever the values (5e-324 gave 0 and 1.5e308 Infinity, and
 * the tick loop never ended).
 */
export function logScale(values: readonly number[]): Scale {
  const positive = bounded(values).filter((v) => v > 0);
  if (positive.length === 0) return linearScale([1]);
  const [min, max] = extent(positive, Infinity, -Infinity);
  const e0 = Math.max(-300, Math.floor(Math.log10(min)));
  let e1 = Math.min(300, Math.ceil(Math.log10(max)));
  if (e1 <= e0) e1 = e0 + 1;
  const decades = e1 - e0;
  const stride = Math.ceil(decades / MAX_TICKS);
  const lo = 10 ** e0;
  const hi = 10 ** e1;
  const ticks: number[] = [];
  for (let e = e0; e <= e1; e += stride) {
    for (const m of decades <= 3 ? [1, 2, 5] : [1]) {
      const v = Number((m * 10 ** e).toPrecision(12));
      if (v <= hi * 1.0001) ticks.push(v);
    }
  }
  return { log: true, domain: [lo, hi], ticks, at: (v) => (Math.log10(Math.max(v, lo)) - e0) / decades };
}

/** Latency: log when the values span more than 20x, linear otherwise. */
export function latencyScale(values: readonly number[]): Scale {
  const positive = bounded(values).filter((v) => v > 0);
  if (positive.length === 0) return linearScale([1]);
  const [min, max] = extent(positive, Infinity, -Infinity);
  return max / min > 20 ? logScale(positive) : linearScale(positive);
}

/** `12,257.62`, `0.5`, `20k`: tick labels, short. */
export function tickLabel(v: number): string {
  if (Math.abs(v) >= 10_000) return `${Number((v / 1000).toPrecision(6))}k`;
  return grouped(Number(v.toPrecision(6)), 0, 3);
}

/** A value as the table shows it: grouped thousands, two decimals at most. */
export function formatValue(v: number, decimals = 2): string {
  return grouped(v, 0, decimals);
}
