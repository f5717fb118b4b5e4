/**
 * F2: GPUStack's guidellm wrapper. The vLLM head plus a `Latency` section in seconds (`Mean Latency(s)`, no blank
 * before `(s)`) and P95 lines; some pages print `N/A` for P95 values.
 */
import { parseBlock } from './block.js';
import { VLLM_HEAD, tokenLatencyLabels } from './labels.js';
import type { Format } from './types.js';

export const GUIDELLM_LABELS: readonly string[] = [
  ...VLLM_HEAD,
  'Mean Latency(s)',
  'Median Latency(s)',
  'P95 Latency(s)',
  'P99 Latency(s)',
  ...tokenLatencyLabels(['P95', 'P99']),
];

// Request latency in seconds is what only guidellm prints.
const SIGN = /^[ \t]*(?:Mean|Median|P\d+) Latency[ \t]*\(s\)[ \t]*:/;

export const guidellm: Format = {
  id: 'guidellm',
  detect: (lines) => lines.some((l) => SIGN.test(l)),
  parse: parseBlock,
};
