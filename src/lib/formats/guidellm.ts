/**
 * F2: GPUStack's guidellm wrapper. The vLLM head plus a `Latency` section in seconds (`Mean Latency(s)`, no blank
 * before `(s)`) and P95 lines; some pages print `N/A` for P95 values.
 */
import { displayed, scale } from '../numbers/interval.js';
import { SERVING_BLOCK, SERVING_HEAD, num, statistics, tokenLatencyLabels, value } from './serving.js';
import { defineFormat, metric } from './spec.js';

export const guidellm = defineFormat({
  id: 'guidellm',
  title: "GPUStack's guidellm wrapper: the vLLM block plus request latency in seconds",
  tool: { id: 'guidellm', command: /\bguidellm\s+benchmark\b/ },
  // Request latency in seconds is what only guidellm prints.
  signature: /^[ \t]*(?:Mean|Median|P\d+) Latency[ \t]*\(s\)[ \t]*:/,
  block: SERVING_BLOCK,
  openers: ['successful_requests'],
  labels: {
    ...SERVING_HEAD,
    'Mean Latency(s)': metric('mean_latency_s', 's'),
    'Median Latency(s)': metric('median_latency_s', 's'),
    'P95 Latency(s)': metric('p95_latency_s', 's'),
    'P99 Latency(s)': metric('p99_latency_s', 's'),
    ...tokenLatencyLabels(['P95', 'P99']),
  },
  pattern: statistics({ ttft: 'ttft', tpot: 'tpot', itl: 'itl', latency: 'latency' }),
  identities: [
    {
      // R7: guidellm token rates share one window (not the printed duration), so total = output x (in + gen) / gen.
      target: 'total_token_throughput',
      formula: 'output tok/s x (total input + generated tokens) / generated tokens',
      compute(m) {
        const out = num(m, 'output_token_throughput');
        const gen = value(m, 'total_output_tokens');
        const inp = value(m, 'total_input_tokens');
        if (!out || !gen || inp === null) return null;
        return scale(displayed(out.value!, out.decimals), (inp + gen) / gen);
      },
    },
  ],
  requestLatency: [{ kind: 'printed', metric: 'mean_latency_s', divisor: 1 }],
});
