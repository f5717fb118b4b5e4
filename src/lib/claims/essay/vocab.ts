/**
 * Words of benchmark write-ups, English and Chinese: which metric a phrase names (`median TTFT`, `output
 * throughput`, `吞吐量`), which way a comparison goes (`faster`, `降低`), and how loosely a number is meant
 * (`~`, `约`, `up to`, `more than`).
 */

/** A metric family: latencies in ms, throughputs in their rate unit. */
export type Family = 'ttft' | 'tpot' | 'itl' | 'e2el' | 'output' | 'total' | 'request' | 'throughput' | 'duration';

/** A metric named in text: its family and, when written, its statistic (`mean`, `median`, `p99`). */
export interface MetricRef {
  family: Family;
  stat: string | null;
  /** Where the name stands in the text it was read from (visible offsets). */
  start: number;
  end: number;
}

const STAT = String.raw`(mean|avg|average|median|p\d{2}(?:\.\d)?|平均|中位数?)`;
// Longer names first: `output token throughput` before `throughput`.
const FAMILY_WORDS: Array<[Family, string]> = [
  ['ttft', String.raw`ttft|time[ -]to[ -]first[ -]token|首字延迟|首token延迟|首 token 延迟|首字时延`],
  ['tpot', String.raw`tpot|time[ -]per[ -]output[ -]token|每输出token时间`],
  ['itl', String.raw`itl|inter[ -]token latency|token间延迟`],
  ['e2el', String.raw`e2el|e2e ?latency|e2e ?延迟|end[ -]to[ -]end latency|request latency|端到端延迟`],
  ['output', String.raw`output (?:token )?throughput|output tok\/s|输出吞吐量?`],
  ['total', String.raw`total (?:token )?throughput|total tok\/s|总吞吐量?`],
  ['request', String.raw`request throughput|req\/s|请求吞吐量?`],
  ['duration', String.raw`benchmark duration|duration|耗时`],
  ['throughput', String.raw`throughput|tps|吞吐量|吞吐`],
];

const METRIC = new RegExp(
  String.raw`(?:${STAT}[ _]?)?(?:${FAMILY_WORDS.map(([, w]) => `(${w})`).join('|')})(?:[ _]?\(?${STAT}\)?(?![a-z]))?`,
  'gi',
);

/** Normalise a statistic word to the metric-key prefix (`avg` -> `mean`, `中位` -> `median`). */
function statKey(word: string | undefined): string | null {
  if (!word) return null;
  const w = word.toLowerCase();
  if (/^(mean|avg|average|平均)$/.test(w)) return 'mean';
  if (/^(median|中位数?|p50)$/.test(w)) return 'median';
  return w;
}

/** Every metric name in a text, in order. */
export function metricsIn(text: string): MetricRef[] {
  const out: MetricRef[] = [];
  for (const m of text.matchAll(METRIC)) {
    const before = m.index > 0 ? text[m.index - 1] : ' ';
    if (/[A-Za-z0-9]/.test(before)) continue;
    const familyIndex = FAMILY_WORDS.findIndex((_, i) => m[i + 2] !== undefined);
    if (familyIndex < 0) continue;
    const after = m.index + m[0].length < text.length ? text[m.index + m[0].length] : ' ';
    if (/[A-Za-z]/.test(after) && /[A-Za-z]$/.test(m[0])) continue;
    const statWord = m[1] ?? m[FAMILY_WORDS.length + 2];
    out.push({ family: FAMILY_WORDS[familyIndex][0], stat: statKey(statWord), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Families whose smaller values are better. */
export function lowerIsBetter(family: Family): boolean {
  return family === 'ttft' || family === 'tpot' || family === 'itl' || family === 'e2el' || family === 'duration';
}

/**
 * The canonical metric keys of a run that a reference may mean: `median TTFT` -> `median_ttft_ms`; `TTFT` ->
 * every TTFT statistic the run prints; `throughput` -> output and total token throughput.
 */
export function metricKeys(ref: Pick<MetricRef, 'family' | 'stat'>, keys: readonly string[]): string[] {
  const stat = ref.stat === 'mean' ? '(?:mean|avg)' : ref.stat === 'median' ? '(?:median|p50)' : (ref.stat ?? '[a-z0-9.]+');
  const family: Record<Family, string> = {
    ttft: 'ttft_ms',
    tpot: 'tpot_ms',
    itl: 'itl_ms',
    e2el: '(?:e2el|e2e_latency)_ms',
    output: 'output_token_throughput',
    total: 'total_token_throughput',
    request: 'request_throughput',
    throughput: '(?:output|total)_token_throughput',
    duration: 'duration_s',
  };
  const re = /_ms$/.test(family[ref.family]) ? new RegExp(`^${stat}_${family[ref.family]}$`) : new RegExp(`^${family[ref.family]}$`);
  return keys.filter((k) => re.test(k));
}

/** A reference names exactly one metric: a latency with its statistic, or a throughput with its kind. */
export function unambiguous(ref: Pick<MetricRef, 'family' | 'stat'>): boolean {
  if (ref.family === 'throughput') return false;
  if (ref.family === 'output' || ref.family === 'total' || ref.family === 'request' || ref.family === 'duration') return true;
  return ref.stat !== null;
}

/** The unit a metric key is printed in (`ms`, `s`, `tok/s`, `req/s`). */
export function unitOfKey(key: string): string {
  if (key.endsWith('_ms')) return 'ms';
  if (key.endsWith('_s')) return 's';
  if (key === 'request_throughput') return 'req/s';
  return 'tok/s';
}

/** Words that make a number approximate. */
export const APPROX = /(?:~|≈|约|大约|大概|近|about|around|roughly|approximately|approx\.?|nearly|almost)\s*$/i;
/** Words that make a number a bound. */
export const UP_TO = /(?:up\s+to|as\s+much\s+as|最高|高达|最多)\s*(?:约\s*)?$/i;
export const AT_LEAST = /(?:more\s+than|over|at\s+least|greater\s+than|above|超过|超|至少|逾)\s*(?:约\s*)?$/i;

/** Which way a percentage goes: `+`, `higher`, `增加` up; `-`, `lower`, `降低` down; `faster` or `提升` on a latency either. */
export function directionOf(sign: string, clause: string, family: Family | null): 'up' | 'down' | null {
  if (sign === '+') return 'up';
  if (sign === '-') return 'down';
  if (/lower|decreas|reduc|drop|cut|less|shrank|fell|降低|减少|下降|缩短|降到/i.test(clause)) return 'down';
  if (/higher|increas|grew|grow|more|rise|rose|增加|增长|上升|提高/i.test(clause)) return 'up';
  if (/提升|improv|gain|boost/i.test(clause) && family !== null && !lowerIsBetter(family)) return 'up';
  return null;
}
