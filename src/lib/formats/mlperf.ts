/**
 * MLPerf Inference LoadGen's summary (`mlperf_log_summary.txt`, printed as is by the harnesses): a `MLPerf Results
 * Summary` banner between `=====` rules, `Label : value` lines (the separator padded or not), then `Additional
 * Stats` and `Test Parameters Used` sections. The scenario (Offline, Server, SingleStream, MultiStream) says which
 * throughput is stated (`Samples per second` offline, `Completed samples per second` for the server); latencies are
 * in nanoseconds, percentiles written `99.00 percentile latency (ns)` (and `90.0th` for the single stream);
 * LLM benchmarks add tokens per second and first-token and time-per-output-token statistics. `Result is : INVALID`
 * is the tool's own verdict on the run's constraints, kept as text.
 */
import type { SourceLine } from './line.js';
import type { MetricShape } from './shapes.js';
import { defineFormat, metric, type MetricDef } from './spec.js';

export const MLPERF_BANNER = 'MLPerf Results Summary';

// `99.00 percentile first token latency (ns)`, `90.0th percentile latency (ns)`: the only labels not led by a letter.
const PERCENTILE = /^(\d{1,2})(?:\.(\d+))?(?:th)? percentile (latency|first token latency|time to output token)\(ns\)$/;
const QUANTITY: Readonly<Record<string, string>> = {
  latency: 'latency_ns',
  'first token latency': 'ttft_ns',
  'time to output token': 'tpot_ns',
};
// `Min First Token latency (ns)`, `Mean Time to Output Token (ns)`.
const STATISTIC = /^(min|max|mean) (latency|first token latency|time to output token)\(ns\)$/;

/** A percentile or min/max/mean label's metric (`99.90 percentile latency(ns)` -> `p99_9_latency_ns`), or null. */
function pattern(key: string): MetricDef | null {
  const p = PERCENTILE.exec(key);
  if (p) {
    let fraction = p[2] ?? '';
    while (fraction.endsWith('0')) fraction = fraction.slice(0, -1);
    return metric(`p${p[1]}${fraction ? `_${fraction}` : ''}_${QUANTITY[p[3]]}`, 'ns');
  }
  const s = STATISTIC.exec(key);
  return s ? metric(`${s[1]}_${QUANTITY[s[2]]}`, 'ns') : null;
}

// A digit-led label and its value: `50.00 percentile latency (ns)   : 41777872514`.
const DIGIT_LABEL = /^([ \t]*)(\d{1,2}(?:\.\d+)?(?:th)? percentile [a-z ]+ \(ns\))[ \t]*:[ \t]*(\S+)[ \t]*$/;

/** The percentile lines, which the generic `Label: value` reading does not take (their label starts with a digit). */
function shape(line: SourceLine): MetricShape | null {
  const m = DIGIT_LABEL.exec(line.text);
  if (!m) return null;
  return {
    label: m[2],
    text: m[3],
    labelColumn: line.column + m[1].length,
    valueColumn: line.column + line.text.lastIndexOf(m[3]),
  };
}

// Rules, section titles, the early-stopping notes (` * Run successful.` and their wrapped lines), LoadGen's warning
// on concatenated samples (four lines of its own text), the seeds and logging switches of `Test Parameters Used`
// (settings, not results) and the closing lines: by whole line or by start, without a regex over the line.
const RULE = /^={8,}$/;
const SECTION_LINES = new Set([
  'Additional Stats',
  'Test Parameters Used',
  'Early Stopping Result:',
  'TTFT Early Stopping Result:',
  'TPOT Early Stopping Result:',
  'No warnings encountered during test.',
  'No errors encountered during test.',
  'samples_per_query value',
]);
const SECTION_STARTS = [
  '* ',
  'WARNING: ',
  'Generated samples per query might be ',
  'Check the generated_samples_per_query ',
  'early stopping estimate ',
  'qsl_rng_seed',
  'sample_index_rng_seed',
  'schedule_rng_seed',
  'accuracy_log_',
  'print_timestamps',
  'performance_issue_',
];
// `9 warnings encountered. See detailed log.`, `1 ERROR encountered. See detailed log.`, `least 662 total queries).`
const COUNTED = /^\d+ (?:warnings?|ERRORS?) encountered\.|^least \d+ total queries\)\.$/;

function section(text: string): boolean {
  return SECTION_LINES.has(text) || RULE.test(text) || SECTION_STARTS.some((s) => text.startsWith(s)) || COUNTED.test(text);
}

export const mlperf = defineFormat({
  id: 'mlperf',
  title: 'MLPerf Inference LoadGen summary (`mlperf_log_summary.txt`)',
  tool: { id: 'mlperf-loadgen', command: /--scenario[ =](?:Offline|Server|SingleStream|MultiStream)\b/ },
  signature: /^[ \t]*MLPerf Results Summary[ \t]*$/,
  block: {
    header: (text) => (text.trim() === MLPERF_BANNER ? MLPERF_BANNER : null),
    closer: null,
    closerText: '',
    section,
  },
  openers: [],
  // `Completed tokens per second` heads the summary and the token statistics of `Additional Stats`; the single and
  // multi stream scenarios' headline percentile is `Additional Stats`' too.
  restated: ['output_token_throughput', 'p90_latency_ns', 'p99_latency_ns'],
  shape,
  labels: {
    'SUT name': metric('sut', '', 'text'),
    Scenario: metric('scenario', '', 'text'),
    Mode: metric('mode', '', 'text'),
    'Samples per second': metric('request_throughput', 'req/s'),
    'Completed samples per second': metric('request_throughput', 'req/s'),
    'Scheduled samples per second': metric('scheduled_request_rate', 'req/s'),
    'Tokens per second': metric('output_token_throughput', 'tok/s'),
    'Tokens per second (inferred)': metric('output_token_throughput', 'tok/s'),
    'Completed tokens per second': metric('output_token_throughput', 'tok/s'),
    'QPS w/ loadgen overhead': metric('request_throughput_with_overhead', 'req/s'),
    'QPS w/o loadgen overhead': metric('request_throughput', 'req/s'),
    'Result is': metric('result', '', 'text'),
    'Performance constraints satisfied': metric('constraints_satisfied', '', 'text'),
    'Min duration satisfied': metric('min_duration_satisfied', '', 'text'),
    'Min queries satisfied': metric('min_queries_satisfied', '', 'text'),
    'Early stopping satisfied': metric('early_stopping_satisfied', '', 'text'),
    samples_per_query: metric('samples_per_query', ''),
    target_qps: metric('target_qps', 'req/s'),
    'ttft_latency (ns)': metric('ttft_bound_ns', 'ns'),
    'tpot_latency (ns)': metric('tpot_bound_ns', 'ns'),
    'target_latency (ns)': metric('latency_bound_ns', 'ns'),
    max_async_queries: metric('max_async_queries', ''),
    'min_duration (ms)': metric('min_duration_ms', 'ms'),
    'max_duration (ms)': metric('max_duration_ms', 'ms'),
    min_query_count: metric('min_query_count', ''),
    max_query_count: metric('max_query_count', ''),
    performance_sample_count: metric('performance_sample_count', ''),
  },
  pattern,
  identities: [],
  requestLatency: [{ kind: 'printed', metric: 'mean_latency_ns', divisor: 1e9 }],
});
