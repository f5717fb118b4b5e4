/**
 * Canonical metric names the claim checkers read. The format parsers own the naming; keep every name the
 * claims layer uses here so that a rename there is one edit here.
 */
export const METRIC = {
  meanTtftMs: 'mean_ttft_ms',
  meanTpotMs: 'mean_tpot_ms',
  meanItlMs: 'mean_itl_ms',
  totalOutputTokens: 'total_output_tokens',
  totalInputTokens: 'total_input_tokens',
  successfulRequests: 'successful_requests',
  meanLatencyS: 'mean_latency_s',
  meanE2eLatencyMs: 'mean_e2e_latency_ms',
  totalTokenThroughput: 'total_token_throughput',
  outputTokenThroughput: 'output_token_throughput',
  inputTokenThroughput: 'input_token_throughput',
  requestThroughput: 'request_throughput',
  durationS: 'duration_s',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** Integer counts are exact, not rounded: they get no interval. */
export const EXACT_COUNTS: readonly string[] = [METRIC.totalOutputTokens, METRIC.totalInputTokens, METRIC.successfulRequests];
