/**
 * "Summary of Optimization Options" with two columns (FORMATS.md 4.2 V1): each adopted row states the gain of
 * one step over the previous adopted step (a chain); `-` rows are not adopted and do not move the reference.
 * Each row names its runs by content (`verify/target.ts`: shared words with an experiment's heading, a variant's
 * label, its distinguishing flags, engine, run labels) and is tried against each of them and both references
 * (previous adopted step, original baseline); the first pair that reproduces the stated value is the source.
 * When none does, the number is a mismatch only if its runs are certain (one experiment named by content, one
 * run the page adopts in it) and so is its reference; otherwise it is untraceable, with the candidates. A step
 * whose source is not certain is never carried forward as the next row's reference. A `Total`/`Overall` row is
 * the original baseline against the last step when the runs are known, else the product of the steps above it.
 *
 * Product check: (prod (1 + p_i / 100) - 1) x 100 over the adopted rows, by interval arithmetic with every step
 * +/- half a unit of its last digit.
 * ok: qwen3-14b/h100 +27.7% (8424.86 vs 6595.66), +23.8%; product 1.277 x 1.238 -> +58.1%.
 */
import type { Table, TableRow } from 'mdast';
import { checkPercentChange, requestLatencyS, type CheckResult } from '../check.js';
import { parseCell } from '../cells.js';
import { mul, point, scale, shift, type Interval } from '../../numbers/interval.js';
import { formatFixed, halfUnit, roundHalfUp } from '../../numbers/number.js';
import type { Operand } from '../operand.js';
import { judge, type StatedValue } from '../result.js';
import { plain } from '../../model/text.js';
import type { Claim } from '../../schemas/claim.js';
import type { Experiment } from '../../schemas/report.js';
import type { Run } from '../../schemas/run.js';
import type { PageContext } from '../verify/context.js';
import { MEAN_REQUEST_LATENCY, valueOf } from '../verify/sources.js';
import { adoptedRun, targetOf, type Target } from '../verify/target.js';
import { claimKind } from './types.js';

interface Step {
  run: Run;
  operand: Operand;
}

interface Candidate {
  node: Table;
  /** The body rows of the table and of the parts that continue it (a chain split in two tables is one chain). */
  rows: TableRow[];
}

/** A row that states the whole chain rather than one step. */
const TOTAL = /total|overall|cumulative|vs\.? baseline/i;

export const chainTable = claimKind<Candidate>({
  kind: 'chain-table',
  find(site) {
    if (site.kind !== 'table' || site.role !== 'summary' || site.continues) return [];
    const rows = [site.node, ...site.parts].flatMap((t) => t.children.slice(1));
    return (site.node.children[0]?.children.length ?? 0) === 2 ? [{ node: site.node, rows }] : [];
  },
  verify({ rows }, ctx) {
    const out: Claim[] = [];
    const report = ctx.analysis.report;
    const latency = report.objective === 'latency';
    const original = report.experiments[0]?.variants[0]?.runs.map((id) => ctx.run(id)).find((r) => r && !r.failed);
    // The throughput a step is measured by: the total where the baseline prints it, else the output throughput
    // (the tools that print no total).
    const throughput =
      original && !valueOf(ctx.path, original, 'total_token_throughput') && valueOf(ctx.path, original, 'output_token_throughput')
        ? 'output_token_throughput'
        : 'total_token_throughput';
    const metric = latency ? MEAN_REQUEST_LATENCY : throughput;
    const originalStep = original ? step(ctx, original, metric, latency) : null;
    /** The previous adopted step, when certain; null once a row's source was only guessed (never carried forward). */
    // The first run of the page is the original baseline only when a verified number of the page's tables cites it
    // (the conclusion's baseline cell); otherwise it is a guess by position, and no step is held against it.
    const originalCertain =
      !!original && ctx.claims.some((c) => c.kind === 'cell-value' && c.verdict === 'verified' && c.source?.runId === original.id);
    let reference: Step | null = originalStep;
    // The final configuration (optimized side of the other cases) is the last resort: some pages state the
    // last step against it (latency pages, whose experiments run at one batch size).
    const fallback = report.otherCases
      .flatMap((c) => c.optimized)
      .map((id) => ctx.run(id))
      .filter((r): r is Run => !!r && !r.failed)
      .map((r) => step(ctx, r, metric, latency))
      .filter((s): s is Step => !!s);
    const better = latency ? 'lower' : 'higher';
    /** The gains stated by the step rows so far (a total is their product), and whether each is sourced. */
    const steps: StatedValue[] = [];
    let stepsSourced = true;
    // Each step row's runs, named by content; earlier rows' experiments are tried last by later rows. A row that
    // names no experiment by content is given one by position only afterwards, among those no row names: a row
    // about an option the page never ran (an added `Prefix Caching` line) takes no other row's experiment.
    const targets = new Map<unknown, Target | null>();
    const used = new Set<Experiment>();
    const unnamed: Array<{ row: TableRow; option: string }> = [];
    /** Experiments a row without a gain (`Attention Backend | -`) names by content: no positional guess takes them. */
    const named = new Set<Experiment>();
    for (const row of rows) {
      const option = row.children[0] ? plain(row.children[0]) : '';
      const value = row.children[1] ? ctx.cell(row.children[1]).text : '';
      if (TOTAL.test(option)) continue;
      if (!parseCell(value).items.some((s) => s.role === 'percent')) {
        const t = targetOf(option, report.experiments, used, ctx, false);
        if (t?.certain) for (const e of t.experiments) named.add(e);
        continue;
      }
      const target = targetOf(option, report.experiments, used, ctx, false);
      if (!target) {
        unnamed.push({ row, option });
        continue;
      }
      if (target.certain) for (const e of target.experiments) used.add(e);
      else used.add(target.experiments[0]);
      targets.set(row, target);
    }
    for (const e of used) named.add(e);
    for (const { row, option } of unnamed) {
      const target = targetOf(option, report.experiments, named, ctx);
      if (target) named.add(target.experiments[0]);
      targets.set(row, target);
    }
    // A chain states each step against the step before it: that reference is certain only while the rows
    // follow the page's experiments in order (a reordered table says nothing of which step came first).
    const lines = [...targets.values()].filter((t) => t?.certain).map((t) => t!.experiments[0].line);
    const ordered = lines.every((l, i) => i === 0 || l >= lines[i - 1]);
    /**
     * The last step whose source was certain: tried as a reference after a row whose source is not (that row may
     * or may not have been adopted), so a row's grade does not hang on an unrelated row above it.
     */
    let lastCertain: Step | null = originalStep;
    for (const row of rows) {
      const [nameCell, valueCell] = row.children;
      if (!nameCell || !valueCell) continue;
      const option = plain(nameCell);
      const raw = ctx.cell(valueCell);
      const stated = parseCell(raw.text).items.find((s) => s.role === 'percent');
      if (!stated) continue;
      if (TOTAL.test(option)) {
        // The runs settle a total when they are known; otherwise the steps stated above it must multiply to it.
        if (ordered && originalCertain && originalStep && reference && reference !== originalStep) {
          const result = checkPercentChange(stated, originalStep.operand, reference.operand, { better });
          out.push(ctx.claim('improvement', stated, raw.base, result, src(ctx, reference, metric), [src(ctx, originalStep, metric)]));
        } else {
          const result = steps.length ? checkChainProduct(steps, { ...stated, unit: '%' }) : null;
          out.push(ctx.claim('improvement', stated, raw.base, result, null, [], { unsourced: !stepsSourced }));
        }
        continue;
      }
      steps.push(stated);
      const target = targets.get(row) ?? null;
      const perDevice = saysPerDevice(ctx, row, target);
      const candidates = (target?.runs ?? []).map((r) => step(ctx, r, metric, latency)).filter((s): s is Step => !!s);
      const refs = [reference, lastCertain, originalStep].filter((r, i, all): r is Step => !!r && all.indexOf(r) === i);
      if (refs.length === 0 || candidates.length === 0) {
        out.push(ctx.claim('improvement', stated, raw.base, null, null));
        stepsSourced = false;
        // A row with no run on the page (no experiment is about it) cannot be what the next measured step was
        // measured against: the reference stays. A row with runs that do not settle it breaks the chain.
        if (candidates.length > 0) reference = null;
        continue;
      }
      let hit: { result: CheckResult; cand: Step; ref: Step } | null = null;
      search: for (const pool of [candidates, fallback]) {
        for (const ref of refs) {
          for (const cand of pool) {
            const result = checkPercentChange(stated, ref.operand, cand.operand, {
              better,
              ...deviceScale(ctx, ref.run, cand.run, perDevice),
            });
            if (result.verdict === 'verified') {
              hit = { result, cand, ref };
              break search;
            }
          }
        }
      }
      if (hit) {
        out.push(ctx.claim('improvement', stated, raw.base, hit.result, src(ctx, hit.cand, metric), [src(ctx, hit.ref, metric)]));
        // A step reproduced by a run of the row's own experiment is the adopted step; one found only by position is not.
        reference = target?.certain ? hit.cand : null;
        if (reference) lastCertain = reference;
        continue;
      }
      // No run reproduces the number: it is wrong only when the row's run and its reference are both certain.
      const referenceCertain = !!reference && (reference !== originalStep || originalCertain);
      const adopted = target?.certain && ordered && referenceCertain && reference ? adoptedRun(target.runs, reference.run, ctx) : null;
      const chosen = adopted ? candidates.find((c) => c.run === adopted.run) : undefined;
      if (reference && chosen) {
        const result = checkPercentChange(stated, reference.operand, chosen.operand, {
          better,
          ...deviceScale(ctx, reference.run, chosen.run, perDevice),
        });
        out.push(ctx.claim('improvement', stated, raw.base, result, src(ctx, chosen, metric), [src(ctx, reference, metric)]));
        reference = chosen;
        lastCertain = chosen;
        continue;
      }
      const ref = refs[0];
      const listed = candidates.slice(0, 6).map((cand) => {
        const result = checkPercentChange(stated, ref.operand, cand.operand, { better, ...deviceScale(ctx, ref.run, cand.run, perDevice) });
        const why = [
          target?.because.get(cand.run) ?? target?.evidence ?? '',
          referenceCertain && ordered ? '' : 'the reference step is not certain',
        ].filter(Boolean);
        return { source: src(ctx, cand, metric), evidence: why.join('; '), recomputed: result.recomputed };
      });
      out.push(ctx.claim('improvement', stated, raw.base, null, null, [], { uncertain: listed }));
      stepsSourced = false;
      reference = null;
    }
    return out;
  },
});

/** `%` for a `(+58.1%)` gain, `x` for an `(2.2x faster)` ratio. */
export interface ChainTotal extends StatedValue {
  unit: '%' | 'x';
}

/** The product of (1 + step) over the adopted rows against the total gain or ratio. */
export function checkChainProduct(steps: readonly StatedValue[], total: ChainTotal): CheckResult {
  let raw = 1;
  let interval: Interval = point(1);
  for (const s of steps) {
    raw *= 1 + s.value / 100;
    const h = halfUnit(s.decimals);
    interval = mul(interval, { lo: 1 + (s.value - h) / 100, hi: 1 + (s.value + h) / 100 });
  }
  const factors = steps.map((s) => `(1 + ${formatFixed(s.value, s.decimals)} / 100)`).join(' x ') || '1';
  const percent = total.unit === '%';
  const halves = [...new Set(steps.map((s) => formatFixed(halfUnit(s.decimals), s.decimals + 1)))];
  return judge(
    total,
    percent ? (raw - 1) * 100 : raw,
    percent ? scale(shift(interval, -1), 100) : interval,
    'interval',
    percent ? `(${factors} - 1) x 100` : factors,
    `steps +/- ${halves.join(', ') || '0'}`,
  );
}

/** The step value of a run: printed Total TPS, or the R1 latency rounded to 2 decimals as pages display it (R4). */
function step(ctx: PageContext, run: Run, metric: string, latency: boolean): Step | null {
  if (latency) {
    const d = requestLatencyS(run);
    return d ? { run, operand: { value: roundHalfUp(d.value, 2), decimals: 2 } } : null;
  }
  const f = valueOf(ctx.path, run, metric);
  return f ? { run, operand: f.operand } : null;
}

/** Words and units that state a throughput per device: `/GPU`, `per GPU`, `per card`, `每卡`, a `7787.17x2` cell. */
const PER_DEVICE =
  /\/\s?(?:gpu|npu|card|device)\b|\bper[ -](?:gpu|npu|card|device)\b|每卡|单卡|每张卡|(?<![\w.])\d{1,9}(?:\.\d{1,9})?x\d{1,2}\b/i;

/**
 * Whether the page says that a step of the chain is normalised per device: the row itself, its experiment's prose
 * (`achieving 26.8% higher token throughput per GPU`), or the page's conclusion table (`(+31.6%/GPU)`, `7787.17x2`)
 * state it. Otherwise the stated gain is a plain ratio of the runs' values, whatever their device counts.
 */
function saysPerDevice(ctx: PageContext, row: TableRow, target: Target | null): boolean {
  if (PER_DEVICE.test(ctx.text(row))) return true;
  const experiments = new Set(target?.experiments ?? []);
  return ctx.analysis.sites.some(
    (s) =>
      (s.kind === 'prose' && s.experiment !== null && experiments.has(s.experiment) && PER_DEVICE.test(ctx.text(s.node))) ||
      (s.kind === 'table' && s.role === 'conclusion' && PER_DEVICE.test(ctx.text(s.node))),
  );
}

/**
 * Options that put two runs on the same number of devices (a multiplier or a per-GPU divisor), only where the page
 * says the step is per device (`perDevice`); a plain ratio otherwise.
 */
function deviceScale(ctx: PageContext, ref: Run, cand: Run, perDevice: boolean): { multiplier?: number; perGpu?: number } {
  if (!perDevice) return {};
  const r = ctx.devices(ref);
  const c = ctx.devices(cand);
  if (!r || !c || r === c) return {};
  return r > c && r % c === 0 ? { multiplier: r / c } : { perGpu: c / r };
}

function src(ctx: PageContext, s: Step, metric: string) {
  return valueOf(ctx.path, s.run, metric)?.source ?? { path: ctx.path, line: s.run.line, metric, runId: s.run.id };
}
