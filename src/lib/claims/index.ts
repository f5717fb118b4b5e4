/** The pure claim layer: printed numbers, intervals, checkers, and the parsers of stated numbers. */
export * from './number.js';
export * from './interval.js';
export { METRIC, EXACT_COUNTS, type MetricName } from './metrics.js';
export { fromMetric, intervalOf, type Operand } from './operand.js';
export * from './check.js';
export * from './chain.js';
export { visibleText, colorHint, type SignHint, type VisibleText, type Highlight } from './html.js';
export type { Stated, StatedRole } from './stated.js';
export { parseCell, pick, type ParsedCell } from './cells.js';
export * from './prose.js';
export * from './essay-table.js';
