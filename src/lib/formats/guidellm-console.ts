/**
 * F9: guidellm's own console tables (`guidellm benchmark`, the upstream tool rather than GPUStack's wrapper).
 * Each table is titled, its header spans several rows and each body row is one benchmark (`synchronous`,
 * `throughput`, `constant@2.06`, `constant`), labelled by its strategy. One benchmark's rows in the several tables
 * (its timings and counts in one, its latencies in another) are one run: the n-th row of a strategy in each table
 * (and in each half of a table) joins the n-th of the first, unless a figure both print differs (see split.ts).
 *
 * Two layouts:
 * - releases up to 0.3: `Benchmarks Info:` and `Benchmarks Stats:`, cells cut by `|` with no frame, a row of
 *   group names whose cells span as many columns as they have pipes (`Req Latency (sec)|||`, the last group the
 *   rest of the row), then the column names (`Benchmark| Per Second| Concurrency| mean| ...`); the tables sit
 *   between `=====` rules, the header above a `-----|-----` rule. Releases before 0.3 titled the request latency
 *   `Req Latency (ms)` while printing seconds (the same run's progress line says `6.00s Lat` where the table says
 *   `6.00`; the tool's source takes the latency in seconds, and later releases print `Req Latency (sec)`), so the
 *   column is read in seconds under either title.
 * - 0.4 and later: `ℹ Run Summary Info`, `ℹ Request Latency Statistics (Completed Requests)`, `ℹ Server
 *   Throughput Statistics`, ..., framed by `|===|` rules, three header rows (group, name, unit or statistic:
 *   `Request Latency || TTFT ||`, `Sec || ms ||`, `Mdn | p95 | Mdn | p95`), a `|---|` rule, then the rows. A
 *   table that prints two halves repeats its header rows between them.
 *
 * A column's name is its header rows' cells joined by a blank (`TTFT (ms) p99`, `Requests Per Sec Mean`), which
 * the labels and the pattern below map to the canonical metrics of the other formats.
 */
import { guidellm } from './guidellm.js';
import { defineFormat, metric, type MetricDef, type TableCell } from './spec.js';
import { isRuleRow } from './table.js';

const TITLES = new Set([
  'benchmarks info',
  'benchmarks stats',
  'run summary info',
  'text metrics statistics',
  'image metrics statistics',
  'video metrics statistics',
  'audio metrics statistics',
  'request token statistics',
  'request latency statistics',
  'server throughput statistics',
]);

/** The table's title (`Benchmarks Stats`, `Request Latency Statistics`), or null: a word scan, no regex. */
function title(text: string): string | null {
  let t = text.trim();
  if (t.startsWith('ℹ')) t = t.slice(1).trim();
  if (t.endsWith(':')) t = t.slice(0, -1).trim();
  // `(Completed Requests)`, `(All Requests)`.
  if (t.endsWith(')')) {
    const open = t.lastIndexOf('(');
    if (open > 0) t = t.slice(0, open).trim();
  }
  return TITLES.has(t.toLowerCase()) ? t : null;
}

/** Cells of a row cut at every `|` (a frame's outer pipes dropped), each trimmed, with its offset. */
function split(text: string): TableCell[] | null {
  if (!text.includes('|')) return null;
  let start = 0;
  while (text[start] === ' ' || text[start] === '\t') start++;
  let end = text.length;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  const framed = text[start] === '|';
  if (framed) start++;
  // A framed row ends with its pipe; the last cell of an unframed one has none.
  if (framed && text[end - 1] === '|') end--;
  const cells: TableCell[] = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i < end && text[i] !== '|') continue;
    let a = from;
    while (a < i && (text[a] === ' ' || text[a] === '\t')) a++;
    let b = i;
    while (b > a && (text[b - 1] === ' ' || text[b - 1] === '\t')) b--;
    cells.push({ text: text.slice(a, b), index: a === b ? from : a });
    from = i + 1;
  }
  return cells;
}

// The first cell of a header row: `Metadata` (0.3: groups), `Benchmark` (0.3: names; 0.4: groups), `Strategy`
// (0.4: names) and an empty one (0.4: units and statistics). A body row names its benchmark there.
const FIRST_HEADER = new Set(['metadata', 'benchmark', 'strategy', '']);

/**
 * A header row joined onto the columns so far: its cells, an empty one continuing the group before it, each
 * appended to the name of its column. A row that starts a header (`Metadata`, or a framed `Benchmark`) starts the
 * columns afresh. Null when the line is not a header row.
 */
function headerRow(text: string, columns: readonly string[]): readonly string[] | null {
  const cells = split(text);
  if (!cells || cells.length < 2 || !FIRST_HEADER.has(cells[0].text.toLowerCase())) return null;
  // A header row names columns; a body row's cells after the first are values (a rule row is a section).
  if (!cells.slice(1).some((c) => c.text !== '' && !/^[\d.,]/.test(c.text))) return null;
  const framed = text.trimStart().startsWith('|');
  const first = cells[0].text.toLowerCase();
  const fresh = first === 'metadata' || (framed && first === 'benchmark') || columns.length === 0;
  const names: string[] = [];
  let group = '';
  for (let j = 0; j < cells.length; j++) {
    if (cells[j].text !== '' || j === 0) group = cells[j].text;
    names.push(group);
  }
  if (fresh) return names;
  return names.map((name, j) => [columns[j] ?? '', name].filter((t) => t !== '').join(' '));
}

/** A body row: its cells when the first names a benchmark and the line is not a header row; else null. */
function cells(text: string): TableCell[] | null {
  const found = split(text);
  if (!found || found.length < 2 || FIRST_HEADER.has(found[0].text.toLowerCase())) return null;
  return found;
}

const STAT: Readonly<Record<string, string>> = { mean: 'mean', mdn: 'median', median: 'median' };
const stat = (word: string): string | null => STAT[word] ?? (/^p\d+(?:\.\d+)?$/.test(word) ? word.replace('.', '_') : null);

// Quantity (lookup key without its statistic) -> name and unit. `rate`: the mean is the canonical rate itself.
const QUANTITY: Readonly<Record<string, { name: string; unit: string; rate?: boolean }>> = {
  // 0.3 `Benchmarks Stats`.
  'req latency(sec)': { name: 'latency_s', unit: 's' },
  'req latency(ms)': { name: 'latency_s', unit: 's' },
  'ttft(ms)': { name: 'ttft_ms', unit: 'ms' },
  'itl(ms)': { name: 'itl_ms', unit: 'ms' },
  'tpot(ms)': { name: 'tpot_ms', unit: 'ms' },
  'out tok/sec': { name: 'output_token_throughput', unit: 'tok/s', rate: true },
  'tot tok/sec': { name: 'total_token_throughput', unit: 'tok/s', rate: true },
  // 0.4 `Request Latency Statistics`.
  'request latency sec': { name: 'latency_s', unit: 's' },
  'ttft ms': { name: 'ttft_ms', unit: 'ms' },
  'itl ms': { name: 'itl_ms', unit: 'ms' },
  'tpot ms': { name: 'tpot_ms', unit: 'ms' },
  // 0.4 `Server Throughput Statistics`.
  'requests per sec': { name: 'request_throughput', unit: 'req/s', rate: true },
  'requests concurrency': { name: 'concurrency', unit: 'req', rate: true },
  'input tokens per sec': { name: 'input_token_throughput', unit: 'tok/s', rate: true },
  'output tokens per sec': { name: 'output_token_throughput', unit: 'tok/s', rate: true },
  'total tokens per sec': { name: 'total_token_throughput', unit: 'tok/s', rate: true },
  // 0.4 `Request Token Statistics`.
  'input tok per req': { name: 'input_length', unit: 'tok' },
  'output tok per req': { name: 'output_length', unit: 'tok' },
  'total tok per req': { name: 'total_length', unit: 'tok' },
  'stream iter per req': { name: 'stream_iterations', unit: '' },
  'output tok per stream iter': { name: 'output_tokens_per_iteration', unit: 'tok' },
};

// 0.4 modality tables: `Input Words Per Second Mean` -> `mean_input_words_per_second`.
const MODALITY = /^(input|output) (tokens|words|characters|images|pixels|bytes|frames|seconds|samples) per (request|second)$/;

// Requests, tokens per request and token totals by request status (0.3 `Benchmarks Info`, 0.4 `Run Summary Info`).
const STATUS: Readonly<Record<string, string>> = { comp: '', inc: 'incomplete_', err: 'errored_' };
const BY_STATUS: Readonly<Record<string, (prefix: string) => MetricDef>> = {
  'requests made': (p) => metric(p === '' ? 'successful_requests' : `${p}requests`, 'req'),
  'prompt tok/req': (p) => metric(`mean_${p}input_length`, 'tok'),
  'output tok/req': (p) => metric(`mean_${p}output_length`, 'tok'),
  'prompt tok total': (p) => metric(p === '' ? 'total_input_tokens' : `${p}input_tokens`, 'tok'),
  'output tok total': (p) => metric(p === '' ? 'total_output_tokens' : `${p}output_tokens`, 'tok'),
  'input tokens': (p) => metric(p === '' ? 'total_input_tokens' : `${p}input_tokens`, 'tok'),
  'output tokens': (p) => metric(p === '' ? 'total_output_tokens' : `${p}output_tokens`, 'tok'),
};

/** The metric of a column's lookup key, by the families above; null for any other key. */
function pattern(key: string): MetricDef | null {
  const cut = key.lastIndexOf(' ');
  if (cut <= 0) return null;
  let head = key.slice(0, cut);
  let last = key.slice(cut + 1);
  // 0.4 token totals end in the unit row's `Tot`: `Input Tokens Comp Tot`.
  if (last === 'tot') {
    const inner = head.lastIndexOf(' ');
    if (inner <= 0) return null;
    last = head.slice(inner + 1);
    head = head.slice(0, inner);
  }
  if (Object.hasOwn(STATUS, last) && Object.hasOwn(BY_STATUS, head)) return BY_STATUS[head](STATUS[last]);
  const s = stat(last);
  if (s === null) return null;
  if (Object.hasOwn(QUANTITY, head)) {
    const q = QUANTITY[head];
    return metric(q.rate && s === 'mean' ? q.name : `${s}_${q.name}`, q.unit);
  }
  const m = MODALITY.exec(head);
  return m ? metric(`${s}_${m[1]}_${m[2]}_per_${m[3]}`, m[2] === 'tokens' ? (m[3] === 'second' ? 'tok/s' : 'tok') : '') : null;
}

// The tool's progress panel, its setup lines (`✔ ...`; a failure or warning mark is left to be read as such) and the
// `Benchmarks Metadata` section around the tables, with the wrapped lines of the Python values they print
// (`'constant'], max_concurrency=None`, `{'target': ...}`).
const CHATTER = [
  '╭─',
  '╰─',
  '✔',
  '…',
  "'",
  "{'",
  'Generating...',
  'Saving benchmarks report',
  'Benchmarks report saved',
  'Benchmarking complete',
  'Benchmarks Metadata:',
  'Run id:',
  'Duration:',
  'Profile:',
  'Args:',
  'Worker:',
  'Request Loader:',
  'Extras:',
];

/** A chatter line (trimmed), by its start; the progress panel's rows are `│ [20:14:51] ...` and `│   Tok: ...`. */
function chatter(text: string): boolean {
  if (CHATTER.some((start) => text.startsWith(start))) return true;
  if (!text.startsWith('│')) return false;
  const rest = text.slice(1).trimStart();
  return rest.startsWith('[') || rest.startsWith('Tok:');
}

export const guidellmConsole = defineFormat({
  id: 'guidellm-console',
  title: "guidellm's own console tables (`Benchmarks Stats:`; from 0.4 `Request Latency Statistics` and the rest)",
  // The same tool as GPUStack's wrapper, by the same command.
  tool: guidellm.tool,
  signature:
    /^[ \t]*(?:Benchmarks (?:Info|Stats):|ℹ[ \t]+(?:Run Summary Info|Request (?:Token|Latency) Statistics|Server Throughput Statistics))/,
  block: {
    header: title,
    closer: null,
    closerText: '',
    // `=====`, `-----|-----` and `|===|===|`, `|---|---|` rules.
    section: (text) => isRuleRow(text, '=-|'),
  },
  table: {
    columns: () => [],
    headerRow,
    cells,
    rows: 'runs',
    label: ['Metadata Benchmark', 'Benchmark Strategy'],
  },
  openers: [],
  labels: {
    'Metadata Benchmark': metric('strategy', '', 'text'),
    'Metadata Start Time': metric('start_time', '', 'text'),
    'Metadata End Time': metric('end_time', '', 'text'),
    'Metadata Duration (s)': metric('duration_s', 's'),
    'Request Stats Per Second': metric('request_throughput', 'req/s'),
    'Request Stats Concurrency': metric('concurrency', 'req'),
    'Benchmark Strategy': metric('strategy', '', 'text'),
    'Timings Start': metric('start_time', '', 'text'),
    'Timings End': metric('end_time', '', 'text'),
    'Timings Dur Sec': metric('duration_s', 's'),
    'Timings Warm Sec': metric('warmup_s', 's'),
    'Timings Cool Sec': metric('cooldown_s', 's'),
  },
  pattern,
  chatter: (text) => (chatter(text) ? { kind: 'noise' } : null),
  identities: [],
  requestLatency: [{ kind: 'printed', metric: 'mean_latency_s', divisor: 1 }],
});
