/**
 * F6: `genai-perf profile` console tables (NVIDIA GenAI-Perf). The run is one boxed table under the title
 * `NVIDIA GenAI-Perf | LLM Metrics` (older releases: `LLM Metrics`, `PA LLM Metrics`): a header row `Statistic |
 * avg | min | max | p99 | p90 | p75`, then one row per quantity (`Time To First Token (ms)`, `Request Throughput
 * (per sec)`), each cell a statistic of it, `N/A` where one does not apply, and the bottom rule `└───┘`. Releases
 * differ in the rows they print and in the capitals and units of their labels (the oldest print nanoseconds,
 * `Num output token`, and both rates as `Label: value` lines under the table); a long label wraps onto a row of its
 * own whose cells are empty. There is no closing line: the block ends, complete, at the first line not its own.
 */
import { displayed, mul } from '../numbers/interval.js';
import { num } from './serving.js';
import { defineFormat, metric, type MetricDef } from './spec.js';
import { isRuleRow, tableCells } from './table.js';

const TITLE = /^(?:NVIDIA GenAI-Perf \| |PA )?(LLM Metrics)$/;
// The top rule, the rule under the header row and the bottom rule.
const RULES = '┏━┳┓┡╇┩└─┴┘';
// The tool's log lines: `[2026-04-17 09:57:37] INFO     Parsing ...` (rich), `2025-04-04 05:33 [INFO] genai_perf.parser:112 - ...`
// (with or without the date) and `genai-perf - INFO - Running Perf Analyzer ...`.
const LOG =
  /^(?:\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\][ \t]+(?:INFO|WARNING|ERROR|DEBUG)[ \t]|(?:\d{4}-\d\d-\d\d \d\d:\d\d )?\[(?:INFO|WARNING|ERROR|DEBUG)\] genai_perf\.|genai-perf - (?:INFO|WARNING|ERROR|DEBUG) - )/;

// Row label lookup key -> quantity and unit; `single` quantities print one value (the `avg` column).
const QUANTITY: Readonly<Record<string, { name: string; unit: string; single?: boolean }>> = {
  'time to first token(ms)': { name: 'ttft_ms', unit: 'ms' },
  'time to second token(ms)': { name: 'ttst_ms', unit: 'ms' },
  'inter token latency(ms)': { name: 'itl_ms', unit: 'ms' },
  // The request latency names of trtllm's breakdown (`mean_latency_ms`, `p99_latency_ms`): vLLM's `mean_e2el_ms` is
  // not read as a request latency of its own, and must not become one through this format's latency way.
  'request latency(ms)': { name: 'latency_ms', unit: 'ms' },
  'request latency(ns)': { name: 'latency_ns', unit: 'ns' },
  'time to first token(ns)': { name: 'ttft_ns', unit: 'ns' },
  'inter token latency(ns)': { name: 'itl_ns', unit: 'ns' },
  'output token throughput per user': { name: 'user_output_throughput', unit: 'tok/s' },
  'output sequence length': { name: 'output_length', unit: 'tok' },
  'output sequence length(tokens)': { name: 'output_length', unit: 'tok' },
  'num output token': { name: 'output_length', unit: 'tok' },
  'input sequence length': { name: 'input_length', unit: 'tok' },
  'input sequence length(tokens)': { name: 'input_length', unit: 'tok' },
  'num input token': { name: 'input_length', unit: 'tok' },
  'output token throughput(per sec)': { name: 'output_token_throughput', unit: 'tok/s', single: true },
  'output token throughput(tokens/sec)': { name: 'output_token_throughput', unit: 'tok/s', single: true },
  'request throughput(per sec)': { name: 'request_throughput', unit: 'req/s', single: true },
  'request goodput(per sec)': { name: 'request_goodput', unit: 'req/s', single: true },
  'request count(count)': { name: 'successful_requests', unit: 'req', single: true },
};
// The statistic after the row label's last blank.
const STAT = /^(?:avg|min|max|std|p\d+(?:\.\d+)?)$/;

/** `Time To First Token (ms) avg` -> `mean_ttft_ms`; `Request Throughput (per sec) avg` -> `request_throughput`. */
function cell(key: string): MetricDef | null {
  const cut = key.lastIndexOf(' ');
  const column = key.slice(cut + 1);
  const q = cut > 0 && STAT.test(column) && Object.hasOwn(QUANTITY, key.slice(0, cut)) ? QUANTITY[key.slice(0, cut)] : undefined;
  if (!q) return null;
  const stat = column === 'avg' ? 'mean' : column.replace('.', '_');
  return metric(q.single && stat === 'mean' ? q.name : `${stat}_${q.name}`, q.unit);
}

export const genaiPerf = defineFormat({
  id: 'genai-perf',
  title: '`genai-perf profile` "LLM Metrics" console tables (NVIDIA GenAI-Perf)',
  tool: { id: 'genai-perf', command: /\bgenai-perf (?:profile|analyze)\b/ },
  signature: /^[ \t]*(?:NVIDIA GenAI-Perf \| LLM Metrics|┃[ \t]*Statistic[ \t]*┃)/,
  block: {
    header: (text) => TITLE.exec(text)?.[1] ?? null,
    closer: null,
    closerText: '',
    section: (text) => isRuleRow(text, RULES),
  },
  table: {
    columns: (text) => {
      const cells = tableCells(text, '┃');
      return cells && cells[0].text === 'Statistic' ? cells.map((c) => c.text) : null;
    },
    cells: (text) => tableCells(text, '│'),
    rows: 'statistics',
    empty: /^N\/A$/,
  },
  openers: [],
  // The oldest releases print the rates under the table.
  labels: {
    'Output token throughput (per sec)': metric('output_token_throughput', 'tok/s'),
    'Request throughput (per sec)': metric('request_throughput', 'req/s'),
  },
  pattern: cell,
  chatter: (text) => (LOG.test(text) ? { kind: 'noise' } : null),
  identities: [
    // Both rates are counted over the same measurement window: tokens per second = requests per second x tokens per request.
    {
      target: 'output_token_throughput',
      formula: 'request throughput x average output sequence length',
      compute(m) {
        const rate = num(m, 'request_throughput');
        const length = num(m, 'mean_output_length');
        return rate && length ? mul(displayed(rate.value!, rate.decimals), displayed(length.value!, length.decimals)) : null;
      },
    },
  ],
  requestLatency: [{ kind: 'printed', metric: 'mean_latency_ms', divisor: 1000 }],
});
