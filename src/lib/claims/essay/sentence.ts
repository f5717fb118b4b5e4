/**
 * Numbers of benchmark prose, English, Chinese and Korean: a metric value with its unit (`287 ms`, `25.22 s`,
 * `1,014 tok/s`, `278.95 t/s`), a percentage (`-71.9%`, `约 20%`, `提升了 35％`) or a ratio (`3.56x faster`, `快 1.5 倍`,
 * `1.9배`), each with the metric it is about and how loosely it is meant.
 */
import { visibleText, type VisibleText } from '../html.js';
import { NUM, statedAt, type Stated } from '../stated.js';
import { APPROX, APPROX_AFTER, AT_LEAST, UP_TO, directionOf, metricsIn, type Family, type MetricRef } from './vocab.js';

export type ProseKind = 'value' | 'percent' | 'ratio';

export interface ProseNumber {
  kind: ProseKind;
  stated: Stated;
  /** The metric the number is about, or null when the text names none near it. */
  metric: MetricRef | null;
  /** The metric was read outside the number's clause: a guess, never certain. */
  borrowed: boolean;
  /** `~`, `约`, `about`: the number is rounded loosely. */
  approx: boolean;
  /** `up to` / `最高`, `more than` / `超过`. */
  bound: 'up-to' | 'at-least' | null;
  /** Which way a percentage goes (sign or words of its clause), null when either. */
  direction: 'up' | 'down' | null;
  /** `倍`, `배`: a Chinese or Korean multiple, which some writers mean as the increase (`提升 1 倍` = 2x). */
  multiple: boolean;
  /** `12.5K tok/s`, `1.2M tok/s`: the value is stated in thousands (1000) or millions; absent for plain values. */
  scale?: number;
  /** The sentence the number stands in (for finding the runs it names). */
  context: string;
  /** The clause of the sentence the number stands in (a value's run is named there). */
  clause: string;
  /**
   * Written without a unit (`(24022.63 vs 22116.03)`): its metric is only the nearest one named, so it is a claim
   * only when it reproduces a run's printed value.
   */
  bare?: boolean;
  /**
   * Another value of the same metric stands in the same clause (`9.15 ms with the cache on against 72.74 ms with it
   * off`): a run the clause names may be the other value's, so it does not make this one's source certain.
   */
  shared?: boolean;
  /**
   * `120 ± 8 ms`: the centre (its text without the spread), the spread (`± 8 ms`, in the unit after it), and
   * what the text says the spread is (null when it does not say).
   */
  spread?: Spread;
}

/** What a write-up may say a `±` spread is. */
export type SpreadKind = 'sd' | 'sd-sample' | 'sd-population' | 'sem' | 'half-range';

export interface Spread {
  centre: Stated;
  value: Stated;
  kind: SpreadKind | null;
  /** The sentence or its paragraph speaks of repeated runs (`over three runs`, `repeats`, `3 次`). */
  repeats: boolean;
}

/** Words that say what a spread is, most specific first. */
const SPREAD_KINDS: ReadonlyArray<[RegExp, SpreadKind]> = [
  [/\bsample (?:standard deviation|std(?:dev)?|sd)\b|样本标准差|표본 ?표준 ?편차/i, 'sd-sample'],
  [/\bpopulation (?:standard deviation|std(?:dev)?|sd)\b|总体标准差|모 ?표준 ?편차/i, 'sd-population'],
  [/\bstandard error\b|\bsem\b|标准误|표준 ?오차/i, 'sem'],
  [
    /\bhalf (?:of )?the (?:(?:min(?:imum)? ?[-–~] ?max(?:imum)?|full) )?range\b|\bhalf[- ]range\b|半极差|极差的一半|범위의 ?절반/i,
    'half-range',
  ],
  [/\bstandard deviation\b|\bstd(?:dev)?\b|\bs\.d\.|\bsd\b|σ|标准差|표준 ?편차/i, 'sd'],
];
/** Words of repeated runs. */
const REPEATS =
  /\b(?:runs|repeats|repetitions|trials|invocations|reruns)\b|重复|[0-9一二三四五六七八九十]{1,4} ?(?:次|轮)|반복|[0-9]{1,4} ?회/i;

/** Whether a text speaks of repeated runs. */
export function speaksOfRepeats(text: string): boolean {
  return REPEATS.test(text);
}

/** What a text says a spread is, or null. */
export function spreadKind(text: string): SpreadKind | null {
  for (const [re, kind] of SPREAD_KINDS) if (re.test(text)) return kind;
  return null;
}

/** One-for-one character replacements, so that offsets are kept: full-width forms and the minus sign. */
export function normalise(text: string): string {
  return text.replace(/[％−–×～]/g, (c) => ({ '％': '%', '−': '-', '–': '-', '×': 'x', '～': '~' })[c] ?? c);
}

// Units as write-ups spell them: `ms` / `milliseconds`, `s` / `sec` / `seconds`, `tok/s` / `tokens/sec` / `tokens per
// second`, `req/s` / `requests/sec` / `QPS`.
const UNIT = String.raw`(%|x(?![A-Za-z0-9])|倍|배|ms(?![A-Za-z])|millisec(?:ond)?s?(?![A-Za-z])|msec(?![A-Za-z])|s(?![A-Za-z/])|sec(?:onds?)?(?![A-Za-z])|tok(?:en)?s?\/s(?:ec)?(?![A-Za-z])|t\/s(?![A-Za-z])|tok(?:en)?s? per sec(?:ond)?(?![A-Za-z])|req(?:uest)?s?\/s(?:ec)?(?![A-Za-z])|(?:qps|QPS|rps|RPS)(?![A-Za-z])|tps(?![A-Za-z]))`;
// `120 ± 8 ms`: a centre and its spread, in the unit after the spread (each a claim of its own).
// `12.5K tok/s`: a thousands (`K`, `k`) or millions (`M`) suffix, read for rates only.
const NUMBER = new RegExp(
  String.raw`(?<![\w.\-/±])(${NUM})(?:[kKM](?![A-Za-z]))?(?:\s?(±|\+\/-)\s?(\d{1,9}(?:\.\d{1,9})?))?\s*${UNIT}`,
  'dg',
);
/** The factor of a `K` / `M` suffix right after a number. */
const SUFFIX: Record<string, number> = { k: 1000, K: 1000, M: 1_000_000 };
/** Emphasis that closes right after a number (`**7412.80 ms**`): not part of what follows it. */
const CLOSING_EMPHASIS = /^(?:\*{1,2}|_{1,2})/;
/** The text after a number, with the emphasis that closes on it left out. */
const after = (text: string, at: number, length: number) =>
  text
    .slice(at, at + length + 2)
    .replace(CLOSING_EMPHASIS, '')
    .slice(0, length);
/** A measurement as printed: two or more decimals, or thousands separators (`24022.63`, `1,014`). */
const DECIMALS = /^[+-]?\d+\.\d{2,}$/;
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const measured = (t: string) => DECIMALS.test(t) || GROUPED.test(t);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
/** Characters that make a number part of something else before it (a word, a version, a path, a spread, a price). */
const GLUED_BEFORE = /[\w.\-/±$#@]/;
/** Characters that make a number part of something else after it (a word, a unit written close, a percent). */
const GLUED_AFTER = /[\w%倍배]/;

/** Words between the two numbers of a from-to pair (`to`, `→`, `到`, Korean `에서` right after the first). */
const PAIR_JOIN = ['to', '→', '->', '到', '至', '에서'];
/** Words before the first number of a from-to pair. */
const PAIR_FROM = ['from', '从', '由'];
const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';

/**
 * The first number of a from-to pair whose unit is written once, after the second (`from 384 to 719 tok/s`,
 * `从 607 到 1,371 ms`, `384에서 719 tok/s로`), as its [start, end): a scan back from the second number that never
 * passes `floor` (the end of the number read before), so the scans of a text are linear in it.
 */
function pairedBefore(text: string, at: number, floor: number): [number, number] | null {
  let i = at;
  while (i > floor && isBlank(text[i - 1])) i--;
  const join = PAIR_JOIN.find((w) => i - w.length >= floor && text.startsWith(w, i - w.length));
  if (!join || (join === 'to' && /\w/.test(text[i - 3] ?? ''))) return null;
  i -= join.length;
  const korean = join === '에서';
  if (!korean) while (i > floor && isBlank(text[i - 1])) i--;
  const end = i;
  while (i > floor && (isDigit(text[i - 1]) || text[i - 1] === '.' || text[i - 1] === ',')) i--;
  if (i === end || !isDigit(text[i]) || !isDigit(text[end - 1]) || (i > 0 && GLUED_BEFORE.test(text[i - 1]))) return null;
  if (korean) return [i, end];
  let j = i;
  while (j > floor && isBlank(text[j - 1])) j--;
  const from = PAIR_FROM.find((w) => j - w.length >= floor && text.startsWith(w, j - w.length));
  if (!from || (from === 'from' && /\w/.test(text[j - 5] ?? ''))) return null;
  return [i, end];
}

/**
 * Numbers without a unit that look like printed measurements, as [start, end) text ranges, in one pass: a run of
 * digits, points and commas is read once (a trailing point or comma is punctuation).
 */
function bareNumbers(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = 0;
  while (i < text.length) {
    const signed = (text[i] === '+' || text[i] === '-') && isDigit(text[i + 1]);
    if (!isDigit(text[i]) && !signed) {
      i++;
      continue;
    }
    let j = signed ? i + 1 : i;
    while (j < text.length && (isDigit(text[j]) || text[j] === '.' || text[j] === ',')) j++;
    let end = j;
    while (text[end - 1] === '.' || text[end - 1] === ',') end--;
    const before = i > 0 ? text[i - 1] : '';
    if (!GLUED_BEFORE.test(before) && !(end === j && GLUED_AFTER.test(text[j] ?? '')) && measured(text.slice(i, end))) out.push([i, end]);
    i = j;
  }
  return out;
}
const SENTENCE_END = /[。；;!?！？\n]|\.(?=\s|$)/g;
const CLAUSE_END = /[，、]|,(?!\d{3})|\band\b|\bwhile\b|\bbut\b|而|同时/g;
/** Words that make a clause a comparison of two runs. */
const COMPARE =
  /\dx the\b|\btimes (?:the|that of)\b|\d ?(?:倍|배)|faster|slower|higher|lower|speed-?up|reduc|improv|increas|decreas|better|worse|drop|gain|cut|less|more|regress|differ|提升|提高|降低|下降|减少|增加|快|慢|加速|缩短|改善|优化|相差|差距|差异|高|低|향상|개선|증가|감소|단축|빨라|빠르|느려|느리|줄|늘|높|낮|짧/i;
/**
 * A clause of values only (`about 53.7 s against 25.2 s`, `从 607 ms 到 1,371 ms`). No text can be split into
 * these pieces two ways (`vs.` is `vs` and a `.`), so a clause that is not one fails in linear time.
 */
export const RESTATE =
  /^(?:about|around|roughly|from|to|vs|versus|against|and|or|then|从|到|增加到|降到|对比|和|ms|s|tok\/s|req\/s|[\s\d.,~≈约()（）→-])*$/i;
/** What follows a number that is a quantity of something else (`2x more prompts`, `10% of the memory`). */
const NOT_A_METRIC =
  /^\s*(?:of\b|(?:more|fewer|larger|bigger|smaller|less|the|as many)\s+)?(?:prompts?|requests?|batch|gpus?|npus?|memory|vram|users?|concurrency|context|params|parameters|layers|experts|nodes|cost|price|data|kv|cache|prefix|hit|utili[sz]ation|显存|请求|并发)/i;
/**
 * What may follow a restated value: the end of its clause, a connective, or a metric name (also after `of`). Anything else makes it
 * a setting (`after a 30 s warm-up`, `a 5 s timeout`), not a measurement.
 */
const VALUE_FOLLOW =
  /^\s*(?:$|[(),.;:!?。，；：（）→]|->|(?:and|or|vs\.?|versus|on|with|for|in|at|to|from|than|while|compared|against|instead|before|after|under|over|per|median|mean|avg|average|p\d{2}|ttft|tpot|itl|e2e|output|total|throughput|respectively|each|overall|is|was)\b|(?:pp|tg)\d{1,6}\b|of\s(?:the\s)?(?:output|total|request|token|median|mean|p\d{2}|ttft|tpot|itl|e2e)|of\s(?!(?:an?\s|the\s)?(?:warm|cool|time|delay|sleep|idle|budget|slack|headroom|pause|overhead|input|prompt|context|load|traffic|requests?\b|concurrency|batch))|和|与|对比|相比|降|增|提|减|下|上|左右|的|高|低|快|慢|로|으로|에서|대비|보다|입니다|이며|이고|였|와|과|까지|부터)/i;
/**
 * What precedes a multiple or a percentage of a setting (`동시성을 4배로`, `并发提高 4 倍`, `batch size 2x`): the number
 * is how much the setting changed, not a result. Tested on the few characters before the number.
 */
const SETTING_BEFORE =
  /(?:동시성|동시 요청 수|배치 ?크기|배치|GPU 수|카드 수|并发数?|批大小|批量|卡数|concurrency|batch[ -]size|GPU count)\s*(?:을|를|이|가|은|는|的)?\s*(?:提高|增加|提升|扩大|增至|翻|늘려|높여)?\s*了?\s*$/i;
/** `8x H100`: a count of devices, not a ratio. */
const DEVICES = /^\s*(?:[A-Z]{1,2}\d{2,4}|GPUs?|NPUs?|cards?|卡)/;

/** Sentences of a text: [start, end) ranges. */
function spans(text: string, re: RegExp): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (const m of text.matchAll(re)) {
    out.push([start, m.index + m[0].length]);
    start = m.index + m[0].length;
  }
  out.push([start, text.length]);
  return out;
}

/** Index of the first metric with `key(m) > at` (metrics are in text order and do not overlap). */
function firstAfter(metrics: readonly MetricRef[], at: number, key: (m: MetricRef) => number): number {
  let lo = 0;
  let hi = metrics.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(metrics[mid]) > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The metric of the clause nearest to [at, end) (the earlier of two as near), or null. */
function nearestInClause(
  metrics: readonly MetricRef[],
  ordered: boolean,
  clause: [number, number],
  at: number,
  end: number,
): MetricRef | null {
  const inClause = (m: MetricRef | undefined) => m !== undefined && m.start >= clause[0] && m.end <= clause[1];
  const dist = (m: MetricRef) => (m.end <= at ? at - m.end : m.start - end);
  if (!ordered) {
    const all = metrics.filter((m) => inClause(m));
    return all.length > 0 ? [...all].sort((x, y) => dist(x) - dist(y))[0] : null;
  }
  // In order: the last ending at or before the number, or the first in the clause ending after it.
  const k = firstAfter(metrics, at, (m) => m.end);
  const before = inClause(metrics[k - 1]) ? metrics[k - 1] : null;
  let after: MetricRef | null = null;
  for (let j = k; j < metrics.length && metrics[j].start < clause[1] && !after; j++) if (inClause(metrics[j])) after = metrics[j];
  if (!before || !after) return before ?? after;
  return dist(after) < dist(before) ? after : before;
}

/**
 * The metric a number at [at, end) is about: the nearest in its clause, else the nearest before it in its sentence.
 * Metrics in order of both their ends (as `metricsIn` gives them) are binary searches, never passes over the text's
 * metrics; `ordered` false reads them by passes (for texts whose metrics are not in that order: none are known).
 */
function metricFor(
  ctx: Contexts,
  metrics: readonly MetricRef[],
  ordered: boolean,
  range: { clause: [number, number]; sentence: [number, number]; at: number; end: number },
  comparison: boolean,
): MetricRef | null {
  const { clause, sentence, at, end } = range;
  const near = nearestInClause(metrics, ordered, clause, at, end);
  if (near) return near;
  if (!comparison && !ctx.test(RESTATE, clause)) return null;
  // Outside its clause a metric is the number's only when the clause compares (`, a 3.56x speedup`) or
  // restates values (`, about 53.7 s against 25.2 s`); such a metric is borrowed, never certain.
  if (comparison && !ctx.test(COMPARE, clause)) return null;
  if (!ordered) {
    const before = metrics.filter((m) => m.start >= sentence[0] && m.end <= at);
    if (before.length > 0) return before[before.length - 1];
    return metrics.find((m) => m.start >= end && m.end <= sentence[1]) ?? null;
  }
  const last = metrics[firstAfter(metrics, at, (m) => m.end) - 1];
  if (last && last.start >= sentence[0]) return last;
  const next = metrics[firstAfter(metrics, end - 1, (m) => m.start)];
  return next && next.end <= sentence[1] ? next : null;
}

/**
 * The sentences and clauses of one text, each found once: a number's sentence and clause are binary searches, a
 * clause's text is one string (so what is read of it per claim is read once per clause), and a regex is run over
 * a clause once.
 */
class Contexts {
  readonly sentences: Array<[number, number]>;
  private readonly clauses = new Map<string, Array<[number, number]>>();
  private readonly texts = new Map<string, string>();
  private readonly tests = new Map<string, boolean>();
  private readonly directions = new Map<string, 'up' | 'down' | null>();

  constructor(private readonly text: string) {
    this.sentences = spans(text, SENTENCE_END);
  }

  /** The sentence holding `at` ([0, length] when none does). */
  sentenceAt(at: number): [number, number] {
    const i = firstStartAfter(this.sentences, at) - 1;
    const s = this.sentences[i];
    return s && at < s[1] ? s : [0, this.text.length];
  }

  /** The clause of `sentence` holding `at` (the sentence when none does). */
  clauseAt(sentence: [number, number], at: number): [number, number] {
    const key = `${sentence[0]},${sentence[1]}`;
    let list = this.clauses.get(key);
    if (!list) {
      list = spans(this.text.slice(sentence[0], sentence[1]), CLAUSE_END).map(([s, e]): [number, number] => [
        s + sentence[0],
        e + sentence[0],
      ]);
      this.clauses.set(key, list);
    }
    const c = list[firstStartAfter(list, at) - 1];
    return c && at >= c[0] && at < c[1] ? c : sentence;
  }

  /** The text of a range, one string per range. */
  of(range: [number, number]): string {
    const key = `${range[0]},${range[1]}`;
    let t = this.texts.get(key);
    if (t === undefined) this.texts.set(key, (t = this.text.slice(range[0], range[1])));
    return t;
  }

  /** `directionOf` of a clause, worked out once per sign and metric family. */
  direction(sign: string, clause: [number, number], family: Family | null): 'up' | 'down' | null {
    if (sign === '+' || sign === '-') return directionOf(sign, '', family);
    const key = `${sign}\u0000${family}\u0000${clause[0]},${clause[1]}`;
    let d = this.directions.get(key);
    if (d === undefined) this.directions.set(key, (d = directionOf(sign, this.of(clause), family)));
    return d;
  }

  test(re: RegExp, range: [number, number]): boolean {
    const key = `${re.source}\u0000${range[0]},${range[1]}`;
    let hit = this.tests.get(key);
    if (hit === undefined) this.tests.set(key, (hit = re.test(this.of(range))));
    return hit;
  }
}

/** Index of the first range starting after `at` (ranges in order). */
function firstStartAfter(ranges: ReadonlyArray<[number, number]>, at: number): number {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][0] > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A clause that sets a rate (`at a request rate of 4 req/s`, `we used 100 prompts at 4 req/s`) rather than measuring
 * one. Not `using`: `using the cache, output reaches 1,014 tok/s` measures.
 */
const RATE_SETTING = /\brate\b|速率|\blimit|\b(?:used|sent|sending|issued|configured|fixed|capped)\b|设置/i;
/** Words that set a load whatever metric the clause names (`capped`, `used`); `rate` may instead name the run. */
const LOAD_SETTING = /\blimit|\b(?:used|sent|sending|issued|configured|fixed|capped)\b|设置/i;

/** The metric a rate unit implies when the text names none: a token rate is some throughput, a request rate the request throughput. */
function rateOf(unit: string, at: number): MetricRef | null {
  if (unit === 'tok/s') return { family: 'throughput', stat: null, start: at, end: at };
  if (unit === 'req/s') return { family: 'request', stat: null, start: at, end: at };
  return null;
}

/** The unit a matched unit word stands for (`%`, `x`, `ms`, `s`, `tok/s`, `req/s`). */
function unitOf(raw: string): string {
  if (raw === '%') return '%';
  if (raw === 'x' || raw === '倍' || raw === '배') return 'x';
  if (raw.startsWith('s')) return 's';
  if (raw.startsWith('m')) return 'ms';
  if (raw.startsWith('req') || /^[qQrR]/.test(raw)) return 'req/s';
  return 'tok/s';
}

/** Sentence punctuation or a colon at the end of a line: the line ends there. */
const LINE_END = /[.。!?！？:：;；|]$/;
/** A line that ends in a number, a percentage or a ratio. */
const VALUE_END = /\d(?:\s?[%x])?$/;
/** A line that starts a new item: a list marker, a quote, a heading, a table row, or a `Label:` of a few words. */
const ITEM_START = /^(?:[-*+>#|]|\d{1,3}[.)](?:\s|$)|[^\s:：]{1,24}(?: [^\s:：]{1,24}){0,3}[:：])/;

/**
 * The text with each soft line break inside a sentence read as a space (`mean TTFT` / `of 7412.80 ms` on two lines
 * of one paragraph is one sentence): a break after a line that does not end a sentence, before a line that does
 * not start an item. `<br>` breaks, and breaks between lines that are items, stay. One for one: offsets are kept.
 * Returns the positions joined.
 */
function softJoin(text: string, raw: string, map: readonly number[]): { text: string; joined: number[] } {
  const joined: number[] = [];
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    const prev = text.slice(lineStart, i).trimEnd();
    lineStart = i + 1;
    if (raw[map[i]] !== '\n' || !prev || LINE_END.test(prev)) continue;
    let nextEnd = text.indexOf('\n', i + 1);
    if (nextEnd < 0) nextEnd = text.length;
    const next = text.slice(i + 1, nextEnd).trimStart();
    if (!next || ITEM_START.test(next)) continue;
    // `Throughput improved ~ +6.4%` / `TTFT improved ~ -5.4%`: a line that ends in a number, then one that starts
    // with a capital, are two statements (a list written without markers).
    if (VALUE_END.test(prev) && /^\p{Lu}/u.test(next)) continue;
    joined.push(i);
  }
  if (joined.length === 0) return { text, joined };
  // By code units (offsets are code units): a character outside the BMP stays whole.
  const units = text.split('');
  for (const j of joined) units[j] = ' ';
  return { text: units.join(''), joined };
}

/** Every value, percentage and ratio of a paragraph or cell, with offsets in `raw`. */
export function parseProseNumbers(raw: string): ProseNumber[] {
  const v0 = visibleText(raw);
  const { text: joinedText, joined } = softJoin(normalise(v0.text), raw, v0.map);
  const v: VisibleText = { ...v0, text: joinedText };
  const text = v.text;
  const metrics = metricsIn(text);
  const ctx = new Contexts(text);
  // Metrics in order of both their ends (as metricsIn gives them) are searched, never scanned, per number.
  const ordered = metrics.every((m, i) => i === 0 || (m.start >= metrics[i - 1].start && m.end >= metrics[i - 1].end));
  const out: ProseNumber[] = [];
  /** Text ranges of the numbers read with a unit. */
  const taken: Array<[number, number]> = [];
  /** The clause of each number of `out`, by index. */
  const clauseOf: Array<[number, number]> = [];
  /** The text position of each number of `out`, by index. */
  const positionOf: number[] = [];
  /** Every value written with a time or rate unit, claim or not: [position, unit]. */
  const mentions: Array<[number, string]> = [];
  for (const m of text.matchAll(NUMBER)) {
    const [ns, ne] = m.indices![1]!;
    const unitRaw = m[4];
    if (!['%', 'x', '倍', '배'].includes(unitRaw)) mentions.push([ns, unitOf(unitRaw)]);
    // The spread of `a ± b` is not a claim of its own.
    const lead = text.slice(Math.max(0, m.index - 4), m.index).trimEnd();
    if (lead.endsWith('±') || lead.endsWith('+/-')) continue;
    if (unitRaw === 'x' && DEVICES.test(text.slice(m.indices![4]![1]))) continue;
    // `300 × 0.12`: a factor of a product written out, not a ratio stated.
    if (unitRaw === 'x' && /^\s*\d/.test(text.slice(m.indices![4]![1], m.indices![4]![1] + 4))) continue;
    if (!['%', 'x', '倍', '배'].includes(unitRaw) && !VALUE_FOLLOW.test(after(text, m.indices![4]![1], 30))) continue;
    if (
      (unitRaw === '%' || unitRaw === 'x' || unitRaw === '倍' || unitRaw === '배') &&
      (NOT_A_METRIC.test(text.slice(m.indices![4]![1], m.indices![4]![1] + 40)) ||
        SETTING_BEFORE.test(text.slice(Math.max(0, ns - 16), ns)))
    )
      continue;
    const unit = unitOf(unitRaw);
    const kind: ProseKind = unit === '%' ? 'percent' : unit === 'x' ? 'ratio' : 'value';
    const numberText = text.slice(ns, ne);
    // A `K` / `M` suffix scales a rate (`12.5K tok/s`); on anything else it is not a measurement this reader knows.
    const scale = SUFFIX[text[ne]];
    if (scale !== undefined && unit !== 'tok/s' && unit !== 'req/s') continue;
    // `x` right after the number, or `x faster` / `x slower` words kept with the claim.
    let end = m.indices![4]![1];
    if (kind === 'ratio') {
      const word = /^\s*(faster|slower|speed-?up|higher|lower|more|less|better)/i.exec(text.slice(end));
      // Kept with the claim only on its line: a claim's text stands on one source line.
      if (word && !joined.some((j) => j >= end && j < end + word[0].length)) end += word[0].length;
    }
    // A unit on the next line of the paragraph (`1,793.76` / `t/s`): the claim's text is the number, on its own line.
    if (kind === 'value' && joined.some((j) => j >= ne && j < end)) end = ne;
    const stated = statedAt(v, kind === 'value' ? 'value' : kind, ns, end, numberText, unit);
    if (!stated) continue;
    const sentence = ctx.sentenceAt(ns);
    const clause = ctx.clauseAt(sentence, ns);
    let before = text.slice(Math.max(sentence[0], ns - 16), ns).trimEnd();
    if (before.endsWith('+') || before.endsWith('-')) before = before.slice(0, -1);
    stated.claim = raw.slice(stated.offset, stated.end);
    // `120 ± 8 ms`: the centre and the spread, each with its own text, in the unit written after the spread.
    let spread: Spread | undefined;
    if (kind === 'value' && m[3] !== undefined && end > ne && scale === undefined) {
      const [ss] = m.indices![2]!;
      const [vs, ve] = m.indices![3]!;
      const centre = statedAt(v, 'value', ns, ne, numberText, unit);
      const value = statedAt(v, 'value', ss, end, text.slice(vs, ve), unit);
      if (centre && value) {
        centre.claim = raw.slice(centre.offset, centre.end);
        value.claim = raw.slice(value.offset, value.end);
        const said = ctx.of(sentence);
        spread = { centre, value, kind: spreadKind(said) ?? spreadKind(text), repeats: REPEATS.test(said) || REPEATS.test(text) };
      }
    }
    const own = metricFor(ctx, metrics, ordered, { clause, sentence, at: ns, end }, kind !== 'value');
    // A rate the clause sets (`at a request rate of 4 req/s`, `we used 100 prompts at 4 req/s`) is a setting; a token
    // rate of a token throughput the clause names is measured, whatever rate names the run (`速率 4 的输出吞吐量为
    // 839.01 tok/s`).
    const measuredRate =
      unit === 'tok/s' && own !== null && (own.family === 'output' || own.family === 'total' || own.family === 'throughput');
    if (kind === 'value' && (unit === 'req/s' || unit === 'tok/s') && ctx.test(measuredRate ? LOAD_SETTING : RATE_SETTING, clause))
      continue;
    // A clause that only restates another side (`TTFT is 224.35 ms for A, and 318.00 ms for B`) takes the metric of
    // the value before it in the sentence (or in the part before a `;`), in the same unit: borrowed, never certain.
    const prev = out[out.length - 1];
    let back = sentence[0];
    while (back > 0 && isBlank(text[back - 1])) back--;
    const from = back > 0 && (text[back - 1] === ';' || text[back - 1] === '；') ? ctx.sentenceAt(back - 1)[0] : sentence[0];
    const parallel =
      !own && kind === 'value' && prev?.kind === 'value' && prev.metric && positionOf[out.length - 1] >= from && prev.stated.unit === unit
        ? prev.metric
        : null;
    // `goes from 142.17 to 149.62 t/s, a 5.2% gain`: a change after the values it compares, in their sentence, is
    // about their metric (borrowed, so judged on those values, never on a guess of its own).
    const between =
      !own && kind !== 'value' && prev?.kind === 'value' && prev.metric && positionOf[out.length - 1] >= from ? prev.metric : null;
    const named = own ?? parallel ?? between;
    // A rate with no metric named is about the rate its unit says (`reaches 1,014 tok/s`): a guess, never certain.
    const implied = named || kind !== 'value' || ctx.test(RATE_SETTING, clause) ? null : rateOf(unit, ns);
    const metric = named ?? implied;
    // `from 384 to 719 tok/s`: the first number of the pair is a value of the same metric, in the same unit.
    const pair =
      kind === 'value' && scale === undefined ? pairedBefore(text, ns, Math.max(sentence[0], taken[taken.length - 1]?.[1] ?? 0)) : null;
    const first = pair ? statedAt(v, 'value', pair[0], pair[1], text.slice(pair[0], pair[1]), unit) : null;
    if (pair && first) {
      first.claim = raw.slice(first.offset, first.end);
      taken.push(pair);
      clauseOf.push(clause);
      positionOf.push(pair[0]);
      // In text order, before the second number's.
      mentions.splice(mentions.length - 1, 0, [pair[0], unit]);
      out.push({
        kind,
        stated: first,
        metric,
        borrowed: implied !== null || parallel !== null || (metric !== null && !(metric.start >= clause[0] && metric.end <= clause[1])),
        approx: APPROX.test(text.slice(Math.max(sentence[0], pair[0] - 16), pair[0]).trimEnd()),
        bound: null,
        multiple: false,
        direction: null,
        context: ctx.of(sentence),
        clause: ctx.of(clause),
      });
    }
    taken.push([ns, end]);
    clauseOf.push(clause);
    positionOf.push(ns);
    out.push({
      kind,
      stated,
      metric,
      borrowed:
        implied !== null ||
        parallel !== null ||
        between !== null ||
        (metric !== null && !(metric.start >= clause[0] && metric.end <= clause[1])),
      approx: APPROX.test(before) || APPROX_AFTER.test(text.slice(end, end + 8)),
      bound: UP_TO.test(before) ? 'up-to' : AT_LEAST.test(before) ? 'at-least' : null,
      multiple: unitRaw === '倍' || unitRaw === '배',
      ...(scale !== undefined ? { scale } : {}),
      ...(spread ? { spread } : {}),
      direction: kind === 'percent' ? ctx.direction(numberText[0], clause, metric?.family ?? null) : null,
      context: ctx.of(sentence),
      clause: ctx.of(clause),
    });
  }
  // Numbers without a unit, where the clause (or a value-only clause's sentence) names the metric.
  // Bare numbers and taken ranges are both in text order: one pointer over the taken ranges.
  let t = 0;
  for (const [ns, ne] of bareNumbers(text)) {
    const numberText = text.slice(ns, ne);
    while (t < taken.length && taken[t][1] <= ns) t++;
    if (t < taken.length && taken[t][0] < ne) continue;
    if (!VALUE_FOLLOW.test(after(text, ne, 30))) continue;
    const stated = statedAt(v, 'value', ns, ne, numberText, '');
    if (!stated) continue;
    const sentence = ctx.sentenceAt(ns);
    const clause = ctx.clauseAt(sentence, ns);
    const metric = metricFor(ctx, metrics, ordered, { clause, sentence, at: ns, end: ne }, false);
    if (!metric) continue;
    stated.claim = raw.slice(stated.offset, stated.end);
    out.push({
      kind: 'value',
      stated,
      metric,
      borrowed: !(metric.start >= clause[0] && metric.end <= clause[1]),
      approx: false,
      bound: null,
      multiple: false,
      direction: null,
      context: ctx.of(sentence),
      clause: ctx.of(clause),
      bare: true,
    });
    clauseOf.push(clause);
    positionOf.push(ns);
  }
  // A value shares its clause with another value of its kind (a time with a time, a rate with a rate), whether
  // or not that one was read as a claim (`from 1022.13 ms to 287.00 ms (-71.9%)`). Counted once per clause.
  const dimension = (unit: string) => (unit === 'ms' || unit === 's' ? 'time' : unit);
  const mentionAt = new Map(mentions.map(([at, unit]) => [at, dimension(unit)]));
  const perClause = new Map<string, { all: number; by: Map<string, number>; values: number }>();
  const countsOf = ([cs, ce]: [number, number]) => {
    const key = `${cs},${ce}`;
    let c = perClause.get(key);
    if (!c) {
      c = { all: 0, by: new Map(), values: 0 };
      // Mentions are in text order: the clause's are one run of them.
      let lo = 0;
      let hi = mentions.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (mentions[mid][0] >= cs) hi = mid;
        else lo = mid + 1;
      }
      for (let k = lo; k < mentions.length && mentions[k][0] < ce; k++) {
        const d = dimension(mentions[k][1]);
        c.all++;
        c.by.set(d, (c.by.get(d) ?? 0) + 1);
      }
      perClause.set(key, c);
    }
    return c;
  };
  out.forEach((n, i) => {
    if (n.kind === 'value') countsOf(clauseOf[i]).values++;
  });
  out.forEach((n, i) => {
    if (n.kind !== 'value') return;
    const c = countsOf(clauseOf[i]);
    const own = n.bare ? null : dimension(n.stated.unit ?? '');
    const matching = own === null ? c.all : (c.by.get(own) ?? 0);
    const self = mentionAt.get(positionOf[i]);
    const here = matching - (self !== undefined && (own === null || self === own) ? 1 : 0);
    if (here > 0 || c.values > 1) n.shared = true;
  });
  return out.sort((a, b) => a.stated.offset - b.stated.offset);
}
