/**
 * The metric objects of NVIDIA's profile exports (genai-perf's `profile_export_genai_perf.json` and its successor
 * AIPerf's `profile_export_aiperf.json`): each key an object of statistics (`{"unit": "ms", "avg": …, "p99": …}`),
 * read as the rows of genai-perf's console table are (`time_to_first_token.avg` is `mean_ttft_ms`). `single`
 * quantities print one value (`request_throughput.avg` is the throughput, not a mean of one).
 */
export type Quantity = { name: string; unit: string; single?: boolean };

const QUANTITY: Readonly<Record<string, Quantity>> = {
  request_throughput: { name: 'request_throughput', unit: 'req/s', single: true },
  request_latency: { name: 'latency_ms', unit: 'ms' },
  request_count: { name: 'successful_requests', unit: 'req', single: true },
  time_to_first_token: { name: 'ttft_ms', unit: 'ms' },
  time_to_second_token: { name: 'ttst_ms', unit: 'ms' },
  inter_token_latency: { name: 'itl_ms', unit: 'ms' },
  output_token_throughput: { name: 'output_token_throughput', unit: 'tok/s', single: true },
  output_token_throughput_per_user: { name: 'user_output_throughput', unit: 'tok/s' },
  // genai-perf before 25.x names the per-user throughput per request.
  output_token_throughput_per_request: { name: 'user_output_throughput', unit: 'tok/s' },
  output_sequence_length: { name: 'output_length', unit: 'tok' },
  input_sequence_length: { name: 'input_length', unit: 'tok' },
  goodput: { name: 'request_goodput', unit: 'req/s', single: true },
  total_output_tokens: { name: 'total_output_tokens', unit: 'tok', single: true },
  total_input_tokens: { name: 'total_input_tokens', unit: 'tok', single: true },
  benchmark_duration: { name: 'duration_s', unit: 's', single: true },
};

/** The quantity a profile export's key states, or null (telemetry, the input configuration). */
export function profileQuantity(key: string): Quantity | null {
  return Object.hasOwn(QUANTITY, key) ? QUANTITY[key] : null;
}
