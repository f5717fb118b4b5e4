/**
 * checkRatio: R3 latency ratios (`(2.7x faster)`, `(1.03x slower)`) and P7 `(Rx faster)`.
 *
 * Formula: `x faster` = baseline / optimized; `x slower` = optimized / baseline (for P7, pass the
 * larger value as `baseline` and use `faster`: max / min).
 * Tolerance: half-up to the stated decimals; accepted when some inputs within +/- half a unit of their last
 * printed digit reproduce it (interval mode by default).
 * ok: `(2.7x faster)` for 1.66 s -> 0.62 s; `(1.63x faster)` for 5.32 s -> 3.28 s (1.622, interval
 * [1.6180, 1.6260] holds 1.625). not ok: `(1.70x faster)` for 5.32 s -> 3.28 s.
 */
import { divPositive } from '../numbers/interval.js';
import { inputsTolerance, intervalOf, show, type Operand } from './operand.js';
import { judge, type CheckMode, type CheckResult, type StatedValue } from './result.js';

export type RatioDirection = 'faster' | 'slower';

export function checkRatio(
  stated: StatedValue,
  baseline: Operand,
  optimized: Operand,
  direction: RatioDirection,
  mode: CheckMode = 'interval',
): CheckResult {
  const [num, den] = direction === 'faster' ? [baseline, optimized] : [optimized, baseline];
  return judge(
    stated,
    num.value / den.value,
    divPositive(intervalOf(num), intervalOf(den)),
    mode,
    `${show(num)} / ${show(den)}`,
    inputsTolerance([num, den]),
  );
}
