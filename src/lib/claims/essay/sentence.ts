/**
 * Numbers of benchmark prose, English and Chinese: a metric value with its unit (`287 ms`, `25.22 s`,
 * `1,014 tok/s`), a percentage (`-71.9%`, `约 20%`, `提升了 35％`) or a ratio (`3.56x faster`, `快 1.5 倍`), each
 * with the metric it is about and how loosely it is meant.
 */
import { visibleText, type VisibleText } from '../html.js';
import { NUM, statedAt, type Stated } from '../stated.js';
import { APPROX, AT_LEAST, UP_TO, directionOf, metricsIn, type MetricRef } from './vocab.js';

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
  /** `倍`: a Chinese multiple, which some writers mean as the increase (`提升 1 倍` = 2x). */
  multiple: boolean;
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
}

/** One-for-one character replacements, so that offsets are kept: full-width forms and the minus sign. */
export function normalise(text: string): string {
  return text.replace(/[％−–×～]/g, (c) => ({ '％': '%', '−': '-', '–': '-', '×': 'x', '～': '~' })[c] ?? c);
}

// Units as write-ups spell them: `ms` / `milliseconds`, `s` / `sec` / `seconds`, `tok/s` / `tokens/sec` / `tokens per
// second`, `req/s` / `requests/sec` / `QPS`.
const UNIT = String.raw`(%|x(?![A-Za-z0-9])|倍|ms(?![A-Za-z])|millisec(?:ond)?s?(?![A-Za-z])|msec(?![A-Za-z])|s(?![A-Za-z/])|sec(?:onds?)?(?![A-Za-z])|tok(?:en)?s?\/s(?:ec)?(?![A-Za-z])|tok(?:en)?s? per sec(?:ond)?(?![A-Za-z])|req(?:uest)?s?\/s(?:ec)?(?![A-Za-z])|(?:qps|QPS|rps|RPS)(?![A-Za-z])|tps(?![A-Za-z]))`;
// `313.28 ± 4.1 ms`: the mean is the claim, in the unit after the spread.
const NUMBER = new RegExp(String.raw`(?<![\w.\-/±])(${NUM})(?:\s?(?:±|\+\/-)\s?\d{1,9}(?:\.\d{1,9})?)?\s*${UNIT}`, 'dg');
/** A measurement as printed: two or more decimals, or thousands separators (`24022.63`, `1,014`). */
const DECIMALS = /^[+-]?\d+\.\d{2,}$/;
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const measured = (t: string) => DECIMALS.test(t) || GROUPED.test(t);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
/** Characters that make a number part of something else before it (a word, a version, a path, a spread, a price). */
const GLUED_BEFORE = /[\w.\-/±$#@]/;
/** Characters that make a number part of something else after it (a word, a unit written close, a percent). */
const GLUED_AFTER = /[\w%倍]/;

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
  /faster|slower|higher|lower|speed-?up|reduc|improv|increas|decreas|better|worse|drop|gain|cut|less|more|regress|differ|提升|提高|降低|下降|减少|增加|快|慢|加速|缩短|改善|优化|相差|差距|差异/i;
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
  /^\s*(?:$|[(),.;:!?。，；：（）→]|->|(?:and|or|vs\.?|versus|on|with|for|in|at|to|from|than|while|compared|against|instead|before|after|under|over|per|median|mean|avg|average|p\d{2}|ttft|tpot|itl|e2e|output|total|throughput|respectively|each|overall)\b|of\s(?:the\s)?(?:output|total|request|token|median|mean|p\d{2}|ttft|tpot|itl|e2e)|和|与|对比|相比|降|增|提|减|下|上|左右|的)/i;
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

/** The metric a number at [at, end) is about: the nearest in its clause, else the nearest before it in its sentence. */
function metricFor(
  text: string,
  metrics: readonly MetricRef[],
  clause: [number, number],
  sentence: [number, number],
  at: number,
  end: number,
  comparison: boolean,
): MetricRef | null {
  const inClause = metrics.filter((m) => m.start >= clause[0] && m.end <= clause[1]);
  const dist = (m: MetricRef) => (m.end <= at ? at - m.end : m.start - end);
  if (inClause.length > 0) return [...inClause].sort((a, b) => dist(a) - dist(b))[0];
  if (!comparison && !RESTATE.test(text.slice(clause[0], clause[1]))) return null;
  // Outside its clause a metric is the number's only when the clause compares (`, a 3.56x speedup`) or
  // restates values (`, about 53.7 s against 25.2 s`); such a metric is borrowed, never certain.
  if (comparison && !COMPARE.test(text.slice(clause[0], clause[1]))) return null;
  const before = metrics.filter((m) => m.start >= sentence[0] && m.end <= at);
  if (before.length > 0) return before[before.length - 1];
  return metrics.find((m) => m.start >= end && m.end <= sentence[1]) ?? null;
}

/**
 * A clause that sets a rate (`at a request rate of 4 req/s`, `we used 100 prompts at 4 req/s`) rather than measuring
 * one. Not `using`: `using the cache, output reaches 1,014 tok/s` measures.
 */
const RATE_SETTING = /\brate\b|速率|\blimit|\b(?:used|sent|sending|issued|configured|fixed|capped)\b|设置/i;

/** The metric a rate unit implies when the text names none: a token rate is some throughput, a request rate the request throughput. */
function rateOf(unit: string, at: number): MetricRef | null {
  if (unit === 'tok/s') return { family: 'throughput', stat: null, start: at, end: at };
  if (unit === 'req/s') return { family: 'request', stat: null, start: at, end: at };
  return null;
}

/** The unit a matched unit word stands for (`%`, `x`, `ms`, `s`, `tok/s`, `req/s`). */
function unitOf(raw: string): string {
  if (raw === '%') return '%';
  if (raw === 'x' || raw === '倍') return 'x';
  if (raw.startsWith('s')) return 's';
  if (raw.startsWith('m')) return 'ms';
  if (raw.startsWith('req') || /^[qQrR]/.test(raw)) return 'req/s';
  return 'tok/s';
}

/** Every value, percentage and ratio of a paragraph or cell, with offsets in `raw`. */
export function parseProseNumbers(raw: string): ProseNumber[] {
  const v0 = visibleText(raw);
  const v: VisibleText = { ...v0, text: normalise(v0.text) };
  const text = v.text;
  const metrics = metricsIn(text);
  const sentences = spans(text, SENTENCE_END);
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
    const [ns, ne] = m.indices![1];
    const unitRaw = m[2];
    if (!['%', 'x', '倍'].includes(unitRaw)) mentions.push([ns, unitOf(unitRaw)]);
    // The spread of `a ± b` is not a claim of its own.
    const lead = text.slice(Math.max(0, m.index - 4), m.index).trimEnd();
    if (lead.endsWith('±') || lead.endsWith('+/-')) continue;
    if (unitRaw === 'x' && DEVICES.test(text.slice(m.indices![2][1]))) continue;
    if (!['%', 'x', '倍'].includes(unitRaw) && !VALUE_FOLLOW.test(text.slice(m.indices![2][1], m.indices![2][1] + 30))) continue;
    if ((unitRaw === '%' || unitRaw === 'x' || unitRaw === '倍') && NOT_A_METRIC.test(text.slice(m.indices![2][1], m.indices![2][1] + 40)))
      continue;
    const unit = unitOf(unitRaw);
    const kind: ProseKind = unit === '%' ? 'percent' : unit === 'x' ? 'ratio' : 'value';
    const numberText = text.slice(ns, ne);
    // `x` right after the number, or `x faster` / `x slower` words kept with the claim.
    let end = m.indices![2][1];
    if (kind === 'ratio') {
      const word = /^\s*(faster|slower|speed-?up|higher|lower|more|less|better)/i.exec(text.slice(end));
      if (word) end += word[0].length;
    }
    const stated = statedAt(v, kind === 'value' ? 'value' : kind, ns, end, numberText, unit);
    if (!stated) continue;
    const sentence: [number, number] = sentences.find(([s, e]) => ns >= s && ns < e) ?? [0, text.length];
    const clauses = spans(text.slice(sentence[0], sentence[1]), CLAUSE_END).map(([s, e]): [number, number] => [
      s + sentence[0],
      e + sentence[0],
    ]);
    const clause = clauses.find(([s, e]) => ns >= s && ns < e) ?? sentence;
    let before = text.slice(Math.max(sentence[0], ns - 16), ns).trimEnd();
    if (before.endsWith('+') || before.endsWith('-')) before = before.slice(0, -1);
    stated.claim = raw.slice(stated.offset, stated.end);
    // A rate the clause sets (`at a request rate of 4 req/s`, `we used 100 prompts at 4 req/s`) is a setting.
    if (kind === 'value' && (unit === 'req/s' || unit === 'tok/s') && RATE_SETTING.test(text.slice(clause[0], clause[1]))) continue;
    const named = metricFor(text, metrics, clause, sentence, ns, end, kind !== 'value');
    // A rate with no metric named is about the rate its unit says (`reaches 1,014 tok/s`): a guess, never certain.
    const implied = named || kind !== 'value' || RATE_SETTING.test(text.slice(clause[0], clause[1])) ? null : rateOf(unit, ns);
    const metric = named ?? implied;
    taken.push([ns, end]);
    clauseOf.push(clause);
    positionOf.push(ns);
    out.push({
      kind,
      stated,
      metric,
      borrowed: implied !== null || (metric !== null && !(metric.start >= clause[0] && metric.end <= clause[1])),
      approx: APPROX.test(before),
      bound: UP_TO.test(before) ? 'up-to' : AT_LEAST.test(before) ? 'at-least' : null,
      multiple: unitRaw === '倍',
      direction: kind === 'percent' ? directionOf(numberText[0], text.slice(clause[0], clause[1]), metric?.family ?? null) : null,
      context: text.slice(sentence[0], sentence[1]),
      clause: text.slice(clause[0], clause[1]),
    });
  }
  // Numbers without a unit, where the clause (or a value-only clause's sentence) names the metric.
  for (const [ns, ne] of bareNumbers(text)) {
    const numberText = text.slice(ns, ne);
    if (taken.some(([s, e]) => ns < e && ne > s)) continue;
    if (!VALUE_FOLLOW.test(text.slice(ne, ne + 30))) continue;
    const stated = statedAt(v, 'value', ns, ne, numberText, '');
    if (!stated) continue;
    const sentence: [number, number] = sentences.find(([s, e]) => ns >= s && ns < e) ?? [0, text.length];
    const clause =
      spans(text.slice(sentence[0], sentence[1]), CLAUSE_END)
        .map(([s, e]): [number, number] => [s + sentence[0], e + sentence[0]])
        .find(([s, e]) => ns >= s && ns < e) ?? sentence;
    const metric = metricFor(text, metrics, clause, sentence, ns, ne, false);
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
      context: text.slice(sentence[0], sentence[1]),
      clause: text.slice(clause[0], clause[1]),
      bare: true,
    });
    clauseOf.push(clause);
    positionOf.push(ns);
  }
  // A value shares its clause with another value of its kind (a time with a time, a rate with a rate), whether
  // or not that one was read as a claim (`from 1022.13 ms to 287.00 ms (-71.9%)`).
  const dimension = (unit: string) => (unit === 'ms' || unit === 's' ? 'time' : unit);
  out.forEach((n, i) => {
    if (n.kind !== 'value') return;
    const [cs, ce] = clauseOf[i];
    const own = n.bare ? null : dimension(n.stated.unit ?? '');
    const others = mentions.filter(([at, unit]) => at >= cs && at < ce && (own === null || dimension(unit) === own));
    const here = others.filter(([at]) => at !== positionOf[i]);
    const bareSame = out.some((m, j) => j !== i && m.kind === 'value' && clauseOf[j][0] === cs && clauseOf[j][1] === ce);
    if (here.length > 0 || bareSame) n.shared = true;
  });
  return out.sort((a, b) => a.stated.offset - b.stated.offset);
}
