/**
 * F2: GPUStack's guidellm wrapper. The vLLM head plus a `Latency` section in seconds (`Mean Latency(s)`, no blank
 * before `(s)`) and P95 lines; some pages print `N/A` for P95 values.
 */
import { parseBlock } from './block.js';
import type { Format } from './types.js';

export const GUIDELLM_LABELS = [
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
  'Mean Latency(s)',
  'Median Latency(s)',
  'P95 Latency(s)',
  'P99 Latency(s)',
  'Mean TTFT (ms)',
  'Median TTFT (ms)',
  'P95 TTFT (ms)',
  'P99 TTFT (ms)',
  'Mean TPOT (ms)',
  'Median TPOT (ms)',
  'P95 TPOT (ms)',
  'P99 TPOT (ms)',
  'Mean ITL (ms)',
  'Median ITL (ms)',
  'P95 ITL (ms)',
  'P99 ITL (ms)',
] as const;

// Request latency in seconds is what only guidellm prints.
const SIGN = /^[ \t]*(?:Mean|Median|P\d+) Latency[ \t]*\(s\)[ \t]*:/;

export const guidellm: Format = {
  id: 'guidellm',
  detect: (lines) => lines.some((l) => SIGN.test(l)),
  parse: parseBlock,
};
