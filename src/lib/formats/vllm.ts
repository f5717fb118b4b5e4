/** F1: `vllm bench serve` "Serving Benchmark Result" (full, with max concurrency, without the Peak lines). */
import { parseBlock } from './block.js';
import type { Format } from './types.js';

/** Labels in printed order; `Maximum request concurrency` and the two Peak lines are optional. */
export const VLLM_LABELS = [
  'Successful requests',
  'Maximum request concurrency',
  'Benchmark duration (s)',
  'Total input tokens',
  'Total generated tokens',
  'Request throughput (req/s)',
  'Output token throughput (tok/s)',
  'Peak output token throughput (tok/s)',
  'Peak concurrent requests',
  'Total Token throughput (tok/s)',
  'Mean TTFT (ms)',
  'Median TTFT (ms)',
  'P99 TTFT (ms)',
  'Mean TPOT (ms)',
  'Median TPOT (ms)',
  'P99 TPOT (ms)',
  'Mean ITL (ms)',
  'Median ITL (ms)',
  'P99 ITL (ms)',
] as const;

// The fallback format: any block that is neither sglang nor guidellm output.
const SIGN = /^[ \t]*(?:Successful requests|Total Token throughput \(tok\/s\)|Mean TTFT \(ms\))[ \t]*:/;

export const vllm: Format = {
  id: 'vllm',
  detect: (lines) => lines.some((l) => SIGN.test(l)),
  parse: parseBlock,
};
