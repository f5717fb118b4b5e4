/**
 * checkValue: a stated value restates a metric (or a derived value such as an R1 latency).
 *
 * Formula: `stated = round_half_up(metric, stated decimals)`.
 * Tolerance: a value printed at the metric's precision must be identical; a value printed with fewer
 * decimals must be the metric rounded half-up; extra decimals must be zeros (`3922.410`). A derived
 * operand (with an interval) is also accepted when its interval rounds to the stated value.
 * ok: `Total TPS: 6595.66` for `Total Token throughput (tok/s): 6595.66`; `MineIE (5634.4 tok/s)` for 5634.38.
 * not ok: `Total TPS: 6595.67` for 6595.66.
 */
import type { Metric } from '../schemas/run.js';
import { fromMetric, intervalOf, show, type Operand } from './operand.js';
import { judge, type CheckMode, type CheckResult, type StatedValue } from './result.js';

export interface CheckValueOptions {
  /** Defaults to `displayed` for derived operands (they carry an interval) and `exact` otherwise. */
  mode?: CheckMode;
  /** Name shown in the formula (the metric label, or e.g. `mean request latency (s)`). */
  label?: string;
}

function isMetric(x: Metric | Operand): x is Metric {
  return 'label' in x && 'name' in x;
}

/** Compare a stated value with a metric or operand. A metric without a value (`N/A`) is a mismatch. */
export function checkValue(stated: StatedValue, source: Metric | Operand, options: CheckValueOptions = {}): CheckResult {
  const operand = isMetric(source) ? fromMetric(source) : source;
  const label = options.label ?? (isMetric(source) ? source.label : 'value');
  if (!operand) {
    const text = isMetric(source) ? source.text : '?';
    return judge(stated, NaN, { lo: NaN, hi: NaN }, 'exact', `${label} = ${text}`, 'no value');
  }
  const mode = options.mode ?? (operand.interval ? 'displayed' : 'exact');
  const formula = `${label} = ${operand.text ?? show(operand)}`;
  const inputs = operand.interval ? 'derived value by its interval' : 'printed metric';
  return judge(stated, operand.value, intervalOf(operand), mode, formula, inputs);
}
