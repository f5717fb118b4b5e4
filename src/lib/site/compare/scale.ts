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
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/** A linear scale from 0 (or the lowest value when negative) to a round value above the highest. */
export function linearScale(values: readonly number[], count = 5): Scale {
  const hi = Math.max(0, ...values);
  const lo = Math.min(0, ...values);
  const step = niceStep(lo, hi > lo ? hi : lo + 1, count);
  const top = Math.ceil((hi > lo ? hi : lo + 1) / step) * step;
  const bottom = Math.floor(lo / step) * step;
  const ticks: number[] = [];
  for (let v = bottom; v <= top + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return { log: false, domain: [bottom, top], ticks, at: (v) => (v - bottom) / (top - bottom) };
}

/** A base-10 log scale over whole decades around positive values; ticks at 1, 2 and 5 when few decades. */
export function logScale(values: readonly number[]): Scale {
  const positive = values.filter((v) => v > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.min(...positive)));
  let hi = 10 ** Math.ceil(Math.log10(Math.max(...positive)));
  if (hi <= lo) hi = lo * 10;
  const decades = Math.round(Math.log10(hi / lo));
  const ticks: number[] = [];
  for (let p = lo; p <= hi * 1.0001; p *= 10) {
    for (const m of decades <= 3 ? [1, 2, 5] : [1]) {
      const v = Number((p * m).toPrecision(12));
      if (v <= hi * 1.0001) ticks.push(v);
    }
  }
  const l0 = Math.log10(lo);
  const span = Math.log10(hi) - l0;
  return { log: true, domain: [lo, hi], ticks, at: (v) => (Math.log10(Math.max(v, lo)) - l0) / span };
}

/** Latency: log when the values span more than 20x, linear otherwise. */
export function latencyScale(values: readonly number[]): Scale {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return linearScale([1]);
  return Math.max(...positive) / Math.min(...positive) > 20 ? logScale(positive) : linearScale(positive);
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
