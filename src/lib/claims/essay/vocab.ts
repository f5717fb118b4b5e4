/**
 * Words of benchmark write-ups, English, Chinese and Korean: which metric a phrase names (`median TTFT`, `output
 * throughput`, `吞吐量`, `출력 처리량`, a test such as `pp512`), which way a comparison goes (`faster`, `降低`,
 * `감소`), and how loosely a number is meant (`~`, `约`, `약`, `up to`, `more than`).
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
  /**
   * A prompt-processing or generation test named as the metric (`pp512`, `tg128`): its rate is the run's token
   * rate, and only a run of that test prints it. Absent for the other metric names.
   */
  test?: string;
}

/** Metric names, one group per family in the order of `FAMILIES` (longer names first within a family). */
const FAMILY_WORDS =
  /(ttft|time[ -]to[ -]first[ -]token|首字延迟|首token延迟|首 token 延迟|首字时延|첫 ?토큰 ?(?:지연|시간|응답 ?시간))|(tpot|time[ -]per[ -]output[ -]token|每输出token时间|토큰당 ?(?:생성 ?)?시간)|(itl|inter[ -]token latency|token间延迟|토큰 ?간 ?지연)|(e2el|e2e ?latency|e2e ?延迟|end[ -]to[ -]end latency|request latency|请求延迟|请求时延|(?<=(?:mean|avg|average|median|p\d{2})[ _])latency|(?<=(?:平均|中位数?|p\d{2}) ?)(?<![A-Za-z0-9字间] ?(?:平均|中位数?|p\d{2}) ?)(?:延迟|时延)|(?<=(?:평균|중앙값) ?)지연(?! ?시간)|端到端延迟|종단 ?간 ?지연|전체 ?지연|요청 ?지연)|(output  ?(?:token  ?)?throughput|output tok\/s|输出吞吐量?|출력 ?(?:토큰 ?)?처리량)|(total  ?(?:token  ?)?throughput|total tok\/s|总吞吐量?|총 ?(?:토큰 ?)?처리량|전체 ?처리량)|(request throughput|req\/s|请求吞吐量?|요청 ?처리량)|(benchmark duration|duration|elapsed time|elapsed|wall[ -]clock time|wall[ -]clock|耗时|用时|总时长|소요 ?시간|실행 ?시간)|(throughput|tps|吞吐量|吞吐|처리량)|((?:pp|tg)\d{1,6}(?:\+tg\d{1,6})?(?: ?@ ?d\d{1,7})?)/gi;
const FAMILIES: Family[] = ['ttft', 'tpot', 'itl', 'e2el', 'output', 'total', 'request', 'duration', 'throughput'];
/** A statistic right before a metric name (`median TTFT`, `P99_`), or right after it (`TTFT (median)`). */
const STAT_BEFORE = /(mean|avg|average|median|p\d{2}|平均|中位数?|평균|중앙값|중간값)[ _]?$/i;
const STAT_AFTER = /^[ _]?\(?(mean|avg|average|median|p\d{2}|平均|中位数?|평균|중앙값|중간값)\)?(?![a-z])/i;

/** Normalise a statistic word to the metric-key prefix (`avg` -> `mean`, `中位` -> `median`). */
function statKey(word: string | undefined): string | null {
  if (!word) return null;
  const w = word.toLowerCase();
  if (/^(mean|avg|average|平均|평균)$/.test(w)) return 'mean';
  if (/^(median|中位数?|p50|중앙값|중간값)$/.test(w)) return 'median';
  return w;
}

/** Every metric name in a text, in order. */
export function metricsIn(text: string): MetricRef[] {
  const out: MetricRef[] = [];
  for (const m of text.matchAll(FAMILY_WORDS)) {
    const at = m.index;
    const end = at + m[0].length;
    if (at > 0 && /[A-Za-z0-9]/.test(text[at - 1])) continue;
    if (end < text.length && /[A-Za-z]/.test(text[end]) && /[A-Za-z]$/.test(m[0])) continue;
    const index = m.slice(1).findIndex((g) => g !== undefined);
    if (index < 0) continue;
    // A named test (`pp512`, `tg128 @ d512`, `pp512+tg128`): the token rate of the runs of that test, no statistic.
    if (index === FAMILIES.length) {
      if (end < text.length && /\w/.test(text[end])) continue;
      out.push({ family: 'total', stat: null, start: at, end, test: testKey(m[0]) });
      continue;
    }
    const before = STAT_BEFORE.exec(text.slice(Math.max(0, at - 10), at));
    const after = before ? null : STAT_AFTER.exec(text.slice(end, end + 12));
    const start = before ? at - before[0].length : at;
    out.push({ family: FAMILIES[index], stat: statKey(before?.[1] ?? after?.[1]), start, end: after ? end + after[0].length : end });
  }
  return out;
}

/**
 * Whether a run may print the metric a reference names: any run for a metric name, only a run of the test for a
 * named test (`pp512` is not printed by the `tg128` run of the same table).
 */
export function refersTo(ref: Pick<MetricRef, 'test'>, metrics: Readonly<Record<string, { text?: string }>>): boolean {
  if (!ref.test) return true;
  return testKey(metrics.test?.text ?? '') === ref.test;
}

/** A test as compared: lower case, without blanks (`pp512 @ d512` -> `pp512@d512`). */
function testKey(text: string): string {
  return text.toLowerCase().replace(/\s/g, '');
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
  const exact: Partial<Record<Family, string[]>> = {
    output: ['output_token_throughput'],
    total: ['total_token_throughput'],
    request: ['request_throughput'],
    throughput: ['output_token_throughput', 'total_token_throughput'],
    duration: ['duration_s'],
  };
  const names = exact[ref.family];
  if (names) return keys.filter((k) => names.includes(k));
  // Tools that title it `Request latency` or `latency` print the end-to-end latency as `<stat>_latency_ms`; an
  // offline latency run prints the latency of its batch in seconds, `<stat>_latency_s`.
  // Some tools' oldest tables print them in nanoseconds (`<stat>_latency_ns`, `<stat>_ttft_ns`).
  const suffixes =
    ref.family === 'e2el'
      ? ['_e2el_ms', '_e2e_latency_ms', '_latency_ms', '_latency_s', '_latency_ns']
      : [`_${ref.family}_ms`, `_${ref.family}_ns`];
  const stats = ref.stat === 'mean' ? ['mean', 'avg'] : ref.stat === 'median' ? ['median', 'p50'] : ref.stat ? [ref.stat] : null;
  return keys.filter((k) => {
    const suffix = suffixes.find((x) => k.endsWith(x));
    if (!suffix) return false;
    const stat = k.slice(0, k.length - suffix.length);
    return stats ? stats.includes(stat) : stat.length > 0 && !stat.includes('_');
  });
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
  if (key.endsWith('_ns')) return 'ns';
  if (key.endsWith('_s')) return 's';
  if (key === 'request_throughput') return 'req/s';
  return 'tok/s';
}

/** Words that make a number approximate. */
export const APPROX = /(?:~|≈|约|大约|大概|近|약|대략|거의|about|around|roughly|approximately|approx\.?|nearly|almost)\s*$/i;
/** Words after a number that make it approximate (`2배 가까이`, `20% 정도`, `30% 左右`). */
export const APPROX_AFTER = /^\s*(?:가까이|정도|안팎|내외|左右|上下)/;
/** Words that make a number a bound. */
export const UP_TO = /(?:up\s+to|as\s+much\s+as|under|below|less\s+than|within|at\s+most|最高|高达|最多|不超过|低于|小于)\s*(?:约\s*)?$/i;
export const AT_LEAST = /(?:more\s+than|over|at\s+least|greater\s+than|above|超过|超|至少|逾)\s*(?:约\s*)?$/i;

/** Which way a percentage goes: `+`, `higher`, `增加` up; `-`, `lower`, `降低` down; `faster` or `提升` on a latency either. */
export function directionOf(sign: string, clause: string, family: Family | null): 'up' | 'down' | null {
  if (sign === '+') return 'up';
  if (sign === '-') return 'down';
  if (
    /lower|decreas|reduc|drop|cut|less|shrank|fell|降低|减少|下降|缩短|降到|(?<![最降])低(?:了|出)? ?(?:约 ?)?\d|감소|줄|단축|낮아|짧아|하락/i.test(
      clause,
    )
  )
    return 'down';
  if (/higher|increas|grew|grow|more|rise|rose|增加|增长|上升|提高|(?<![最提])高(?:了|出)? ?(?:约 ?)?\d|증가|늘|높아|상승/i.test(clause))
    return 'up';
  if (/提升|improv|gain|boost|향상|개선/i.test(clause) && family !== null && !lowerIsBetter(family)) return 'up';
  return null;
}
