/**
 * F10: offline latency of vLLM (`vllm bench latency`, formerly `benchmarks/benchmark_latency.py`): the time to
 * generate one batch, over the profiled iterations. The run is `Avg latency: 0.45101274012898407 seconds`, then
 * (newer releases) one line per percentile, `10% percentile latency: 0.45005662548355757 seconds`, for 10, 25, 50,
 * 75, 90 and 99. Each value is followed by its unit, so the format reads its own lines (`shape`). The `Avg
 * latency` line opens the run (`several`, one metric), so that the runs of repeated invocations stay apart; there is
 * no closer: the block ends, complete, at the first line that is not its own.
 */
import type { SourceLine } from './line.js';
import type { MetricShape } from './shapes.js';
import { defineFormat, metric, type MetricDef } from './spec.js';

const UNIT = 'seconds';
const AVG = 'Avg latency';
const PERCENTILE = '% percentile latency';

/** `Avg latency` or `<n>% percentile latency` (n one to three digits), by a scan; false for any other label. */
function ownLabel(label: string): boolean {
  if (label === AVG) return true;
  if (!label.endsWith(PERCENTILE)) return false;
  const n = label.slice(0, label.length - PERCENTILE.length);
  return n.length >= 1 && n.length <= 3 && [...n].every((c) => c >= '0' && c <= '9');
}

/** `<label>: <number> seconds` with the number's own column; null for any other line. A scan, no regex. */
function shape(line: SourceLine): MetricShape | null {
  const text = line.text;
  let at = 0;
  while (text[at] === ' ' || text[at] === '\t') at++;
  const colon = text.indexOf(':', at);
  if (colon < 0 || !ownLabel(text.slice(at, colon))) return null;
  let a = colon + 1;
  if (text[a] !== ' ' && text[a] !== '\t') return null;
  while (text[a] === ' ' || text[a] === '\t') a++;
  let end = text.length;
  while (end > a && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  if (!text.slice(a, end).endsWith(UNIT)) return null;
  let b = end - UNIT.length;
  if (text[b - 1] !== ' ' && text[b - 1] !== '\t') return null;
  while (b > a && (text[b - 1] === ' ' || text[b - 1] === '\t')) b--;
  if (b === a) return null;
  return { label: text.slice(at, colon), text: text.slice(a, b), labelColumn: line.column + at, valueColumn: line.column + a };
}

/** `10% percentile latency` -> `p10_latency_s`. */
function pattern(key: string): MetricDef | null {
  const cut = key.indexOf('%');
  if (cut <= 0 || !ownLabel(`${key.slice(0, cut)}${PERCENTILE}`) || key.slice(cut) !== PERCENTILE) return null;
  return metric(`p${key.slice(0, cut)}_latency_s`, 's');
}

export const vllmLatency = defineFormat({
  id: 'vllm-latency',
  title: '`vllm bench latency` (and `benchmark_latency.py`) `Avg latency:` and percentile lines',
  tool: { id: 'vllm-bench-latency', command: /\bvllm[ \t]bench[ \t]latency\b|\bbenchmark_latency\.py\b/, inProcess: true },
  signature: /^[ \t]*(?:Avg latency:[ \t]+\d+(?:\.\d+)?(?:e-?\d+)?[ \t]+seconds|\d{1,3}% percentile latency:)/,
  // The `Avg latency` line is the run's first line: its banner (as far as the rules ask) and its first metric.
  block: {
    header: (text) => (shape({ text, line: 1, column: 1 })?.label === AVG ? AVG : null),
    closer: null,
    closerText: '',
    section: () => false,
  },
  several: (line) => {
    const first = shape(line);
    return first && first.label === AVG ? [first] : null;
  },
  shape,
  openers: [],
  labels: { [AVG]: metric('mean_latency_s', 's') },
  pattern,
  identities: [],
  // The latency of one batch: each request of it completes within it.
  requestLatency: [{ kind: 'printed', metric: 'mean_latency_s', divisor: 1 }],
});
