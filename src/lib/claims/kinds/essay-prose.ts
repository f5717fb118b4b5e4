/**
 * Essay bullets that restate a table (`**Dynamic FP8**: +14.8% TPS`): the row is found by its label's words
 * (`FP8 Dynamic`), the column by the metric word; the percentage is recomputed from that row and the table's
 * baseline row. `up to +46%` is checked against the largest change stated in the tables.
 */
import type { Paragraph } from 'mdast';
import { checkPercentChange, checkValue } from '../check.js';
import { parseEssayClaims, type EssayClaim } from '../essay-prose.js';
import type { Stated } from '../stated.js';
import type { Claim, ClaimSource } from '../../schemas/claim.js';
import type { PageContext } from '../verify/context.js';
import { essayTables, tableSource, type ReadTable } from './essay-table.js';
import { claimKind } from './types.js';
import { comparesOffPage, essayPage, namedIn, scopeRuns, type EssayPage } from '../essay/page.js';
import type { NamedRun } from '../essay/runs.js';
import {
  exchangedVerdict,
  printsMetric,
  printsValue,
  resolveNumber,
  spreadVerdict,
  type EssayNumber,
  type EssayVerdict,
} from '../essay/resolve.js';
import { exchangedValue, swappedComparison } from '../essay/order.js';
import { parseNumber, roundHalfUp } from '../../numbers/number.js';
import { NUM } from '../stated.js';
import { arithmeticBefore } from '../arithmetic.js';
import { parseProseNumbers, type ProseNumber } from '../essay/sentence.js';

interface Candidate {
  node: Paragraph;
  base: number;
  claim: EssayClaim | null;
  /** On pages with runs: a number of free-form prose, traced to the runs. */
  free?: ProseNumber;
  /** A change that names no metric, kept only when it restates a claim judged earlier on the page. */
  restatedOnly?: boolean;
}

/** How a change is compared across the page: its kind and its text as written (`percent 6.8%`). */
const changeKey = (n: ProseNumber) => `${n.kind} ${n.stated.claim}`;

/**
 * The metric each change of the page's prose names, by its text: a change written once with its metric and once
 * without (`6.8% higher total throughput` in the summary, `6.8% higher` under a heading) may be about one metric.
 * A text stated with two metrics names none.
 */
function restatedMetrics(ctx: PageContext): ReadonlyMap<string, ProseNumber['metric']> {
  return ctx.memo('restated-metrics', () => {
    const out = new Map<string, ProseNumber['metric']>();
    for (const site of ctx.analysis.sites) {
      if (site.kind !== 'prose') continue;
      for (const n of parseProseNumbers(ctx.text(site.node))) {
        if (n.metric === null || n.kind === 'value' || n.borrowed) continue;
        const known = out.get(changeKey(n));
        const same = known === undefined || (known !== null && known.family === n.metric.family && known.stat === n.metric.stat);
        out.set(changeKey(n), same ? n.metric : null);
      }
    }
    return out;
  });
}

/** Two sources name the same printed value (run, metric). */
const sameSource = (a: ClaimSource | null | undefined, b: ClaimSource | null | undefined) =>
  !!a && !!b && a.runId === b.runId && a.metric === b.metric;

/**
 * Whether a claim restates one judged earlier on the page: the same kind and text, judged on a source that is this
 * claim's own or among its candidates (`takeRestated` then gives it that judgement).
 */
function restatesEarlier(c: Claim, earlier: readonly Claim[]): boolean {
  return earlier.some(
    (e) =>
      e.kind === c.kind &&
      e.text === c.text &&
      (e.verdict === 'verified' || e.verdict === 'mismatch') &&
      !!e.source?.runId &&
      (sameSource(c.source, e.source) || !!c.candidates?.some((k) => sameSource(k.source, e.source) && k.recomputed === e.recomputed)),
  );
}

export const essayProse = claimKind<Candidate>({
  kind: 'essay-prose',
  find(site, ctx) {
    if (site.kind !== 'prose') return [];
    const base = site.node.position?.start.offset ?? 0;
    if (essayPage(ctx)) {
      const restated = restatedMetrics(ctx);
      return parseProseNumbers(ctx.text(site.node)).flatMap((free) => {
        if (free.metric !== null) return [{ node: site.node, base, claim: null, free }];
        // A change that names no metric, whose text is stated with one elsewhere: judged only as that restatement.
        const metric = free.kind === 'value' ? null : restated.get(changeKey(free));
        return metric ? [{ node: site.node, base, claim: null, free: { ...free, metric, borrowed: true }, restatedOnly: true }] : [];
      });
    }
    if (ctx.analysis.report.kind !== 'essay') return [];
    return parseEssayClaims(ctx.text(site.node)).map((claim) => ({ node: site.node, base, claim }));
  },
  verify({ node, base, claim, free, restatedOnly }, ctx) {
    if (free && restatedOnly) return verifyFree(ctx, essayPage(ctx)!, node, base, free).filter((c) => restatesEarlier(c, ctx.claims));
    if (free) return verifyFree(ctx, essayPage(ctx)!, node, base, free);
    if (!claim) return [];
    const s = claim.value;
    const tables = essayTables(ctx);
    if (claim.qualifier === 'up-to') {
      const best = largestChange(tables, Math.sign(s.value));
      const result = best
        ? checkValue(s, { value: best.stated.value, decimals: best.stated.decimals }, { label: 'largest stated change' })
        : null;
      return [ctx.claim('essay-change', s, base, result, best?.source ?? null)];
    }
    const hit = claim.label && claim.metric ? findCell(ctx, tables, claim.label, claim.metric) : null;
    if (!hit) return [ctx.claim('essay-change', s, base, null, null)];
    return [ctx.claim('essay-change', s, base, checkPercentChange(s, hit.baseline, hit.value), hit.source, [hit.baselineSource])];
  },
});

/**
 * The leading label of a paragraph or list item (`**this PR**: ...`, `Dynamic: ...`), or the clause before its first
 * colon (`X is the slowest on every test: ...`), which names its subject.
 */
const LEAD = /^\s*(?:[-*+]\s+)?(?:\*\*([^*]{1,60})\*\*|([^\s:：][^:：\n]{0,80}))\s*[:：]/;

/** Words that put a sentence's numbers somewhere else than the page's runs. */
const ELSEWHERE =
  /\b(?:reported|claimed|published|upstream|official|earlier|previous(?:ly)?|prior|last\s+(?:week|month|year|time|release)|target(?:ed|s)?|goal|slo|budget|other\s+(?:setups?|machines?|hardware|clusters?)|elsewhere)\b|此前|之前|上次|官方|目标/i;

/** What the numbers of one paragraph share: its section's runs, its lead's names, and what each sentence or clause names. */
interface ParagraphReading {
  scope: NamedRun[];
  leadNames: NamedRun[][];
  named: Map<string, NamedRun[][]>;
  distinct: Map<string, NamedRun[][]>;
  elsewhere: Map<string, boolean>;
  offPage: Map<string, boolean>;
}

const readings = new WeakMap<EssayPage, WeakMap<Paragraph, ParagraphReading>>();

/** The paragraph's reading, made once for all its numbers (a sentence of many numbers is read once, not per number). */
function readingOf(ctx: PageContext, page: EssayPage, node: Paragraph): ParagraphReading {
  let byNode = readings.get(page);
  if (!byNode) readings.set(page, (byNode = new WeakMap()));
  let r = byNode.get(node);
  if (!r) {
    const scope = scopeRuns(page, ctx.analysis.report.headings, node.position?.start.line ?? 1);
    const lead = LEAD.exec(ctx.text(node));
    const leadNames = lead ? namedIn(lead[1] ?? lead[2], page, scope) : [];
    r = { scope, leadNames, named: new Map(), distinct: new Map(), elsewhere: new Map(), offPage: new Map() };
    byNode.set(node, r);
  }
  return r;
}

/** The sets of runs of a list of mentions, each once, in order of first mention (the sets are few: the page's runs). */
function distinctSets(named: readonly NamedRun[][]): NamedRun[][] {
  const out: NamedRun[][] = [];
  for (const m of named) if (!out.some((o) => o.length === m.length && o.every((r) => m.includes(r)))) out.push(m);
  return out;
}

/** `f(key)`, kept in `memo`. */
function memo<T>(map: Map<string, T>, key: string, f: (key: string) => T): T {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = f(key)));
  return v;
}

/** A number of free-form prose traced to the runs of `page` (the page's named runs), with its claim; [] when none. */
export function verifyFree(ctx: PageContext, page: EssayPage, node: Paragraph, base: number, n: ProseNumber) {
  const kind = n.kind === 'value' ? 'cell-value' : 'essay-change';
  // `1/(1 − 0.9) ≈ 10x`: a number that is the result of the arithmetic written before it is judged on it.
  const at = n.context.indexOf(n.stated.claim);
  const arithmetic = at >= 0 ? arithmeticBefore(n.context, at, n.stated) : null;
  if (arithmetic) return [ctx.claim(kind, n.stated, base, arithmetic.result, null)];
  const reading = readingOf(ctx, page, node);
  const { scope, leadNames } = reading;
  const inSentence = memo(reading.named, n.context, (t) => namedIn(t, page, scope));
  // A value belongs to the run its clause names; runs named elsewhere in the sentence stay candidates. A clause
  // that holds two values of one metric names the run of one of them at best: both are read against the section.
  const inClause = n.kind === 'value' ? memo(reading.named, n.clause, (t) => namedIn(t, page, scope)) : inSentence;
  // Each set of runs once (the sentence may name them many times; resolveNumber reads each set once).
  const sentenceSets = memo(reading.distinct, n.context, () => distinctSets(inSentence));
  const others = n.kind === 'value' && inClause.length > 0 ? sentenceSets.filter((m) => !inClause.flat().some((r) => m.includes(r))) : [];
  // A sentence about numbers from elsewhere (a target, an earlier test, an upstream report) names runs only for
  // comparison: its values are read against the section, never made certain by that name.
  const elsewhere = n.kind === 'value' && memo(reading.elsewhere, n.context, (t) => ELSEWHERE.test(t));
  const named = n.shared || elsewhere ? [] : [...(inClause.length > 0 ? [] : leadNames), ...inClause, ...others];
  const offPage = n.kind !== 'value' && memo(reading.offPage, n.context, (t) => comparesOffPage(t, page));
  // A comparison whose sentence also states both values it compares (`2.54K ... against 2.00K ..., 27.0% more`):
  // each an exact copy of one run's value, the two runs are the comparison's, whatever the sentence's names say.
  const operands = n.kind === 'value' ? null : operandRuns(ctx, page, n, scope);
  const essay = {
    ...n,
    metric: n.metric!,
    unit: '',
    named: operands ?? named,
    scope,
    all: page.runs,
    offPage: operands ? false : offPage,
    elsewhere: !!elsewhere,
  };
  let verdict = resolveNumber(essay, ctx.path);
  if (!verdict) return [];
  verdict = ordered(essay, verdict, page, ctx.path);
  // A number without a unit is a claim only where it reproduces a printed value: its metric is not certain enough
  // for a mismatch, and one that matches nothing may be anything (a count, an id).
  if (n.bare && verdict.result?.verdict !== 'verified') return [];
  // `120 ± 8 ms`: the centre (over repeated runs, their mean) and the spread, each a claim of its own.
  if (n.spread) {
    const spread = spreadVerdict({ ...n, metric: n.metric!, unit: '', named, scope, all: page.runs }, verdict, ctx.path);
    return [
      ctx.claim(kind, n.spread.centre, base, verdict.result, verdict.source, verdict.sources, verdict.grade),
      ctx.claim(kind, n.spread.value, base, spread.result, spread.source, spread.sources, spread.grade),
    ];
  }
  return [ctx.claim(kind, n.stated, base, verdict.result, verdict.source, verdict.sources, verdict.grade)];
}

/** A number of a sentence as a value may be written (`2.54K`, `1,234.5`), with its thousands or millions. */
const SENTENCE_VALUE = new RegExp(String.raw`(?<![\w.,])(${NUM})([kKM](?![A-Za-z]))?(?![\w%.,])`, 'g');

/**
 * The two runs a comparison's own sentence states the values of (`2.54K total tok/s ... against 2.00K total tok/s
 * ..., 27.0% more`): exactly two numbers of the sentence (of three digits or more) are each printed, at their stated
 * precision, by one run of the page alone for the comparison's metric, and by two runs. An exact copy of a printed
 * value identifies its run. Null otherwise.
 */
function operandRuns(ctx: PageContext, page: EssayPage, n: ProseNumber, scope: NamedRun[]): NamedRun[][] | null {
  const runs: NamedRun[] = [];
  for (const m of n.context.matchAll(SENTENCE_VALUE)) {
    if ((m[1].match(/\d/g) ?? []).length < 3) continue;
    const stated = statedOf(m[1]);
    if (!stated || (stated.value === n.stated.value && m[0] === n.stated.claim.replace(/[^\d.,kKM+-]/g, ''))) continue;
    const scale = m[2] ? (m[2] === 'M' ? 1_000_000 : 1000) : undefined;
    const v = {
      ...n,
      kind: 'value' as const,
      stated,
      metric: n.metric!,
      approx: false,
      bound: null,
      unit: '',
      named: [],
      scope,
      all: page.runs,
      ...(scale ? { scale } : {}),
    };
    const hits = page.runs.filter((r) => printsValue(v, r, ctx.path));
    if (hits.length === 1) runs.push(hits[0]);
  }
  if (runs.length !== 2 || runs[0] === runs[1]) return null;
  return [[runs[0]], [runs[1]]];
}

/** A sentence's number as a stated value (no place: it is only evidence for another claim). */
function statedOf(text: string): Stated | null {
  const p = parseNumber(text);
  return p ? { ...p, role: 'value', offset: 0, end: 0, claim: text, unit: '' } : null;
}

/**
 * A verified comparison or value checked for the order its sentence gives the runs (`essay/order.ts`): the two
 * runs the wrong way round, or two values exchanged between the runs named, make it a mismatch.
 */
function ordered(n: EssayNumber & Pick<ProseNumber, 'context'>, verdict: EssayVerdict, page: EssayPage, path: string): EssayVerdict {
  if (verdict.result?.verdict !== 'verified' || !verdict.source) return verdict;
  if (n.kind !== 'value') {
    const breach = swappedComparison(n.context, n.stated.claim, n.kind, n.metric.family, [verdict.source, ...verdict.sources], page.runs);
    if (!breach) return verdict;
    const d = n.stated.decimals;
    return {
      ...verdict,
      result: {
        verdict: 'mismatch',
        recomputed: roundHalfUp(breach.recomputed, d),
        formula: breach.formula,
        tolerance: 'the order of the two runs as printed (exact)',
        rounding: false,
      },
    };
  }
  const owner = exchangedValue(
    n.context,
    n.stated.claim,
    n.stated.unit,
    page.runs,
    (r) => printsValue(n, r, path),
    (r) => printsMetric(n, r),
  );
  return (owner && exchangedVerdict(n, owner, path)) ?? verdict;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .sort();
}

const METRIC_COLUMN: Array<[RegExp, RegExp]> = [
  [/^(tps|throughput)$/i, /throughput|tps/i],
  [/^ttft$/i, /ttft/i],
  [/^tpot$/i, /tpot/i],
  [/^itl$/i, /itl/i],
];

function findCell(ctx: PageContext, tables: readonly ReadTable[], label: string, metric: string) {
  const want = words(label).join(' ');
  const columnTest = METRIC_COLUMN.find(([m]) => m.test(metric))?.[1];
  if (!columnTest) return null;
  for (const t of tables) {
    const row = t.table.labels.findIndex((l) => words(l).join(' ') === want);
    const column = t.header.findIndex((h) => columnTest.test(h));
    if (row < 0 || column < 0) continue;
    const value = t.table.annotated.find((a) => a.row === row && a.column === column)?.value ?? plainValue(t, row, column);
    const baselineRow =
      t.checks.find((c) => c.column === column && c.baselineRow !== undefined)?.baselineRow ??
      t.checks.find((c) => c.baselineRow !== undefined)?.baselineRow;
    const baseline = baselineRow !== undefined ? plainValue(t, baselineRow, column) : null;
    if (!value || !baseline || baselineRow === undefined) continue;
    return {
      value,
      baseline,
      source: tableSource(ctx, t.node, row, t.header[column]),
      baselineSource: tableSource(ctx, t.node, baselineRow, t.header[column]),
    };
  }
  return null;
}

function plainValue(t: ReadTable, row: number, column: number): Stated | null {
  return (
    t.table.plain.get(column)?.find((p) => p.row === row)?.value ??
    t.table.annotated.find((a) => a.row === row && a.column === column)?.value ??
    null
  );
}

function largestChange(tables: readonly ReadTable[], sign: number): { stated: Stated; source: ClaimSource | null } | null {
  let best: Stated | null = null;
  for (const t of tables)
    for (const a of t.table.annotated)
      if (Math.sign(a.change.value) === sign && (!best || Math.abs(a.change.value) > Math.abs(best.value))) best = a.change;
  return best ? { stated: best, source: null } : null;
}
