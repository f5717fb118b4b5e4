// Engines head to head: runs of two or more engines measured on the same workload across every report: the same
// model and precision, GPU type and count, dataset or profile, concurrency (or none stated, i.e. unbounded) and number of requests.
// Each engine's entry is its best total throughput per GPU among its usable runs there (not failed or partial, no error on its
// block or launch; a sentence that misquotes a run does not make the run worse), with the latency of that same run and a link to its raw block. Runs whose
// model, GPU, GPU count or dataset is unknown are left out: an unknown key could hide a different workload.
import { compareText } from '../order.js';
import { isGreyed } from './compare/state.js';
import type { RunRow, RunValue } from './compare/types.js';

export interface EngineEntry {
  engine: string;
  version: string | null;
  /** Best total throughput per GPU of the engine in this workload (tok/s/GPU). */
  perGpu: number;
  total: RunValue;
  tpot: RunValue | null;
  ttft: RunValue | null;
  /** How many usable runs of the engine the workload has. */
  runs: number;
  /** The run behind the entry: its raw block and what its page calls it. */
  href: string;
  setting: string | null;
  /** Its role on its page (`baseline`, `optimized`, ...). */
  role: string | null;
  /** The launch options that set it apart from its page's baseline. */
  flags: string[];
  report: string;
  title: string;
  url: string;
  verified: boolean;
}

export interface HeadToHead {
  model: string;
  /** Precision of the runs (weights), when stated. */
  precision: string | null;
  gpu: string;
  gpus: number;
  dataset: string;
  /** Concurrency of the runs; null when none is stated (the benchmark's own default, unbounded). */
  concurrency: number | null;
  /** Requests per run, when stated. */
  requested: number | null;
  /** By throughput per GPU, best first. */
  engines: EngineEntry[];
  /** Best throughput per GPU over the second best, as a percentage. */
  lead: number;
  /** Runs of the workload left out of the bests (failed, partial or flagged), each with its verdict and reason. */
  excluded: ExcludedRun[];
}

/** A run shown greyed beside a head-to-head: never its best, with the reason. */
export interface ExcludedRun {
  engine: string;
  perGpu: number;
  href: string;
  setting: string | null;
  title: string;
  verdict: RunRow['verdict'];
  note: string;
}

/**
 * A run that ran, completed every request and whose block and launch carry no error (the explorer's `isGreyed`);
 * what a sentence says of it does not make it worse.
 */
const usable = (r: RunRow) => !r.failed && !isGreyed(r);

/** Workloads with at least two engines, most engines first, then by model, GPU, dataset and concurrency. */
export function headToHeads(rows: readonly RunRow[]): HeadToHead[] {
  const groups = new Map<string, RunRow[]>();
  const greyed = new Map<string, RunRow[]>();
  for (const r of rows) {
    if (!r.engine || !r.model || !r.gpu || !r.gpus || !r.dataset || !r.values.total) continue;
    const key = JSON.stringify([r.model, r.precision, r.gpu, r.gpus, r.dataset, r.concurrency, r.requested]);
    const into = usable(r) ? groups : greyed;
    (into.get(key) ?? into.set(key, []).get(key)!).push(r);
  }
  const out: HeadToHead[] = [];
  for (const [key, list] of groups) {
    const byEngine = new Map<string, RunRow[]>();
    for (const r of list) (byEngine.get(r.engine!) ?? byEngine.set(r.engine!, []).get(r.engine!)!).push(r);
    if (byEngine.size < 2) continue;
    const engines = [...byEngine].map(([engine, runs]): EngineEntry => {
      const best = runs.reduce((a, b) => (b.values.total!.value > a.values.total!.value ? b : a));
      return {
        engine,
        version: best.version,
        perGpu: best.values.total!.value / best.gpus!,
        total: best.values.total!,
        tpot: best.values.tpot,
        ttft: best.values.ttft,
        runs: runs.length,
        href: best.href,
        role: best.role,
        flags: best.flags,
        setting: best.setting,
        report: best.report,
        title: best.title,
        url: best.url,
        verified: best.verdict === 'verified',
      };
    });
    engines.sort((a, b) => b.perGpu - a.perGpu || compareText(a.engine, b.engine));
    const [first, second] = engines;
    const { model, precision, gpu, gpus, dataset, concurrency, requested } = list[0];
    out.push({
      model: model!,
      precision,
      gpu: gpu!,
      gpus: gpus!,
      dataset: dataset!,
      concurrency,
      requested,
      engines,
      lead: (first.perGpu / second.perGpu - 1) * 100,
      excluded: (greyed.get(key) ?? []).map((r) => ({
        engine: r.engine!,
        perGpu: r.values.total!.value / r.gpus!,
        href: r.href,
        setting: r.setting,
        title: r.title,
        verdict: r.verdict,
        note: r.verdictNote,
      })),
    });
  }
  return out.sort(headToHeadOrder);
}

/**
 * The order of `headToHeads`: most engines first, then by model, GPU, dataset and concurrency. Workloads of two
 * models never share a group, so the head-to-heads of each model's runs, put together in this order, are those of
 * every run at once.
 */
export const headToHeadOrder = (a: HeadToHead, b: HeadToHead): number =>
  b.engines.length - a.engines.length ||
  compareText(a.model, b.model) ||
  compareText(a.gpu, b.gpu) ||
  a.gpus - b.gpus ||
  compareText(a.dataset, b.dataset) ||
  (a.concurrency ?? 0) - (b.concurrency ?? 0);
