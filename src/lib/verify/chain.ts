import type { Table } from 'mdast';
import { checkPercentChange, requestLatencyS, type CheckResult } from '../claims/check.js';
import { parseCell } from '../claims/cells.js';
import { roundHalfUp } from '../claims/number.js';
import type { Operand } from '../claims/operand.js';
import { cellSource, plain } from '../model/text.js';
import type { Experiment } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import type { PageContext } from './context.js';
import { MEAN_REQUEST_LATENCY, valueOf } from './sources.js';

interface Step {
  run: Run;
  operand: Operand;
}

/**
 * "Summary of Optimization Options" with two columns (FORMATS.md 4.2 V1): each adopted row states the gain
 * of one step over the previous adopted step (a chain); `-` rows are not adopted and do not move the
 * reference. Each row is tried against every run of its experiment and against both references (previous
 * step, original baseline); the first pair that reproduces the stated value is the source.
 */
export function verifyChainTable(ctx: PageContext, table: Table): void {
  const report = ctx.analysis.report;
  const latency = report.objective === 'latency';
  const metric = latency ? MEAN_REQUEST_LATENCY : 'total_token_throughput';
  const original = report.experiments[0]?.variants[0]?.runs.map((id) => ctx.run(id)).find((r) => r && !r.failed);
  const originalStep = original ? step(ctx, original, metric, latency) : null;
  let reference = originalStep;
  const used = new Set<Experiment>();
  for (const row of table.children.slice(1)) {
    const [nameCell, valueCell] = row.children;
    if (!nameCell || !valueCell) continue;
    const option = plain(nameCell);
    const raw = cellSource(ctx.analysis.source, valueCell);
    const cell = parseCell(raw.text);
    const base = raw.base;
    const stated = cell.items.find((s) => s.role === 'percent');
    if (!stated) continue;
    const better = latency ? 'lower' : 'higher';
    if (/total|overall|cumulative|vs\.? baseline/i.test(option) && originalStep && reference) {
      const result = checkPercentChange(stated, originalStep.operand, reference.operand, { better });
      ctx.add('improvement', stated, base, result, src(ctx, reference, metric), [src(ctx, originalStep, metric)]);
      continue;
    }
    const experiment = matchExperiment(option, report.experiments, used);
    if (experiment) used.add(experiment);
    const candidates = (experiment?.variants.flatMap((v) => v.runs) ?? [])
      .map((id) => ctx.run(id))
      .filter((r): r is Run => !!r && !r.failed)
      .map((r) => step(ctx, r, metric, latency))
      .filter((s): s is Step => !!s);
    if (!reference || candidates.length === 0) {
      ctx.add('improvement', stated, base, null, null);
      continue;
    }
    // The final configuration (optimized side of the other cases) is the last resort: some pages state the
    // last step against it (latency pages, whose experiments run at one batch size).
    const fallback = report.otherCases
      .flatMap((c) => c.optimized)
      .map((id) => ctx.run(id))
      .filter((r): r is Run => !!r && !r.failed)
      .map((r) => step(ctx, r, metric, latency))
      .filter((s): s is Step => !!s);
    let hit: { result: CheckResult; cand: Step; ref: Step } | null = null;
    search: for (const pool of [candidates, fallback]) {
      for (const ref of [reference, originalStep].filter((r): r is Step => !!r)) {
        for (const cand of pool) {
          // Runs on a different number of devices are compared per device (`/GPU`, "scaled to same GPU count").
          const scale = deviceScale(ctx, ref.run, cand.run);
          const result = checkPercentChange(stated, ref.operand, cand.operand, { better, ...scale });
          if (result.verdict === 'verified') {
            hit = { result, cand, ref };
            break search;
          }
        }
      }
    }
    if (!hit) {
      const bestCand = candidates.reduce((a, b) => ((latency ? b.operand.value < a.operand.value : b.operand.value > a.operand.value) ? b : a));
      hit = { result: checkPercentChange(stated, reference.operand, bestCand.operand, { better }), cand: bestCand, ref: reference };
    }
    ctx.add('improvement', stated, base, hit.result, src(ctx, hit.cand, metric), [src(ctx, hit.ref, metric)]);
    reference = hit.cand;
  }
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

/** Options that put two runs on the same number of devices: a multiplier or a per-GPU divisor. */
function deviceScale(ctx: PageContext, ref: Run, cand: Run): { multiplier?: number; perGpu?: number } {
  const r = ctx.devices(ref);
  const c = ctx.devices(cand);
  if (!r || !c || r === c) return {};
  return r > c && r % c === 0 ? { multiplier: r / c } : { perGpu: c / r };
}

function src(ctx: PageContext, s: Step, metric: string) {
  return valueOf(ctx.path, s.run, metric)?.source ?? { path: ctx.path, line: s.run.line, metric, runId: s.run.id };
}

const STOP = new Set(['the', 'in', 'of', 'and', 'with', 'for', 'on', 'a', 'to', 'choosing', 'selection', 'option', 'optimization']);

function stems(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/(es|s)$/, ''));
}

/** The experiment a summary row names: most shared word stems, else the next unused one in order. */
function matchExperiment(option: string, experiments: readonly Experiment[], used: Set<Experiment>): Experiment | null {
  const words = stems(option);
  let best: Experiment | null = null;
  let bestScore = 0;
  for (const e of experiments) {
    if (used.has(e)) continue;
    const score = stems(e.heading).filter((w) => words.includes(w)).length;
    if (score > bestScore) {
      best = e;
      bestScore = score;
    }
  }
  return best ?? experiments.find((e) => !used.has(e)) ?? null;
}
