/** F1: `vllm bench serve` "Serving Benchmark Result" (full, with max concurrency, without the Peak lines). */
import { parseBlock } from './block.js';
import { VLLM_HEAD, tokenLatencyLabels } from './labels.js';
import type { Format } from './types.js';

/** Labels in printed order; `Maximum request concurrency` and the two Peak lines are optional. */
export const VLLM_LABELS: readonly string[] = [...VLLM_HEAD, ...tokenLatencyLabels(['P99'])];

// The fallback format: any block that is neither sglang nor guidellm output.
const SIGN = /^[ \t]*(?:Successful requests|Total Token throughput \(tok\/s\)|Mean TTFT \(ms\))[ \t]*:/;

export const vllm: Format = {
  id: 'vllm',
  detect: (lines) => lines.some((l) => SIGN.test(l)),
  parse: parseBlock,
};
