/**
 * NVIDIA AIPerf's `profile_export_aiperf.json` (`aiperf profile`, the successor of genai-perf): one object per
 * file, recognised by its `schema_version` (1.x; another major is a format this reader does not know) and
 * `aiperf_version`. Each metric is an object of statistics (`{"unit": "ms", "avg": …, "p50": …, "p99": …}`), read
 * as the rows of genai-perf's console table are (`time_to_first_token.avg` is `mean_ttft_ms`); the model and the
 * concurrency are stated in `input_config`. Per-request records are another file, never read.
 */
import { defineSavedFormat } from './spec.js';

// Key -> quantity, as the genai-perf console format names its rows' quantities; `single` ones print one value.
const QUANTITY: Readonly<Record<string, { name: string; unit: string; single?: boolean }>> = {
  request_throughput: { name: 'request_throughput', unit: 'req/s', single: true },
  request_latency: { name: 'latency_ms', unit: 'ms' },
  request_count: { name: 'successful_requests', unit: 'req', single: true },
  time_to_first_token: { name: 'ttft_ms', unit: 'ms' },
  time_to_second_token: { name: 'ttst_ms', unit: 'ms' },
  inter_token_latency: { name: 'itl_ms', unit: 'ms' },
  output_token_throughput: { name: 'output_token_throughput', unit: 'tok/s', single: true },
  output_token_throughput_per_user: { name: 'user_output_throughput', unit: 'tok/s' },
  output_sequence_length: { name: 'output_length', unit: 'tok' },
  input_sequence_length: { name: 'input_length', unit: 'tok' },
  goodput: { name: 'request_goodput', unit: 'req/s', single: true },
  total_output_tokens: { name: 'total_output_tokens', unit: 'tok', single: true },
  total_input_tokens: { name: 'total_input_tokens', unit: 'tok', single: true },
  benchmark_duration: { name: 'duration_s', unit: 's', single: true },
};

export const aiperfJson = defineSavedFormat({
  id: 'aiperf-json',
  title: "AIPerf's `profile_export_aiperf.json`",
  console: 'genai-perf',
  layout: 'json',
  recognise: (keys) => keys.has('schema_version') && keys.has('aiperf_version') && keys.has('request_throughput'),
  version: { key: 'schema_version', known: /^1\./ },
  keys: {},
  statistics: (key) => QUANTITY[key] ?? null,
  paths: {
    model: ['input_config', 'models', 'items', 0, 'name'],
    '--max-concurrency': ['input_config', 'phases', 0, 'concurrency'],
    '--request-rate': ['input_config', 'phases', 0, 'rate'],
    '--num-prompts': ['input_config', 'phases', 0, 'requests'],
  },
  flags: {},
  model: [],
  backend: [],
  ignored: new Set(['schema_version', 'aiperf_version', 'benchmark_id', 'was_cancelled', 'start_time', 'end_time']),
});
