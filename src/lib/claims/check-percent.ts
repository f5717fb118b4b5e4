/**
 * checkPercentChange: R2 throughput improvements and R4 latency improvements.
 *
 * Formula: `(optimized x K / G / baseline - 1) x 100` where K is the `xK` multiplier of a scaled cell
 * (`21211.83x2`) and G the GPU count of a `/GPU` cell; for lower-is-better metrics (latency, R4)
 * `(baseline / optimized - 1) x 100`.
 * Tolerance: half-up once to the stated decimals; `displayed` mode computes from the displayed inputs and
 * also accepts the input intervals (+/- half a unit each); `interval` mode accepts the intervals only.
 * ok: `(+58.1%)` for 6595.66 -> 10426.27; `(-0.0%)` for 29730.30 -> 29718.21; `+4.3%` for 1.68 s -> 1.61 s.
 * not ok: `(+10.7%)` for 2771.81 -> 4068.16 (that is +46.8%).
 */
import { divPositive, scale, shift } from '../numbers/interval.js';
import { inputsTolerance, intervalOf, show, type Operand } from './operand.js';
import { judge, type CheckMode, type CheckResult, type StatedValue } from './result.js';

export interface PercentChangeOptions {
  /** K of an `xK` cell: the optimized value is multiplied by K. */
  multiplier?: number;
  /** GPU count of a `/GPU` cell: the optimized value is divided by it. */
  perGpu?: number;
  /** `higher` (throughput, default) or `lower` (latency: an improvement is baseline / optimized). */
  better?: 'higher' | 'lower';
  mode?: CheckMode;
}

export function checkPercentChange(
  stated: StatedValue,
  baseline: Operand,
  optimized: Operand,
  options: PercentChangeOptions = {},
): CheckResult {
  const k = options.multiplier ?? 1;
  const g = options.perGpu ?? 1;
  const factor = k / g;
  const opt = scale(intervalOf(optimized), factor);
  const base = intervalOf(baseline);
  let optText = show(optimized);
  if (k !== 1) optText += ` x ${k}`;
  if (g !== 1) optText += ` / ${g}`;
  const lower = options.better === 'lower';
  const ratio = lower ? divPositive(base, opt) : divPositive(opt, base);
  const raw = lower ? (baseline.value / (optimized.value * factor) - 1) * 100 : ((optimized.value * factor) / baseline.value - 1) * 100;
  const formula = lower ? `(${show(baseline)} / ${optText} - 1) x 100` : `(${optText} / ${show(baseline)} - 1) x 100`;
  return judge(stated, raw, scale(shift(ratio, -1), 100), options.mode ?? 'displayed', formula, inputsTolerance([baseline, optimized]));
}
