/**
 * Orders stated in words or symbols without values, in the prose of any page with runs: `SGLang is the fastest
 * engine in total token throughput`, `vLLM has the lowest mean TTFT`, `SGLang > vLLM > TensorRT-LLM in total
 * token throughput`. Each is judged on the values the named runs print for the metric the sentence names.
 *
 * Formula: a superlative holds when the named run's value is the largest (`highest`; `fastest`/`best` for a
 * throughput) or the smallest (`lowest`; `fastest`/`best` for a latency) of the runs of the sentence's section; a
 * `>` / `<` holds when the runs' values compare that way. Tolerance: none, displayed values compared as printed
 * (ties hold either way). Certainty: a mismatch only when the sentence names the metric, each name is one run of
 * the section, the section (not the whole page) holds the compared runs, and the order fails for every metric key
 * the name may mean; otherwise untraceable with the runs' values.
 */
import type { Heading, Paragraph } from 'mdast';
import { visibleText } from '../html.js';
import { namedRunsPage, scopeRuns, type EssayPage } from '../essay/page.js';
import { mentions, namedByWords, scopeAt, type NamedRun } from '../essay/runs.js';
import { metricSource } from '../verify/sources.js';
import { normalise } from '../essay/sentence.js';
import { lowerIsBetter, metricKeys, metricsIn, refersTo, type MetricRef } from '../essay/vocab.js';
import type { Candidate as ClaimCandidate, Claim, ClaimSource } from '../../schemas/claim.js';
import { claimKind } from './types.js';

interface Order {
  /** `fastest`, `>`: the claim as written, with its visible offset. */
  word: string;
  at: number;
  /** For a superlative: the run named and which end it claims; for a relation: the two runs, larger first. */
  superlative: { runs: NamedRun[]; end: 'max' | 'min' | 'best' | 'worst' } | null;
  relation: { left: NamedRun[]; right: NamedRun[]; symbol: '>' | '<' } | null;
  /** `A is better on every metric than B`: the runs of A, of B (null: every other run of the section), which way. */
  every?: { left: NamedRun[]; right: NamedRun[] | null; better: boolean };
  metric: MetricRef;
}

interface Candidate {
  node: Paragraph | Heading;
  base: number;
  /** Visible offset -> raw offset of the paragraph text. */
  map: number[];
  order: Order;
  scope: NamedRun[];
  /** The paragraph sits in a section that holds runs (not only the page at large). */
  sectioned: boolean;
}

const SUPERLATIVE = /\b(fastest|slowest|highest|lowest|best|worst)\b|(最快|最慢|最高|最低|最好|最差)|가장 ?(높|낮|빠|느|좋|나쁘)/gi;
/** A Korean superlative (`가장 높습니다`) by its stem. */
const KO: Readonly<Record<string, string>> = { 높: 'highest', 낮: 'lowest', 빠: 'fastest', 느: 'slowest', 좋: 'best', 나쁘: 'worst' };
/** A Chinese superlative as the English word of the same end. */
const ZH: Readonly<Record<string, string>> = {
  最快: 'fastest',
  最慢: 'slowest',
  最高: 'highest',
  最低: 'lowest',
  最好: 'best',
  最差: 'worst',
};
/**
 * `better on every metric`, `worse across all metrics`, `各项指标都优于`, `모든 지표에서 앞서`: an order on every metric
 * two runs both print, and `A underperforms B on every metric`. A group that matched is the better side's word.
 */
const EVERY =
  /\b(?:(outperforms|beats|leads)|(?:underperforms|trails|lags(?:\s+behind)?))\s[^.;!?\n]{0,60}?\b(?:on|in|across|for)\s+(?:every|all|each)\s+(?:the\s+)?(?:metrics?|measures?)\b|\b(?:(better|faster)|(?:worse|slower))\s+(?:on|in|across|for)\s+(?:every|all|each)\s+(?:the\s+)?(?:metrics?|measures?)\b|(?:各项|所有)指标(?:上|中)?都?(?:(更好|优于|领先)|(?:更差|不如|落后))|모든 지표에서 ?(?:(앞서|앞섭|앞선|우수|더 좋)|(?:뒤처|뒤쳐|더 나쁘|떨어))/gi;

/** Metric keys an `every metric` order compares, and which way is better: rates up, latencies and duration down. */
function orderedKeys(metrics: Readonly<Record<string, unknown>>): Array<[string, boolean]> {
  return Object.keys(metrics).flatMap((k): Array<[string, boolean]> => {
    if (k === 'output_token_throughput' || k === 'total_token_throughput' || k === 'request_throughput') return [[k, false]];
    if (k === 'duration_s' || /^(?:mean|median|p\d{2})_(?:ttft|tpot|itl|e2el|e2e_latency|latency)_ms$/.test(k)) return [[k, true]];
    return [];
  });
}

/** `lower than`, `lower TTFT than`: a comparison of two runs in words (up to three words before `than`). */
const COMPARATIVE = /\b(higher|lower|faster|slower|better|worse|greater|smaller|larger)\b/gi;

/** The end of the `than` that follows a comparative ending at `from`, within three words; -1 when none does. */
function thanAfter(sentence: string, from: number): number {
  const words = sentence.slice(from, from + 80).split(/(\s+)/);
  let at = from;
  let seen = 0;
  for (const w of words) {
    if (w.trim() === '') {
      at += w.length;
      continue;
    }
    if (/^than$/i.test(w)) return at + w.length;
    if (++seen > 3 || /[.;,]/.test(w)) return -1;
    at += w.length;
  }
  return -1;
}

/** A token rate written after a number (`1234 tok/s`, `56.7 tokens/s`). */
const RATE_UNIT = /\d ?(?:tok|tokens|t)\/s\b/i;

/** What may stand between a run's name and its superlative (`is the`, `has the`, `gives the`). */
const LINK =
  /^(?:\s|'s\b|’s\b|\bis\b|\bwas\b|\bhas\b|\bhad\b|\bgives\b|\bgave\b|\bdelivers\b|\breaches\b|\bshows\b|\bthe\b|\bby\s+far\b|\bclearly\b|\boverall\b|\bengine\b|\bconfiguration\b|\boption\b|\bbackend\b|\bsetup\b|\brun\b|的|是|为|都|가|이|은|는|의)*$/i;
const SENTENCE_END = /[。；;!?！？\n]|\.(?=\s|$)/g;

/** Sentences of a text as [start, end) ranges. */
function sentences(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    out.push([start, m.index + m[0].length]);
    start = m.index + m[0].length;
  }
  out.push([start, text.length]);
  return out;
}

/** The orders stated in a paragraph's visible text. */
function readOrders(text: string, page: EssayPage, scope: readonly NamedRun[]): Order[] {
  const out: Order[] = [];
  for (const [s, e] of sentences(text)) {
    const sentence = text.slice(s, e);
    const every = [...sentence.matchAll(EVERY)][0];
    if (every) {
      const all = mentions(sentence, page.runs).map((m) => {
        const inScope = m.runs.filter((r) => scope.includes(r));
        return inScope.length > 0 ? inScope : m.runs;
      });
      let left = all[0];
      let right = all.find((m) => m.some((r) => !left.includes(r))) ?? null;
      // `The Balanced recipe underperforms Low-Latency on every metric`, no run's alias written: each side names a
      // run by words only that run's name has (one is enough when the other side names the other run so).
      if (!left && /^(?:outperforms|beats|leads|underperforms|trails|lags)/i.test(every[0])) {
        const a = namedByWords(sentence.slice(0, every.index), page.runs, 1);
        const b = namedByWords(every[0], page.runs, 1);
        if (a && b && a !== b) [left, right] = [[a], [b]];
      }
      const better = !!(every[1] ?? every[2] ?? every[3] ?? every[4]);
      const metric: MetricRef = { family: 'throughput', stat: null, start: every.index, end: every.index };
      if (left)
        out.push({ word: every[0], at: s + every.index, superlative: null, relation: null, every: { left, right, better }, metric });
    }
    const metrics = metricsIn(sentence);
    // `X is the fastest, at 1234 tok/s`: no metric named, but the value's rate unit says it is a throughput.
    if (metrics.length === 0) {
      const unit = RATE_UNIT.exec(sentence);
      if (unit) metrics.push({ family: 'throughput', stat: null, start: unit.index, end: unit.index + unit[0].length });
    }
    // One metric named in the sentence: the order is about it. None or several: not read (which one is not said).
    if (metrics.length !== 1) continue;
    const metric = metrics[0];
    // A named test (`pp512`) means only the runs of that test.
    const fits = (r: NamedRun) => refersTo(metric, r.run.metrics);
    const named = mentions(sentence, page.runs).map((m) => {
      const inScope = m.runs.filter((r) => scope.includes(r));
      const runs = inScope.length > 0 ? inScope : m.runs;
      const ofTest = runs.filter(fits);
      return { ...m, runs: ofTest.length > 0 ? ofTest : runs };
    });
    for (const w of sentence.matchAll(SUPERLATIVE)) {
      const before = named.filter((m) => m.end <= w.index);
      const last = before[before.length - 1];
      if (!last) continue;
      // `QPS=16 的输出吞吐量最低`: the metric may stand between the name and its superlative.
      const between =
        metric.start >= last.end && metric.end <= w.index
          ? sentence.slice(last.end, metric.start) + sentence.slice(metric.end, w.index)
          : sentence.slice(last.end, w.index);
      if (!LINK.test(between)) continue;
      const word = w[1] ? w[1].toLowerCase() : w[2] ? ZH[w[2]] : KO[w[3]];
      const end = word === 'highest' ? 'max' : word === 'lowest' ? 'min' : word === 'fastest' || word === 'best' ? 'best' : 'worst';
      out.push({ word: w[0], at: s + w.index, superlative: { runs: last.runs, end }, relation: null, metric });
    }
    // `A has lower TTFT than B`, `A throughput lower than B`: a comparative without a number before it (a number
    // makes it a change, judged as one), between a run named before it and one named after `than`.
    for (const w of sentence.matchAll(COMPARATIVE)) {
      const end = thanAfter(sentence, w.index + w[0].length);
      if (end < 0) continue;
      const lead = sentence.slice(Math.max(0, w.index - 24), w.index).trimEnd();
      const number = /\d$/.test(lead.replace(/(?:%|x|ms|s|tok\/s)$/i, '').trimEnd());
      // `not faster than`, `no better than`: a negated comparison is not read (`not much faster` still means faster).
      if (number || /\b(?:not|no|never|nor|n't)\b/i.test(lead)) continue;
      const before = named.filter((m) => m.end <= w.index);
      const after = named.filter((m) => m.at >= end);
      let left = before[before.length - 1]?.runs ?? null;
      let right = after[0]?.runs ?? null;
      if (!left && !right) {
        const a = namedByWords(sentence.slice(0, w.index), page.runs, 1);
        const b = namedByWords(sentence.slice(end), page.runs, 1);
        if (a && b && a !== b) [left, right] = [[a], [b]];
      }
      if (!left || !right) continue;
      const word = w[1].toLowerCase();
      const larger =
        word === 'higher' || word === 'greater' || word === 'larger'
          ? true
          : word === 'lower' || word === 'smaller'
            ? false
            : (word === 'faster' || word === 'better') !== lowerIsBetter(metric.family);
      out.push({
        word: sentence.slice(w.index, end),
        at: s + w.index,
        superlative: null,
        relation: { left, right, symbol: larger ? '>' : '<' },
        metric,
      });
    }
    // `A > B > C`: names joined by one symbol each, nothing else between.
    for (let i = 0; i + 1 < named.length; i++) {
      const gap = sentence.slice(named[i].end, named[i + 1].at);
      const symbol = gap.trim();
      if (symbol !== '>' && symbol !== '<') continue;
      const at = s + named[i].end + gap.indexOf(symbol);
      out.push({ word: symbol, at, superlative: null, relation: { left: named[i].runs, right: named[i + 1].runs, symbol }, metric });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * Whether the runs all served one stated workload (the same model, dataset, lengths, load and prompt count, at least
 * the dataset, a length or the load known): then a superlative over them all is decided, outside any section too.
 */
function oneWorkload(runs: readonly NamedRun[]): boolean {
  const key = ({ run: { setup: s } }: NamedRun) =>
    JSON.stringify([s.model, s.dataset, s.inputLength, s.outputLength, s.maxConcurrency, s.requestRate, s.numPrompts]);
  const known = ({ run: { setup: s } }: NamedRun) => s.dataset !== null || s.inputLength !== null || s.maxConcurrency !== null;
  return runs.length >= 2 && runs.every(known) && new Set(runs.map(key)).size === 1;
}

export const proseOrder = claimKind<Candidate>({
  kind: 'prose-order',
  find(site, ctx) {
    if (site.kind !== 'prose' && site.kind !== 'heading') return [];
    const page = namedRunsPage(ctx);
    if (!page) return [];
    const raw = ctx.text(site.node);
    if (!/fastest|slowest|highest|lowest|best|worst|[<>]|最[快慢高低好差]|가장|every|all|each|指标|지표|\bthan\b/i.test(raw)) return [];
    const v = visibleText(raw);
    const line = site.node.position?.start.line ?? 1;
    const scope = scopeRuns(page, ctx.analysis.report.headings, line);
    const path = scopeAt(ctx.analysis.report.headings, line);
    const sectioned = path.length > 0 && scope.length < page.runs.length;
    const base = site.node.position?.start.offset ?? 0;
    return readOrders(normalise(v.text), page, scope).map((order) => ({ node: site.node, base, map: v.map, order, scope, sectioned }));
  },
  verify({ base, map, order, scope: section, sectioned }, ctx) {
    const scope = section.filter((r) => refersTo(order.metric, r.run.metrics));
    const stated = { value: null, claim: order.word, offset: map[order.at] ?? 0 };
    const keysOf = (runs: readonly NamedRun[]) => [...new Set(runs.flatMap((r) => metricKeys(order.metric, Object.keys(r.run.metrics))))];
    const value = (r: NamedRun, key: string) => {
      const m = r.run.metrics[key];
      return m && typeof m.value === 'number' && Number.isFinite(m.value) ? m : null;
    };
    const src = (r: NamedRun, key: string): ClaimSource => metricSource(ctx.path, r.run, key);
    const name = (r: NamedRun) => (r.name ? `\`${r.name}\`` : `the run at line ${r.run.line}`);
    const listed = (runs: readonly NamedRun[], keys: readonly string[]): ClaimCandidate[] =>
      runs
        .flatMap((r) => keys.map((k) => [r, k, value(r, k)] as const))
        .filter(([, , m]) => m !== null)
        .slice(0, 6)
        .map(([r, k, m]) => ({ source: src(r, k), evidence: `${name(r)} prints ${m!.label} ${m!.text}`, recomputed: m!.value! }));
    const untraceable = (candidates: ClaimCandidate[]): Claim[] => [
      ctx.claim('ranking-order', stated, base, null, null, [], { uncertain: candidates }),
    ];
    const tolerance = 'displayed values compared as printed; ties hold';
    /** The order's claim, judged on one metric of two runs. */
    const judged = (verdict: 'verified' | 'mismatch', formula: string, run: NamedRun, rival: NamedRun, key: string): Claim[] => [
      ctx.claim('ranking-order', stated, base, { verdict, recomputed: NaN, formula, tolerance }, src(run, key), [src(rival, key)]),
    ];

    if (order.every) {
      const { left, right, better } = order.every;
      const others = right ?? section.filter((r) => !left.includes(r));
      // Runs of different tests (`pp512`, `tg128`) are not compared: their rates measure different work.
      const testOf = (r: NamedRun) => r.run.metrics.test?.text ?? '';
      const results = left.flatMap((a) =>
        others
          .filter((b) => b !== a && testOf(a) === testOf(b))
          .flatMap((b) =>
            orderedKeys(a.run.metrics).flatMap(([key, lower]) => {
              const x = value(a, key);
              const y = value(b, key);
              if (!x || !y) return [];
              const holds = better === lower ? x.value! <= y.value! : x.value! >= y.value!;
              return [{ a, b, key, holds, formula: `${name(a)} ${x.text} vs ${name(b)} ${y.text} (${x.label})` }];
            }),
          ),
      );
      if (results.length === 0) return untraceable(listed([...left, ...others], []));
      const miss = results.find((r) => !r.holds);
      if (!miss) {
        const r = results[0];
        return judged('verified', `${results.length} comparisons hold, e.g. ${r.formula}`, r.a, r.b, r.key);
      }
      const certain = left.every((r) => !!r.name) && (right ? right.every((r) => !!r.name) : sectioned);
      if (!certain) return untraceable(listed([miss.a, miss.b], [miss.key]));
      return judged('mismatch', miss.formula, miss.a, miss.b, miss.key);
    }
    if (order.superlative) {
      const { runs, end } = order.superlative;
      const pool = scope.length >= 2 ? scope : [];
      const keys = keysOf(pool);
      if (runs.length !== 1 || pool.length < 2 || keys.length === 0 || !pool.includes(runs[0])) return untraceable(listed(pool, keys));
      const run = runs[0];
      const wantMax =
        end === 'max' ||
        (end === 'best' ? !lowerIsBetter(order.metric.family) : end === 'worst' ? lowerIsBetter(order.metric.family) : false);
      const results = keys.map((key) => {
        const own = value(run, key);
        const others = pool.filter((r) => r !== run && value(r, key));
        if (!own || others.length === 0) return null;
        const rival = others.reduce((a, b) => (value(a, key)!.value! > value(b, key)!.value! === wantMax ? a : b));
        const rv = value(rival, key)!;
        const holds = wantMax ? own.value! >= rv.value! : own.value! <= rv.value!;
        const formula = holds
          ? `${name(run)} ${own.text} ${wantMax ? '>=' : '<='} every other run of the section (next: ${name(rival)} ${rv.text}) (${own.label})`
          : `${name(rival)} ${rv.text} ${wantMax ? '>' : '<'} ${name(run)} ${own.text} (${own.label})`;
        return { key, holds, formula, rival };
      });
      const known = results.filter((r): r is NonNullable<typeof r> => r !== null);
      if (known.length === 0) return untraceable(listed(pool, keys));
      const hit = known.find((r) => r.holds);
      if (hit) return judged('verified', hit.formula, run, hit.rival, hit.key);
      const certain = (sectioned || oneWorkload(pool)) && !!run.name && known.length === keys.length;
      if (!certain) return untraceable(listed(pool, keys));
      const first = known[0];
      return judged('mismatch', first.formula, run, first.rival, first.key);
    }

    const { left, right, symbol } = order.relation!;
    const keys = keysOf([...left, ...right]);
    if (left.length !== 1 || right.length !== 1 || left[0] === right[0] || keys.length === 0)
      return untraceable(listed([...left, ...right], keys));
    const [a, b] = [left[0], right[0]];
    const results = keys
      .map((key) => {
        const x = value(a, key);
        const y = value(b, key);
        if (!x || !y) return null;
        const actual = x.value! > y.value! ? '>' : x.value! < y.value! ? '<' : '=';
        return {
          key,
          holds: actual === symbol || actual === '=',
          formula: `${name(a)} ${x.text} ${actual} ${name(b)} ${y.text} (${x.label})`,
        };
      })
      .filter((r): r is NonNullable<typeof r> => r !== null);
    if (results.length === 0) return untraceable(listed([a, b], keys));
    const hit = results.find((r) => r.holds);
    if (hit) return judged('verified', hit.formula, a, b, hit.key);
    const certain = !!a.name && !!b.name && results.length === keys.length;
    if (!certain) return untraceable(listed([a, b], keys));
    return judged('mismatch', results[0].formula, a, b, results[0].key);
  },
});
