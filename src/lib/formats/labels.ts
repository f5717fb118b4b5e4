/** Label lists the formats share, so each format states only what it adds. */

/** The head of a `vllm bench serve` block, which the guidellm wrapper prints too (optional lines included). */
export const VLLM_HEAD = [
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
] as const;

/** `Mean`, `Median` and the given percentiles of TTFT, TPOT and ITL, in milliseconds, in printed order. */
export function tokenLatencyLabels(percentiles: readonly string[]): string[] {
  return ['TTFT', 'TPOT', 'ITL'].flatMap((q) => ['Mean', 'Median', ...percentiles].map((s) => `${s} ${q} (ms)`));
}
