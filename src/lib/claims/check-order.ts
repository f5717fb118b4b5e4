/**
 * checkOrder: a relation symbol between two neighbours of a P1/P2 ranking.
 *
 * Formula: `left > right`, `left < right` or `left = right` on the displayed values; a `Not supported`
 * entry (null) ranks last: lowest for throughput (`missing: 'lowest'`), highest for latency.
 * Tolerance: none; two entries printed alike are equal.
 * ok: `SGLang (8424.86 tok/s) > TensorRT-LLM (8315.15 tok/s)`; `SGLang(Not supported) = TensorRT-LLM (Not supported)`.
 * not ok: `vLLM (1.68 s) > TensorRT-LLM (1.74 s)`.
 */
import type { Operand } from './operand.js';
import { show } from './operand.js';

export type RelationSymbol = '>' | '<' | '=';

export interface OrderResult {
  verdict: 'verified' | 'mismatch';
  /** The relation that actually holds. */
  actual: RelationSymbol;
  formula: string;
  tolerance: string;
}

export interface OrderOptions {
  /** Where a missing (`Not supported`) value sorts; `lowest` by default (throughput rankings). */
  missing?: 'lowest' | 'highest';
}

export function checkOrder(symbol: RelationSymbol, left: Operand | null, right: Operand | null, options: OrderOptions = {}): OrderResult {
  const missing = options.missing === 'highest' ? Infinity : -Infinity;
  const l = left ? left.value : missing;
  const r = right ? right.value : missing;
  const actual: RelationSymbol = l > r ? '>' : l < r ? '<' : '=';
  const name = (o: Operand | null) => (o ? show(o) : 'not supported');
  return {
    verdict: actual === symbol ? 'verified' : 'mismatch',
    actual,
    formula: `${name(left)} ${actual} ${name(right)}`,
    tolerance: 'displayed values compared as printed; not supported ranks last',
  };
}
