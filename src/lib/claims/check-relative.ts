/**
 * checkRelativePercent: the percentages of P6 sentences.
 *
 * Formula: throughput `(P%)` = (A - B) / B x 100; TPOT `(q%)` = |a - b| / b x 100 (`absolute: true`),
 * where B / b is the second-named variant (the comparator).
 * Tolerance: half-up to the stated decimals; accepted when some inputs within +/- half a unit reproduce it
 * (interval mode by default, R5).
 * ok: `(92.8%)` for 9632.01 vs 4995.66; `(85.67%)` for 25.89 ms vs 180.73 ms.
 * not ok: `(92.9%)` for 9632.01 vs 4995.66.
 */
import { abs, divPositive, scale, sub } from '../numbers/interval.js';
import { inputsTolerance, intervalOf, show, type Operand } from './operand.js';
import { judge, type CheckMode, type CheckResult, type StatedValue } from './result.js';

export interface RelativePercentOptions {
  /** Use |A - B| (TPOT/TTFT percentages, which are printed without a sign). */
  absolute?: boolean;
  mode?: CheckMode;
}

export function checkRelativePercent(stated: StatedValue, a: Operand, b: Operand, options: RelativePercentOptions = {}): CheckResult {
  const diff = sub(intervalOf(a), intervalOf(b));
  const num = options.absolute ? abs(diff) : diff;
  const rawDiff = a.value - b.value;
  const raw = ((options.absolute ? Math.abs(rawDiff) : rawDiff) / b.value) * 100;
  const d = `${show(a)} - ${show(b)}`;
  return judge(
    stated,
    raw,
    scale(divPositive(num, intervalOf(b)), 100),
    options.mode ?? 'interval',
    `${options.absolute ? `|${d}|` : `(${d})`} / ${show(b)} x 100`,
    inputsTolerance([a, b]),
  );
}
