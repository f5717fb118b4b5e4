/** The pure claim checkers, one per file; this module only gathers them for the page-model layer. */
export { checkValue, type CheckValueOptions } from './check-value.js';
export { checkPercentChange, type PercentChangeOptions } from './check-percent.js';
export { checkRatio, type RatioDirection } from './check-ratio.js';
export { checkDifference } from './check-difference.js';
export { checkRelativePercent, type RelativePercentOptions } from './check-relative.js';
export { checkOrder, type OrderResult, type OrderOptions, type RelationSymbol } from './check-order.js';
export { meanRequestLatencyS, requestLatencyS, type Derived } from './latency.js';
export type { CheckMode, CheckResult, StatedValue } from './result.js';
export type { Operand } from './operand.js';
