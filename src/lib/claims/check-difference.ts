/**
 * checkDifference: P6/P7 `faster by D`, `reduced|increased by d ms`.
 *
 * Formula: `|A - B|`.
 * Tolerance: half-up to the stated decimals; accepted when some inputs within +/- half a unit reproduce it
 * (interval mode by default: the sentences are computed from raw values, R5).
 * ok: `faster by 4,636.35 tok/s` for 9632.01 vs 4995.66; `faster by 1005.62` where the displayed values
 * give 1005.63. not ok: `faster by 19.93s` for 5.32 s vs 25.15 s.
 */
import { abs, sub } from '../numbers/interval.js';
import { inputsTolerance, intervalOf, show, type Operand } from './operand.js';
import { judge, type CheckMode, type CheckResult, type StatedValue } from './result.js';

export function checkDifference(stated: StatedValue, a: Operand, b: Operand, mode: CheckMode = 'interval'): CheckResult {
  return judge(
    stated,
    Math.abs(a.value - b.value),
    abs(sub(intervalOf(a), intervalOf(b))),
    mode,
    `|${show(a)} - ${show(b)}|`,
    inputsTolerance([a, b]),
  );
}
