/**
 * What the three `benchmark_serving` descendants share (vLLM's `vllm bench serve`, GPUStack's guidellm wrapper
 * and `sglang.bench_serving` print the same banner, the same `Label:<blanks>value` lines and the same
 * `---Title---` sections), so that each of their spec files states only what it adds.
 */
import { displayed, divPositive, point } from '../numbers/interval.js';
import type { Interval } from '../numbers/interval.js';
import type { Metric } from '../schemas/metric.js';
import { sectionTitle } from './shapes.js';
import { metric, type BlockGrammar, type Identity, type MetricDef, type Metrics } from './spec.js';

// `============ Serving Benchmark Result ============`; any `=`-banner whose title names a result.
const HEADER = /^[ \t]*={3,}[ \t]*([^=]*?result[^=]*?)[ \t]*={3,}[ \t]*$/i;
// The closing `==================================================` (sometimes with a trailing space).
const CLOSER = /^[ \t]*={10,}[ \t]*$/;

/** Banner, `=====` closer and `---Title---` sections. */
export const SERVING_BLOCK: BlockGrammar = {
  header: (text) => HEADER.exec(text)?.[1] ?? null,
  closer: CLOSER,
  closerText: '==================================================',
  section: (text) => sectionTitle(text) !== null,
};

/** The head of a `vllm bench serve` block, which the guidellm wrapper prints too (optional lines included). */
export const SERVING_HEAD: Readonly<Record<string, MetricDef>> = {
  'Successful requests': metric('successful_requests', 'req'),
  'Maximum request concurrency': metric('max_concurrency', 'req'),
  'Benchmark duration (s)': metric('duration_s', 's'),
  'Total input tokens': metric('total_input_tokens', 'tok'),
  'Total generated tokens': metric('total_output_tokens', 'tok'),
  'Request throughput (req/s)': metric('request_throughput', 'req/s'),
  'Output token throughput (tok/s)': metric('output_token_throughput', 'tok/s'),
  'Peak output token throughput (tok/s)': metric('peak_output_token_throughput', 'tok/s'),
  'Peak concurrent requests': metric('peak_concurrent_requests', 'req'),
  'Total Token throughput (tok/s)': metric('total_token_throughput', 'tok/s'),
};

/** `Mean`, `Median` and the given percentiles of TTFT, TPOT and ITL, in milliseconds, in printed order. */
export function tokenLatencyLabels(percentiles: readonly string[]): Record<string, MetricDef> {
  const out: Record<string, MetricDef> = {};
  for (const q of ['TTFT', 'TPOT', 'ITL']) {
    for (const s of ['Mean', 'Median', ...percentiles]) out[`${s} ${q} (ms)`] = statistic(s.toLowerCase(), q.toLowerCase(), 'ms');
  }
  return out;
}

const statistic = (stat: string, quantity: string, unit: string): MetricDef =>
  metric(`${stat.replace('.', '_')}_${quantity}_${unit}`, unit);

// `Mean TTFT (ms)`, `P99.9 ITL (ms)`, `Mean Latency(s)`, `Median E2E Latency (ms)`, as lookup keys.
const STAT = /^(mean|median|std|min|max|p\d+(?:\.\d+)?) (ttft|tpot|itl|e2el|e2e latency|latency)\((ms|s)\)$/;

/**
 * Statistics lines of the given quantities (printed name, lower case -> name part): `Mean TTFT (ms)`,
 * `P99.9 ITL (ms)`, `Median E2E Latency (ms)` -> `<stat>_<quantity>_<unit>`. Reads a lookup key (lower case,
 * blanks collapsed, no blank before `(`).
 */
export function statistics(quantities: Readonly<Record<string, string>>): (key: string) => MetricDef | null {
  return (key) => {
    const m = STAT.exec(key);
    return m && Object.hasOwn(quantities, m[2]) ? statistic(m[1], quantities[m[2]], m[3]) : null;
  };
}

/** A finite printed value, or null. */
export const num = (m: Metrics, name: string): Metric | null => {
  const v = m[name];
  return v && v.value !== null && Number.isFinite(v.value) ? v : null;
};

/** The value of a finite printed metric, or null. */
export const value = (m: Metrics, name: string): number | null => num(m, name)?.value ?? null;

/** `count / duration`, with the duration read as the interval it was rounded from. */
function perSecond(count: (m: Metrics) => number | null): Identity['compute'] {
  return (m): Interval | null => {
    const d = num(m, 'duration_s');
    const c = count(m);
    if (!d || c === null) return null;
    const window = displayed(d.value!, d.decimals);
    return window.lo > 0 ? divPositive(point(c), window) : null;
  };
}

const sum = (a: string, b: string) => (m: Metrics) => {
  const x = value(m, a);
  const y = value(m, b);
  return x === null || y === null ? null : x + y;
};

/** R6: vLLM and sglang.bench_serving rates are counts over the benchmark duration. */
export const RATES_OVER_DURATION: readonly Identity[] = [
  { target: 'request_throughput', formula: 'successful requests / duration', compute: perSecond((m) => value(m, 'successful_requests')) },
  { target: 'input_token_throughput', formula: 'total input tokens / duration', compute: perSecond((m) => value(m, 'total_input_tokens')) },
  {
    target: 'output_token_throughput',
    formula: 'total generated tokens / duration',
    compute: perSecond((m) => value(m, 'total_output_tokens')),
  },
  {
    target: 'total_token_throughput',
    formula: '(total input + generated tokens) / duration',
    compute: perSecond(sum('total_input_tokens', 'total_output_tokens')),
  },
];
