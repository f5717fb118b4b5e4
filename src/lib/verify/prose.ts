import {
  checkDifference,
  checkOrder,
  checkPercentChange,
  checkRatio,
  checkRelativePercent,
  checkValue,
  type CheckResult,
  type Operand,
} from '../claims/check.js';
import { parseRanking, parseSummarySentence, parseTransitions, type SummarySentence } from '../claims/prose.js';
import type { Stated } from '../claims/stated.js';
import { canonicalEngine } from '../model/command.js';
import type { ProseBlock } from '../model/extract.js';
import { sourceOf } from '../model/text.js';
import type { Experiment, Variant } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import type { PageContext } from './context.js';
import { resolveValue } from './resolve.js';
import { MEAN_REQUEST_LATENCY, valueOf, type Found } from './sources.js';

const TPS = 'total_token_throughput';

/** Prose claims of one paragraph: rankings (P1/P2), transitions (P3/P4) and `- Summary:` sentences (P6/P7). */
export function verifyProse(ctx: PageContext, block: ProseBlock): void {
  const raw = sourceOf(ctx.analysis.source, block.node);
  if (!/\d/.test(raw)) return;
  const base = block.node.position?.start.offset ?? 0;
  const experiment = block.experiment ?? ctx.analysis.report.experiments[0] ?? null;
  const summary = /summary\s*:/i.test(raw) ? parseSummarySentence(raw) : null;
  if (summary) return verifySummary(ctx, summary, base, experiment);
  const transitions = parseTransitions(raw);
  if (transitions.length > 0) {
    for (const t of transitions) {
      const runs = experimentRuns(ctx, block.experiment);
      const from = resolveValue(ctx, TPS, t.from, { preferred: runs });
      const to = resolveValue(ctx, TPS, t.to, { preferred: runs });
      ctx.add('transition', t.from, base, from.result, from.found?.source ?? null, from.elsewhere ? [from.elsewhere.source] : []);
      ctx.add('transition', t.to, base, to.result, to.found?.source ?? null, to.elsewhere ? [to.elsewhere.source] : []);
      if (t.percent) {
        const result = checkPercentChange(t.percent, t.from, t.to, t.percent.perGpu || /per gpu/i.test(raw) ? { perGpu: t.gpus ?? undefined } : {});
        const sources = [to.found?.source, from.found?.source].filter((s) => !!s);
        ctx.add('transition', t.percent, base, result, sources[0] ?? null, sources.slice(1));
      }
    }
    return;
  }
  const ranking = parseRanking(raw);
  if (ranking) {
    const metric = ranking.kind === 'latency' ? MEAN_REQUEST_LATENCY : TPS;
    const operands: Array<Operand | null> = [];
    for (const entry of ranking.entries) {
      if (!entry.value) {
        operands.push(null);
        continue;
      }
      const variant = variantNamed(experiment, entry.name) ?? onlyUnnamed(experiment, ranking.entries.map((e) => e.name), entry.name);
      const preferred = variant ? runsOf(ctx, variant) : experimentRuns(ctx, experiment);
      const r = resolveValue(ctx, metric, entry.value, { preferred });
      // The order is judged on the runs' values where the runs are known, so a wrong number cannot hide a wrong order.
      const fromRun = variant ? runsOf(ctx, variant).map((run) => valueOf(ctx.path, run, metric)).find((f): f is Found => !!f) : null;
      const chosen = fromRun ?? r.found;
      operands.push(chosen ? chosen.operand : entry.value);
      const result = fromRun && (!r.found || r.found.run !== fromRun.run) ? checkValue(entry.value, fromRun.operand, { label: metric }) : r.result;
      ctx.add('ranking-value', entry.value, base, result, (fromRun ?? r.found)?.source ?? null, r.elsewhere ? [r.elsewhere.source] : []);
    }
    for (const rel of ranking.relations) {
      const left = operands[rel.left];
      const right = operands[rel.left + 1];
      const order = checkOrder(rel.symbol, left ?? null, right ?? null, { missing: ranking.kind === 'latency' ? 'highest' : 'lowest' });
      ctx.add(
        'ranking-order',
        { value: null, claim: rel.symbol, offset: rel.offset },
        base,
        { verdict: order.verdict, recomputed: NaN, formula: order.formula, tolerance: order.tolerance },
        null,
      );
    }
  }
}

function verifySummary(ctx: PageContext, s: SummarySentence, base: number, experiment: Experiment | null): void {
  const metric = s.kind === 'latency' ? MEAN_REQUEST_LATENCY : TPS;
  const runs: Array<Run | null> = s.values.map((v) => {
    const variant = variantNamed(experiment, v.name);
    return variant ? (runsOf(ctx, variant)[0] ?? null) : null;
  });
  const operand = (i: number, name: string): Found | null => {
    const run = runs[i];
    return run ? valueOf(ctx.path, run, name) : null;
  };
  s.values.forEach((v, i) => {
    const f = operand(i, metric);
    const result = f ? checkValue(v.value, f.operand, { label: metric }) : null;
    ctx.add('summary-number', v.value, base, result, f?.source ?? null);
  });
  const a = operand(0, metric);
  const b = operand(1, metric);
  if (s.winner) {
    add(ctx, s.winner.difference, base, a && b ? checkDifference(s.winner.difference, a.operand, b.operand) : null, a);
    if (s.winner.relative) add(ctx, s.winner.relative, base, a && b ? relative(s.winner.relative, a.operand, b.operand) : null, a);
  }
  for (const c of s.comparisons) {
    const name = /ttft/i.test(c.metric) ? 'mean_ttft_ms' : /itl/i.test(c.metric) ? 'mean_itl_ms' : 'mean_tpot_ms';
    const ca = operand(0, name);
    const cb = operand(1, name);
    add(ctx, c.a, base, ca ? checkValue(c.a, ca.operand, { label: name }) : null, ca);
    add(ctx, c.b, base, cb ? checkValue(c.b, cb.operand, { label: name }) : null, cb);
    add(ctx, c.difference, base, ca && cb ? checkDifference(c.difference, ca.operand, cb.operand) : null, ca);
    add(ctx, c.relative, base, ca && cb ? relative(c.relative, ca.operand, cb.operand, true) : null, ca);
  }
}

/** `(P%)` relative to the second-named value; `(Rx faster|slower)` as the larger over the smaller. */
function relative(stated: Stated, a: Operand, b: Operand, absolute = false): CheckResult {
  if (stated.role === 'ratio') {
    const [big, small] = a.value >= b.value ? [a, b] : [b, a];
    return checkRatio(stated, big, small, 'faster');
  }
  return checkRelativePercent(stated, a, b, { absolute });
}

function add(ctx: PageContext, stated: Stated, base: number, result: CheckResult | null, found: Found | null): void {
  ctx.add('summary-number', stated, base, result, found?.source ?? null);
}

/** The variant a name refers to: same label, or same engine, within the experiment. */
function variantNamed(experiment: Experiment | null, name: string): Variant | null {
  if (!experiment) return null;
  const n = name.toLowerCase().trim();
  return (
    experiment.variants.find((v) => v.label.toLowerCase() === n) ??
    experiment.variants.find((v) => v.engine !== null && v.engine === canonicalEngine(name)) ??
    null
  );
}

/**
 * A misspelt name (`MineIE`) still names a variant when it is the only entry that names none and exactly one
 * variant of the experiment is named by no entry.
 */
function onlyUnnamed(experiment: Experiment | null, names: string[], name: string): Variant | null {
  if (!experiment) return null;
  const unmatchedNames = names.filter((n) => !variantNamed(experiment, n));
  const named = new Set(names.map((n) => variantNamed(experiment, n)).filter((v) => v));
  const free = experiment.variants.filter((v) => !named.has(v) && v.runs.length > 0);
  return unmatchedNames.length === 1 && unmatchedNames[0] === name && free.length === 1 ? free[0] : null;
}

function runsOf(ctx: PageContext, variant: Variant): Run[] {
  return variant.runs.map((id) => ctx.run(id)).filter((r): r is Run => !!r && !r.failed);
}

function experimentRuns(ctx: PageContext, experiment: Experiment | null): Run[] {
  return experiment ? experiment.variants.flatMap((v) => runsOf(ctx, v)) : [];
}
