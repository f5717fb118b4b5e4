/**
 * F1: `vllm bench serve` "Serving Benchmark Result" (full, with max concurrency, with or without the Peak lines).
 * The registry's fallback: any block that no other format claims is read as vLLM output.
 */
import { add, displayed, mul, point, scale } from '../numbers/interval.js';
import { RATES_OVER_DURATION, SERVING_BLOCK, SERVING_HEAD, num, statistics, tokenLatencyLabels } from './serving.js';
import { defineFormat, metric, type Derived, type Metrics } from './spec.js';

/**
 * R1, the mean request latency of a vLLM-format run: `(Mean TTFT + Mean TPOT x (gen / N - 1)) / 1000` seconds,
 * gen = Total generated tokens, N = Successful requests. TTFT and TPOT +/- half a unit of their printed digit;
 * the counts are exact. ok: 64.00 + 7.38 x 219.61 = 1684.7 ms -> `Mean latency: 1.68s/req`.
 */
export function meanRequestLatencyS(run: { metrics: Metrics }): Derived | null {
  const ttft = num(run.metrics, 'mean_ttft_ms');
  const tpot = num(run.metrics, 'mean_tpot_ms');
  const gen = num(run.metrics, 'total_output_tokens');
  const n = num(run.metrics, 'successful_requests');
  if (!ttft || !tpot || !gen || !n || n.value === 0) return null;
  const tokens = (gen.value as number) / (n.value as number) - 1;
  const ms = (ttft.value as number) + (tpot.value as number) * tokens;
  const interval = scale(
    add(displayed(ttft.value as number, ttft.decimals), mul(displayed(tpot.value as number, tpot.decimals), point(tokens))),
    1 / 1000,
  );
  return {
    value: ms / 1000,
    decimals: 4,
    interval,
    formula: `(${ttft.text} + ${tpot.text} x (${gen.text} / ${n.text} - 1)) / 1000`,
    metric: 'mean_request_latency_s',
    lines: [ttft.line, tpot.line, gen.line, n.line],
  };
}

export const vllm = defineFormat({
  id: 'vllm',
  title: '`vllm bench serve` (and `benchmark_serving.py`) "Serving Benchmark Result" blocks',
  tool: { id: 'vllm-bench', command: /\bvllm\s+bench\s+serve\b/ },
  signature: /^[ \t]*(?:Successful requests|Total Token throughput \(tok\/s\)|Mean TTFT \(ms\))[ \t]*:/,
  block: SERVING_BLOCK,
  // A quoted excerpt may start at a rate or at the first latency line, without the banner and the request counts.
  openers: ['successful_requests', 'request_throughput', 'output_token_throughput', 'total_token_throughput', 'mean_ttft_ms'],
  labels: {
    ...SERVING_HEAD,
    'Failed requests': metric('failed_requests', 'req'),
    'Request goodput (req/s)': metric('request_goodput', 'req/s'),
    ...tokenLatencyLabels(['P99']),
  },
  pattern: statistics({ ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2el: 'e2el' }),
  identities: RATES_OVER_DURATION,
  requestLatency: [{ kind: 'derived', derive: meanRequestLatencyS }],
});
