/**
 * `vllm bench serve --save-result` (and `benchmark_serving.py --save-result`): one JSON object per file, the
 * numbers of the "Serving Benchmark Result" block at full precision, the run's arguments beside them
 * (`model_id`, `num_prompts`, `request_rate`, `max_concurrency`) and, with `--save-detailed`, per-request lists
 * (`ttfts`, `itls`, `input_lens`, `generated_texts`), which are counted, not held.
 */
import { metric } from '../spec.js';
import { defineSavedFormat } from './spec.js';
import { PER_REQUEST, statisticKeys } from './statistics.js';

export const vllmResult = defineSavedFormat({
  id: 'vllm-result',
  title: '`vllm bench serve --save-result` JSON',
  console: 'vllm',
  layout: 'json',
  // The whole result (counts, rates, statistics), or the older layout a dashboard kept of it (arguments and the
  // latency statistics only); SGLang's statistics are `mean_e2e_latency_ms`, not `mean_e2el_ms`.
  recognise: (keys) =>
    ((keys.has('completed') && keys.has('output_throughput')) || (keys.has('model_id') && keys.has('num_prompts'))) &&
    (keys.has('mean_ttft_ms') || keys.has('mean_tpot_ms') || keys.has('mean_e2el_ms')) &&
    !keys.has('mean_e2e_latency_ms'),
  keys: {
    completed: metric('successful_requests', 'req'),
    failed: metric('failed_requests', 'req'),
    duration: metric('duration_s', 's'),
    total_input_tokens: metric('total_input_tokens', 'tok'),
    total_output_tokens: metric('total_output_tokens', 'tok'),
    request_throughput: metric('request_throughput', 'req/s'),
    request_goodput: metric('request_goodput', 'req/s'),
    'request_goodput:': metric('request_goodput', 'req/s'),
    output_throughput: metric('output_token_throughput', 'tok/s'),
    total_token_throughput: metric('total_token_throughput', 'tok/s'),
    max_output_tokens_per_s: metric('peak_output_token_throughput', 'tok/s'),
    max_concurrent_requests: metric('peak_concurrent_requests', 'req'),
    max_concurrency: metric('max_concurrency', 'req'),
  },
  pattern: statisticKeys({ ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2el: 'e2el' }),
  flags: {
    num_prompts: '--num-prompts',
    request_rate: '--request-rate',
    max_concurrency: '--max-concurrency',
    dataset_name: '--dataset-name',
    random_input_len: '--random-input-len',
    random_output_len: '--random-output-len',
  },
  model: ['model_id'],
  backend: ['backend'],
  label: (values) => {
    const label = values.get('label');
    return typeof label === 'string' && label.trim() !== '' ? label.trim() : null;
  },
  ignored: new Set([
    'date',
    'endpoint_type',
    'label',
    'tokenizer_id',
    'burstiness',
    ...PER_REQUEST,
    'start_times',
    'start_time',
    'percentiles',
    'best_of',
  ]),
});
