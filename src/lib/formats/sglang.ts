/**
 * F3: `python3 -m sglang.bench_serving`, as pasted from a terminal: each run is announced by
 * `Running benchmark <args> with backend: sglang` and `Namespace(...)`, followed by setup chatter, a tqdm bar,
 * the result block (`Backend:`, `Traffic request rate:`, an End-to-End Latency section) and a `-----` separator.
 */
import { add, displayed, scale } from '../numbers/interval.js';
import { RATES_OVER_DURATION, SERVING_BLOCK, num, statistics, tokenLatencyLabels, value } from './serving.js';
import { defineFormat, metric, type Chatter } from './spec.js';

const RUNNING = /^Running benchmark[ \t]+(.*?)[ \t]+with backend:[ \t]*\S+$/;
const NAMESPACE = /^Namespace\(/;
// `#Input tokens: N` is data, not a `# label`; the rest is setup chatter of bench_serving and its wrapper.
const NOISE =
  /^(?:#(?:Input|Output) tokens:|warmup time:|Starting initial single prompt|Initial test run completed|None of PyTorch|Requirement already satisfied:|All benchmarks completed)/;

function chatter(text: string): Chatter | null {
  const running = RUNNING.exec(text);
  if (running) return { kind: 'invocation', args: running[1] };
  if (NAMESPACE.test(text)) return { kind: 'namespace' };
  return NOISE.test(text) ? { kind: 'noise' } : null;
}

export const sglang = defineFormat({
  id: 'sglang',
  title: '`python3 -m sglang.bench_serving` result blocks with their run chatter',
  tool: { id: 'sglang-bench', command: /\bsglang\.bench_serving\b|\bbenchmark_serving(\.sh|\.py)?\b/ },
  signature: /^[ \t]*Backend[ \t]*:/,
  block: SERVING_BLOCK,
  openers: ['backend'],
  labels: {
    Backend: metric('backend', '', 'text'),
    'Traffic request rate': metric('request_rate', 'req/s'),
    'Request rate configured (RPS)': metric('request_rate', 'req/s'),
    'Max request concurrency': metric('max_concurrency', 'req'),
    'Successful requests': metric('successful_requests', 'req'),
    'Benchmark duration (s)': metric('duration_s', 's'),
    'Total input tokens': metric('total_input_tokens', 'tok'),
    'Total input text tokens': metric('total_input_text_tokens', 'tok'),
    'Total input vision tokens': metric('total_input_vision_tokens', 'tok'),
    'Total generated tokens': metric('total_output_tokens', 'tok'),
    'Total generated tokens (retokenized)': metric('total_output_tokens_retokenized', 'tok'),
    'Request throughput (req/s)': metric('request_throughput', 'req/s'),
    'Input token throughput (tok/s)': metric('input_token_throughput', 'tok/s'),
    'Output token throughput (tok/s)': metric('output_token_throughput', 'tok/s'),
    'Total Token throughput (tok/s)': metric('total_token_throughput', 'tok/s'),
    // Some releases title the total rate `Total throughput`.
    'Total throughput (tok/s)': metric('total_token_throughput', 'tok/s'),
    Concurrency: metric('concurrency', 'req'),
    'Accept length': metric('accept_length', ''),
    'Mean E2E Latency (ms)': metric('mean_e2e_latency_ms', 'ms'),
    'Median E2E Latency (ms)': metric('median_e2e_latency_ms', 'ms'),
    ...tokenLatencyLabels(['P99']),
  },
  pattern: statistics({ ttft: 'ttft', tpot: 'tpot', itl: 'itl', 'e2e latency': 'e2e_latency' }),
  infinite: ['request_rate'],
  chatter,
  identities: [
    ...RATES_OVER_DURATION,
    {
      // R8: the mean end-to-end latency = TTFT + ITL x (gen / N - 1), within 0.01%.
      target: 'mean_e2e_latency_ms',
      formula: 'Mean TTFT + Mean ITL x (generated tokens / successful requests - 1)',
      relative: 1e-4,
      compute(m) {
        const ttft = num(m, 'mean_ttft_ms');
        const itl = num(m, 'mean_itl_ms');
        const gen = value(m, 'total_output_tokens');
        const n = value(m, 'successful_requests');
        if (!ttft || !itl || gen === null || !n) return null;
        return add(displayed(ttft.value!, ttft.decimals), scale(displayed(itl.value!, itl.decimals), gen / n - 1));
      },
    },
  ],
  requestLatency: [{ kind: 'printed', metric: 'mean_e2e_latency_ms', divisor: 1000 }],
});
