/**
 * Operands of a check: a displayed number (stated on the page or printed in a run) together with the
 * interval of raw values it stands for.
 */
import type { Metric } from '../schemas/run.js';
import { displayed, point, type Interval } from '../numbers/interval.js';
import { formatFixed, halfUnit } from '../numbers/number.js';

/** What checkers accept as an input: a printed number, a metric, or a derived value with its interval. */
export interface Operand {
  value: number;
  /** Printed decimals; the formula shows the value at this precision. */
  decimals: number;
  /** Text as printed, when known. */
  text?: string;
  /** Raw values the operand stands for; defaults to the displayed interval. */
  interval?: Interval;
  /** True for exact values (integer counts, GPU counts): no rounding interval. */
  exact?: boolean;
}

/** The operand's interval: explicit, exact, or +/- half a unit of its last digit. */
export function intervalOf(o: Operand): Interval {
  if (o.interval) return o.interval;
  return o.exact ? point(o.value) : displayed(o.value, o.decimals);
}

/** The operand as the formula prints it. */
export function show(o: Operand): string {
  return formatFixed(o.value, o.decimals);
}

/** A metric as an operand; null when it has no finite value (`N/A`, `inf`, a backend name). */
export function fromMetric(metric: Metric, exact = false): Operand | null {
  if (metric.value === null || !Number.isFinite(metric.value)) return null;
  return { value: metric.value, decimals: metric.decimals, text: metric.text, exact };
}

/** `inputs +/- 0.005` (or `+/- 0.005, 0.5` when precisions differ); exact inputs add nothing. */
export function inputsTolerance(operands: readonly Operand[]): string {
  const halves = [...new Set(operands.filter((o) => !o.exact && !o.interval).map((o) => formatHalf(o.decimals)))];
  const derived = operands.some((o) => o.interval) ? ['derived inputs by their own intervals'] : [];
  const parts = [...(halves.length ? [`inputs +/- ${halves.join(', ')}`] : []), ...derived];
  return parts.length ? parts.join('; ') : 'exact inputs';
}

function formatHalf(decimals: number): string {
  return formatFixed(halfUnit(decimals), decimals + 1);
}
