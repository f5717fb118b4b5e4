/**
 * Comparison tables (the Conclusion table, and the 3- and 5-column summary tables): each row restates a
 * baseline and an optimized run, and states the improvement between them. Columns are found by their
 * headers (`baseline`, `Optimized`), so their order does not matter. One candidate per row.
 */
import type { TableRow } from 'mdast';
import { checkPercentChange, checkRatio, checkValue, type CheckResult } from '../check.js';
import { parseCell, type ParsedCell } from '../cells.js';
import type { Stated } from '../stated.js';
import { devicesOf } from '../../model/command.js';
import { plain } from '../../model/text.js';
import type { Claim, ClaimSource } from '../../schemas/claim.js';
import type { Run } from '../../schemas/run.js';
import type { PageContext } from '../verify/context.js';
import { metricLabel, rankScore, resolveValue, type Hints, type Resolution } from '../verify/resolve.js';
import { MEAN_REQUEST_LATENCY, valueOf } from '../verify/sources.js';
import { groupRuns } from '../verify/target.js';
import { claimKind } from './types.js';

/** Metric behind each stated role of a cell. */
const METRIC_OF: Partial<Record<Stated['role'], string>> = {
  'total-tps': 'total_token_throughput',
  'output-tps': 'output_token_throughput',
  'mean-tpot': 'mean_tpot_ms',
  'mean-latency': MEAN_REQUEST_LATENCY,
};

interface Candidate {
  node: TableRow;
  baseCol: number;
  optCol: number;
  /** A summary table's column naming each row's experiment (`Group`, `Optimization Option`); -1 when none. */
  groupCol: number;
  /** Every row's text in that column (a row names its experiment against what the other rows name). */
  groups: string[];
}

/** Headers of a column that names the experiment a summary row is about. */
const GROUP = /^(group|option|optimi[sz]ation|experiment|technique|step|change)/;

interface Side {
  cell: ParsedCell;
  /** The resolved primary value (TPS or latency) of the side. */
  primary: { stated: Stated; resolution: Resolution } | null;
}

export const comparisonTable = claimKind<Candidate>({
  kind: 'comparison-table',
  find(site) {
    if (site.kind !== 'table') return [];
    const columns = site.node.children[0]?.children.length ?? 0;
    if (site.role !== 'conclusion' && !(site.role === 'summary' && columns !== 2)) return [];
    const header = site.node.children[0];
    if (!header) return [];
    const heads = header.children.map((c) => plain(c).toLowerCase());
    const baseCol = heads.findIndex((h) => /baseline/.test(h));
    const optCol = heads.findIndex((h) => /optimi[sz]ed/.test(h));
    if (baseCol < 0 || optCol < 0) return [];
    const groupCol = site.role === 'summary' ? heads.findIndex((h, i) => i !== baseCol && i !== optCol && GROUP.test(h.trim())) : -1;
    const rows = site.node.children.slice(1);
    const groups = groupCol < 0 ? [] : rows.map((r) => (r.children[groupCol] ? plain(r.children[groupCol]).trim() : ''));
    return rows.map((node) => ({ node, baseCol, optCol, groupCol, groups }));
  },
  verify({ node: row, baseCol, optCol, groupCol, groups }, ctx) {
    const out: Claim[] = [];
    const caseName = plain(row.children[0] ?? row).replace(/\*\*/g, '');
    const name = groupCol >= 0 && row.children[groupCol] ? plain(row.children[groupCol]).trim() : '';
    const within = name
      ? groupRuns(
          name,
          groups.filter((g) => g !== name),
          ctx,
        )
      : null;
    const group = within ? { name, ...within } : null;
    const base = side(ctx, out, row, baseCol, 'baseline', caseName, baselinePool(ctx));
    const opt = side(ctx, out, row, optCol, 'optimized', caseName, group ? group.runs : optimizedPool(ctx), group);
    if (!base || !opt) return out;
    // Improvements may sit in the optimized cell or in a comparison column of their own.
    row.children.forEach((cellNode, index) => {
      if (index === 0 || index === baseCol) return;
      const raw = ctx.cell(cellNode);
      const cell = index === optCol ? opt.cell : parseCell(raw.text);
      for (const s of cell.items) {
        if (s.role === 'previous-percent') {
          out.push(previous(ctx, out, s, raw.base));
          continue;
        }
        if (s.role === 'success-rate') {
          out.push(successRate(ctx, s, raw.base, opt.primary?.resolution.found?.run));
          continue;
        }
        if (s.role !== 'percent' && s.role !== 'ratio') continue;
        const b = base.primary?.stated;
        const o = opt.primary?.stated;
        const sources = [opt.primary?.resolution.found?.source, base.primary?.resolution.found?.source].filter(
          (x): x is ClaimSource => !!x,
        );
        if (!b || !o) {
          out.push(ctx.claim('improvement', s, raw.base, null, null, sources));
          continue;
        }
        let result: CheckResult;
        if (s.role === 'ratio') {
          result = checkRatio(s, b, o, s.direction ?? 'faster');
        } else {
          const lower = b.role === 'mean-latency';
          const perGpu = s.perGpu ? gpuRatio(ctx, opt.primary?.resolution.found?.run, base.primary?.resolution.found?.run) : undefined;
          result = checkPercentChange(s, b, o, { multiplier: o.multiplier, perGpu, better: lower ? 'lower' : 'higher' });
        }
        // Computed from the stated cells: it is only as sourced as they are (a cell no run prints makes it `consistent`).
        const unsourced = [base.primary, opt.primary].some((p) => p?.resolution.result?.verdict !== 'verified');
        out.push(ctx.claim('improvement', s, raw.base, result, sources[0] ?? null, sources.slice(1), { unsourced }));
      }
    });
    return out;
  },
});

function side(
  ctx: PageContext,
  out: Claim[],
  row: TableRow,
  col: number,
  which: 'baseline' | 'optimized',
  caseName: string,
  preferred: Run[],
  group: Group | null = null,
): Side | null {
  const node = row.children[col];
  if (!node) return null;
  const raw = ctx.cell(node);
  const cell = parseCell(raw.text);
  const values = cell.items.filter((s) => METRIC_OF[s.role]);
  let primary: Side['primary'] = null;
  const resolved = values.map((s) => {
    const metric = METRIC_OF[s.role] as string;
    const partner = values.find((p) => p !== s);
    const hints: Hints = {
      side: which,
      caseName,
      preferred,
      partner: partner ? { metric: METRIC_OF[partner.role] as string, stated: partner } : undefined,
    };
    return { s, metric, hints, resolution: resolveValue(ctx, metric, s, hints) };
  });
  const first = resolved.find((r) => r.s.role === 'total-tps' || r.s.role === 'output-tps' || r.s.role === 'mean-latency');
  const fixed = new Map(resolved.map((r) => [r, r.resolution]));
  for (const other of resolved) {
    if (!first || other === first) continue;
    const judged = sameRun(ctx, first, other);
    if (judged) fixed.set(judged.claim, judged.resolution);
  }
  for (const r of resolved) {
    const { s } = r;
    const resolution = group ? inGroup(ctx, r, fixed.get(r)!, group) : fixed.get(r)!;
    out.push(
      ctx.claim(
        'cell-value',
        s,
        raw.base,
        resolution.result,
        resolution.found?.source ?? null,
        resolution.elsewhere ? [resolution.elsewhere.source] : [],
        resolution.uncertain ? { uncertain: resolution.uncertain } : {},
      ),
    );
    if (!primary && s === first?.s) primary = { stated: s, resolution };
  }
  return { cell, primary };
}

/** The experiment a summary row names in its group column, and the runs its optimized value may come from. */
interface Group {
  name: string;
  runs: Run[];
  /** Headings or labels of the experiments or variants the row names. */
  names: string[];
}

/**
 * A value of a row that names its experiment comes from that experiment's runs: found only in runs of other
 * experiments (the page does not adopt them for this row), it is untraceable, with those runs as candidates.
 */
function inGroup(ctx: PageContext, r: Resolved, resolution: Resolution, group: Group): Resolution {
  const run = resolution.found?.run;
  if (!run || resolution.result?.verdict !== 'verified' || group.runs.includes(run)) return resolution;
  const printers = ctx.byValue(r.metric, r.s);
  const own = printers.find((f) => group.runs.includes(f.run));
  if (own) return { ...resolution, found: own, result: checkValue(r.s, own.operand, { label: metricLabel(r.metric) }) };
  const names = group.names.map((n) => `"${n}"`).join(', ');
  const evidence = group.names.length
    ? `prints ${r.s.claim}, but is not a run of ${names}, which the row's "${group.name}" names`
    : `prints ${r.s.claim}, but no experiment or variant is named "${group.name}"; those sharing its words are named by other rows`;
  const uncertain = printers.map((f) => ({ source: f.source, evidence, recomputed: f.operand.value }));
  return { result: null, found: null, elsewhere: null, uncertain };
}

interface Resolved {
  s: Stated;
  metric: string;
  hints: Hints;
  resolution: Resolution;
}

/**
 * The numbers of one cell restate one run. When the runs that print the cell's primary number (TPS, latency; A
 * the one the structure ranks first) all print one other value of a metric whose number the cell states, and that
 * number is printed only by other runs, the two numbers name different runs. The side the page's structure (side, case, pool) points at less
 * is the wrong one, held against the other run; when the structure cannot tell them apart, the second number is
 * untraceable with the runs as candidates. Null when the cell's numbers agree on a run (or cannot be judged).
 */
function sameRun(ctx: PageContext, primary: Resolved, other: Resolved): { claim: Resolved; resolution: Resolution } | null {
  const a = primary.resolution.found;
  if (!a || primary.resolution.result?.verdict !== 'verified' || other.resolution.result?.verdict !== 'verified') return null;
  // Every run that prints the primary number (a configuration measured twice prints it twice): none may print the
  // other number, and all must print one value of its metric, the one the cell should state.
  const withPrimary = [...new Set(ctx.byValue(primary.metric, primary.s).map((f) => f.run))];
  const printers = ctx.byValue(other.metric, other.s);
  if (printers.length === 0 || printers.some((f) => withPrimary.includes(f.run))) return null;
  const otherInA = valueOf(ctx.path, a.run, other.metric);
  const expected = withPrimary.map((r) => valueOf(ctx.path, r, other.metric)?.operand.value);
  if (!otherInA || expected.some((v) => v !== otherInA.operand.value)) return null;
  const scoreA = rankScore(a.run, primary.hints);
  const scored = printers.map((f) => ({ f, score: rankScore(f.run, other.hints) })).sort((x, y) => y.score - x.score);
  const top = scored[0];
  const label = (claim: Resolved, partner: Resolved) => `${metricLabel(claim.metric)} of the run that prints the cell's ${partner.s.claim}`;
  if (scoreA > top.score) {
    const resolution = {
      result: checkValue(other.s, otherInA.operand, { label: label(other, primary) }),
      found: otherInA,
      elsewhere: top.f,
    };
    return { claim: other, resolution };
  }
  const primaryInB = valueOf(ctx.path, top.f.run, primary.metric);
  if (top.score > scoreA && (scored[1]?.score ?? -1) < top.score && primaryInB) {
    const resolution = {
      result: checkValue(primary.s, primaryInB.operand, { label: label(primary, other) }),
      found: primaryInB,
      elsewhere: a,
    };
    return { claim: primary, resolution };
  }
  const uncertain = [
    { source: otherInA.source, evidence: `the run that prints the cell's ${primary.s.claim}`, recomputed: otherInA.operand.value },
    ...printers.map((f) => ({
      source: f.source,
      evidence: `prints ${other.s.claim}, but not the cell's ${primary.s.claim}`,
      recomputed: f.operand.value,
    })),
  ];
  return { claim: other, resolution: { result: null, found: null, elsewhere: null, uncertain } };
}

/** Runs a baseline cell restates: baseline sides of other cases and the first variant of the first experiment. */
function baselinePool(ctx: PageContext): Run[] {
  return ctx.memo('baseline-pool', () => {
    const r = ctx.analysis.report;
    const ids = new Set([...r.otherCases.flatMap((c) => c.baseline), ...(r.experiments[0]?.variants[0]?.runs ?? [])]);
    return r.runs.filter((run) => ids.has(run.id));
  });
}

/** Runs an optimized cell restates: optimized sides of other cases. */
function optimizedPool(ctx: PageContext): Run[] {
  return ctx.memo('optimized-pool', () => {
    const r = ctx.analysis.report;
    const ids = new Set(r.otherCases.flatMap((c) => c.optimized));
    return r.runs.filter((run) => ids.has(run.id));
  });
}

/** `/GPU`: devices of the optimized run's command over the baseline's (TP2 vs one GPU -> 2). */
function gpuRatio(ctx: PageContext, opt: Run | undefined, base: Run | undefined): number | undefined {
  const report = ctx.analysis.report;
  const o = ctx.devices(opt) ?? (report.recommendedCommand ? devicesOf(report.recommendedCommand).total : undefined);
  const b = ctx.devices(base) ?? 1;
  return o && o / b > 1 ? o / b : (report.hardware?.count ?? undefined);
}

/** `lower than previous +9.75%`: the percentage another row of the page states (found before this one). */
function previous(ctx: PageContext, row: readonly Claim[], s: Stated, base: number): Claim {
  const same = (c: Claim) =>
    c.kind === 'improvement' && c.stated !== null && Math.abs(c.stated - s.value) < 1e-9 && c.verdict === 'verified';
  const earlier = ctx.claims.find(same) ?? row.find(same);
  return ctx.claim(
    'improvement',
    s,
    base,
    earlier
      ? {
          verdict: 'verified',
          recomputed: s.value,
          formula: `the improvement stated at line ${earlier.line}`,
          tolerance: 'same printed value',
        }
      : null,
    earlier?.source ?? null,
  );
}

/** `Success rate: 51.6%` = successful requests / the profile's `total_requests` x 100. */
function successRate(ctx: PageContext, s: Stated, base: number, run: Run | undefined): Claim {
  const profile = run?.context.profile ? ctx.analysis.profiles.get(run.context.profile) : undefined;
  const total = Number(profile?.total_requests);
  const ok = run?.metrics.successful_requests;
  if (!run || !ok || ok.value === null || !Number.isFinite(total) || total <= 0) return ctx.claim('success-rate', s, base, null, null);
  const rate = (ok.value / total) * 100;
  const result = checkValue(s, { value: rate, decimals: 2, exact: true }, { label: `${ok.text} / ${total} x 100` });
  return ctx.claim('success-rate', s, base, result, { path: ctx.path, line: ok.line, metric: 'successful_requests', runId: run.id });
}
