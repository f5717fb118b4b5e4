/**
 * guidellm's saved report (`benchmarks.json`, `--output-path`): one object per file whose `benchmarks` list holds
 * one run per benchmark (a strategy: synchronous, concurrent@N, constant@rate, throughput). Each benchmark's
 * `metrics` are distributions by request status (`time_to_first_token_ms.successful.mean`, `.median`,
 * `.percentiles.p99`), read as the successful requests' statistics, which is what guidellm's console prints; the
 * request counts are `request_totals` (in `metrics` from 0.5, beside it before). Recognised by shape, not by
 * version: a benchmark without `metrics` is one this reader does not know. Per-request records (`requests`) are
 * counted, not held.
 */
import { nodeAt, type JsonNode } from '../../saved/json.js';
import { metric } from '../spec.js';
import { defineSavedFormat, type DeepMetric } from './spec.js';

// Distribution -> quantity, as guidellm's console tables name them; `rate`: the mean is the rate itself.
const QUANTITY: Readonly<Record<string, { name: string; unit: string; rate?: boolean }>> = {
  requests_per_second: { name: 'request_throughput', unit: 'req/s', rate: true },
  request_concurrency: { name: 'concurrency', unit: 'req', rate: true },
  request_latency: { name: 'latency_s', unit: 's' },
  prompt_token_count: { name: 'input_length', unit: 'tok' },
  output_token_count: { name: 'output_length', unit: 'tok' },
  total_token_count: { name: 'total_length', unit: 'tok' },
  time_to_first_token_ms: { name: 'ttft_ms', unit: 'ms' },
  time_per_output_token_ms: { name: 'tpot_ms', unit: 'ms' },
  inter_token_latency_ms: { name: 'itl_ms', unit: 'ms' },
  output_tokens_per_second: { name: 'output_token_throughput', unit: 'tok/s', rate: true },
  prompt_tokens_per_second: { name: 'input_token_throughput', unit: 'tok/s', rate: true },
  tokens_per_second: { name: 'total_token_throughput', unit: 'tok/s', rate: true },
  request_streaming_iterations_count: { name: 'stream_iterations', unit: '' },
  output_tokens_per_iteration: { name: 'output_tokens_per_iteration', unit: 'tok' },
};

// A distribution's statistics -> the console's names (`median_`, `std_`); percentiles below.
const STAT: Readonly<Record<string, string>> = { mean: 'mean', median: 'median', std_dev: 'std', min: 'min', max: 'max' };

// Requests by status -> the console's `Requests Made` names.
const TOTALS: Readonly<Record<string, string>> = {
  successful: 'successful_requests',
  errored: 'errored_requests',
  incomplete: 'incomplete_requests',
  total: 'total_requests',
};

/** `p99` -> `p99`, `p001` -> `p0_1`, `p999` -> `p99_9` (guidellm writes the digits without the point). */
function percentile(key: string): string | null {
  const m = /^p(\d)(\d*)$/.exec(key);
  if (!m) return null;
  const digits = m[1] + m[2];
  if (digits.length <= 2) return `p${Number(digits)}`;
  return `p${Number(digits.slice(0, 2))}_${digits.slice(2)}`;
}

const isValue = (n: JsonNode | null): n is JsonNode & { kind: 'value' } => n?.kind === 'value';

/** The successful requests' statistics of each distribution, and the request counts. */
function read(run: JsonNode & { kind: 'object' }): DeepMetric[] {
  const out: DeepMetric[] = [];
  const metrics = run.members.get('metrics');
  if (metrics?.kind !== 'object') return out;
  for (const [key, dist] of metrics.members) {
    const q = Object.hasOwn(QUANTITY, key) ? QUANTITY[key] : null;
    const ok = q ? nodeAt(dist, ['successful']) : null;
    if (!q || ok?.kind !== 'object') continue;
    for (const [stat, v] of ok.members) {
      const s = Object.hasOwn(STAT, stat) ? STAT[stat] : null;
      if (!s || !isValue(v)) continue;
      const name = s === 'mean' && q.rate ? q.name : `${s}_${q.name}`;
      out.push({ def: metric(name, q.unit), node: v, path: ['metrics', key, 'successful', stat] });
    }
    const ps = nodeAt(ok, ['percentiles']);
    if (ps?.kind !== 'object') continue;
    for (const [p, v] of ps.members) {
      const s = percentile(p);
      if (s && isValue(v))
        out.push({ def: metric(`${s}_${q.name}`, q.unit), node: v, path: ['metrics', key, 'successful', 'percentiles', p] });
    }
  }
  for (const at of [['metrics', 'request_totals'], ['request_totals']]) {
    const totals = nodeAt(run, at);
    if (totals?.kind !== 'object') continue;
    for (const [status, v] of totals.members)
      if (Object.hasOwn(TOTALS, status) && isValue(v)) out.push({ def: metric(TOTALS[status], 'req'), node: v, path: [...at, status] });
    break;
  }
  return out;
}

/** The benchmark's strategy as guidellm's console names it (`concurrent@4`, `constant@2.5`, `synchronous`). */
function label(_values: unknown, run: JsonNode & { kind: 'object' }): string | null {
  for (const at of [
    ['config', 'strategy'],
    ['args', 'strategy'],
  ]) {
    const strategy = nodeAt(run, at);
    const type = nodeAt(strategy, ['type_']);
    if (!isValue(type) || typeof type.value !== 'string') continue;
    const load = ['max_concurrency', 'streams', 'rate']
      .map((k) => nodeAt(strategy, [k]))
      .find((n) => isValue(n) && typeof n.value === 'number');
    return isValue(load ?? null) ? `${type.value}@${(load as JsonNode & { kind: 'value' }).text}` : type.value;
  }
  return null;
}

export const guidellmJson = defineSavedFormat({
  id: 'guidellm-json',
  title: "guidellm's `benchmarks.json`",
  console: 'guidellm-console',
  layout: 'json',
  // Google Benchmark's JSON also has `benchmarks`, beside its `context`.
  recognise: (keys) => keys.has('benchmarks') && !keys.has('context'),
  items: { member: 'benchmarks', recognise: (keys) => keys.has('metrics') && keys.has('type_'), counted: ['requests'] },
  read,
  keys: { duration: metric('duration_s', 's') },
  paths: {
    model: [
      ['config', 'backend', 'model'],
      ['worker', 'backend_model'],
      ['args', 'model'],
    ],
    '--max-concurrency': [
      ['config', 'strategy', 'max_concurrency'],
      ['config', 'strategy', 'streams'],
      ['args', 'strategy', 'streams'],
    ],
    '--request-rate': [
      ['config', 'strategy', 'rate'],
      ['args', 'strategy', 'rate'],
    ],
    '--num-prompts': [
      ['config', 'constraints', 'max_requests', 'max_num'],
      ['args', 'max_number'],
      ['args', 'max_requests'],
    ],
  },
  flags: {},
  model: [],
  backend: [],
  label,
  ignored: new Set(['start_time', 'end_time', 'run_index']),
});
