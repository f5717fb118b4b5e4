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
import { cellSource, plain } from '../../model/text.js';
import type { Claim, ClaimSource } from '../../schemas/claim.js';
import type { Run } from '../../schemas/run.js';
import type { PageContext } from '../../verify/context.js';
import { resolveValue, type Hints, type Resolution } from '../../verify/resolve.js';
import { MEAN_REQUEST_LATENCY } from '../../verify/sources.js';
import { claimKind } from './types.js';

/** Metric behind each stated role of a cell. */
const METRIC_OF: Partial<Record<Stated['role'], string>> = {
  'total-tps': 'total_token_throughput',
  'mean-tpot': 'mean_tpot_ms',
  'mean-latency': MEAN_REQUEST_LATENCY,
};

interface Candidate {
  node: TableRow;
  baseCol: number;
  optCol: number;
}

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
    return site.node.children.slice(1).map((node) => ({ node, baseCol, optCol }));
  },
  verify({ node: row, baseCol, optCol }, ctx) {
    const out: Claim[] = [];
    const caseName = plain(row.children[0] ?? row).replace(/\*\*/g, '');
    const base = side(ctx, out, row, baseCol, 'baseline', caseName, baselinePool(ctx));
    const opt = side(ctx, out, row, optCol, 'optimized', caseName, optimizedPool(ctx));
    if (!base || !opt) return out;
    // Improvements may sit in the optimized cell or in a comparison column of their own.
    row.children.forEach((cellNode, index) => {
      if (index === 0 || index === baseCol) return;
      const raw = cellSource(ctx.analysis.source, cellNode);
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
): Side | null {
  const node = row.children[col];
  if (!node) return null;
  const raw = cellSource(ctx.analysis.source, node);
  const cell = parseCell(raw.text);
  const values = cell.items.filter((s) => METRIC_OF[s.role]);
  let primary: Side['primary'] = null;
  for (const s of values) {
    const metric = METRIC_OF[s.role] as string;
    const partner = values.find((p) => p !== s);
    const hints: Hints = {
      side: which,
      caseName,
      preferred,
      partner: partner ? { metric: METRIC_OF[partner.role] as string, stated: partner } : undefined,
    };
    const resolution = resolveValue(ctx, metric, s, hints);
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
    if (!primary && (s.role === 'total-tps' || s.role === 'mean-latency')) primary = { stated: s, resolution };
  }
  return { cell, primary };
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
