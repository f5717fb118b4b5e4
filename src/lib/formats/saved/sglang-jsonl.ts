/**
 * `python -m sglang.bench_serving --output-file F`: JSON Lines, one object appended per run, the numbers of the
 * "Serving Benchmark Result" block at full precision with the run's arguments (`backend`, `dataset_name`,
 * `random_input_len`, `request_rate`, `max_concurrency`). A run saved with `--output-details` carries
 * per-request lists, counted, not held.
 */
import { metric } from '../spec.js';
import { defineSavedFormat } from './spec.js';
import { PER_REQUEST, statisticKeys } from './statistics.js';

export const sglangJsonl = defineSavedFormat({
  id: 'sglang-jsonl',
  title: '`sglang.bench_serving --output-file` JSON Lines',
  console: 'sglang',
  layout: 'jsonl',
  recognise: (keys) =>
    keys.has('completed') &&
    (keys.has('mean_e2e_latency_ms') || keys.has('output_throughput')) &&
    keys.has('backend') &&
    !keys.has('mean_e2el_ms'),
  keys: {
    backend: metric('backend', '', 'text'),
    request_rate: metric('request_rate', 'req/s'),
    max_concurrency: metric('max_concurrency', 'req'),
    completed: metric('successful_requests', 'req'),
    duration: metric('duration_s', 's'),
    total_input_tokens: metric('total_input_tokens', 'tok'),
    total_input_text_tokens: metric('total_input_text_tokens', 'tok'),
    total_input_vision_tokens: metric('total_input_vision_tokens', 'tok'),
    total_output_tokens: metric('total_output_tokens', 'tok'),
    total_output_tokens_retokenized: metric('total_output_tokens_retokenized', 'tok'),
    request_throughput: metric('request_throughput', 'req/s'),
    input_throughput: metric('input_token_throughput', 'tok/s'),
    output_throughput: metric('output_token_throughput', 'tok/s'),
    total_throughput: metric('total_token_throughput', 'tok/s'),
    concurrency: metric('concurrency', 'req'),
    accept_length: metric('accept_length', ''),
  },
  pattern: statisticKeys({ ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2e_latency: 'e2e_latency' }),
  flags: {
    dataset_name: '--dataset-name',
    random_input_len: '--random-input-len',
    random_output_len: '--random-output-len',
    num_prompts: '--num-prompts',
    request_rate: '--request-rate',
    max_concurrency: '--max-concurrency',
  },
  model: ['model', 'model_id', 'model_path'],
  backend: ['backend'],
  ignored: new Set([
    'tag',
    'sharegpt_output_len',
    'random_range_ratio',
    'sharegpt_context_len',
    'server_info',
    ...PER_REQUEST,
    'duration_s',
    'max_output_tokens_per_s',
    'max_concurrent_requests',
    'mean_total_tokens_per_s',
  ]),
});
