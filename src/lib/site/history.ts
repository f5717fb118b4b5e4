// A setup's history: the same model and precision, accelerator type and count, workload and load, engine, measured in
// more than one report or engine version. Each launch configuration (the options that set a run apart from its
// page's baseline) is one line across the engine versions and reports; a point is the runs of one version on one
// report, drawn at their median total throughput per GPU with their range. A change from one point to the next is a
// gain or a regression only when it is beyond the runs' own spread (formula on `HistoryChange`). Runs that are not a
// result (failed, partial, flagged) never make a point: they are listed beside the history with their verdict.
import { createHash } from 'node:crypto';
import { slug } from 'github-slugger';
import { compareText } from '../order.js';
import { isGreyed } from './compare/state.js';
import type { RunRow, RunValue } from './compare/types.js';

/** Below this change (%), two points are one result whatever their spread: run-to-run noise of a serving benchmark. */
export const NOISE_PERCENT = 3;

/** The name of the configuration of runs launched as their page's baseline. */
export const DEFAULT_LAUNCH = 'default launch';

export interface HistoryRun {
  href: string;
  setting: string | null;
  /** Total token throughput per GPU (tok/s/GPU). */
  perGpu: number;
  total: RunValue;
  tpot: RunValue | null;
  verified: boolean;
}

export interface HistoryPoint {
  version: string | null;
  report: string;
  title: string;
  url: string;
  /** By throughput, lowest first. */
  runs: HistoryRun[];
  median: number;
  min: number;
  max: number;
  /** (max - min) / median x 100; 0 for one run. */
  spread: number;
}

/**
 * From one point to the next on a line: `percent` = (median_to / median_from - 1) x 100. It is a `gain` or a
 * `regression` when |percent| > `threshold` = max(NOISE_PERCENT, spread of either point), else `within spread`.
 */
export interface HistoryChange {
  percent: number;
  threshold: number;
  kind: 'gain' | 'regression' | 'within spread';
}

export interface HistoryLine {
  /** The launch options of the line's runs, or DEFAULT_LAUNCH. */
  configuration: string;
  /** In version order, then by report. */
  points: HistoryPoint[];
  /** `changes[i]` goes from `points[i]` to `points[i + 1]`. */
  changes: HistoryChange[];
}

export interface ExcludedHistoryRun {
  configuration: string;
  version: string | null;
  href: string;
  title: string;
  verdict: RunRow['verdict'];
  note: string;
}

export interface SetupHistory {
  /**
   * The page's address under /history/: the setup in words and a short hash of its key, so an address stays the same
   * when other setups come and go, and two setups whose words slug alike (`Qwen3-14B`, `qwen3-14b`) never share one.
   */
  slug: string;
  model: string;
  precision: string | null;
  gpu: string;
  gpus: number;
  dataset: string;
  requested: number | null;
  engine: string;
  /** The versions and the reports the setup was measured in (every run, usable or not). */
  versions: string[];
  reports: string[];
  lines: HistoryLine[];
  excluded: ExcludedHistoryRun[];
}

/**
 * Orders engine versions as people read them (`0.9.2` < `0.10.0`, `v0.11.0` = `0.11.0`): numbers by value, a
 * pre-release (`0.5.3rc0`, `1.0.0.dev1`) before its release. Version strings of these engines follow PEP 440 more
 * often than semver, which has no place for `rc0` glued to the patch number; `.post1` comes after its release.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/i, '').match(/\d+|[a-z]+/gi) ?? [];
  // What a part weighs against the end of a version: a number or `post` goes on after it, a pre-release word before.
  const after = (p: string) => /^\d/.test(p) || /^post$/i.test(p);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    if (x === y) continue;
    if (x === undefined) return after(y!) ? -1 : 1;
    if (y === undefined) return after(x) ? 1 : -1;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny) return Number(x) - Number(y) || compareText(x, y);
    if (nx !== ny) return nx ? 1 : -1;
    return wordRank(x) - wordRank(y) || compareText(x.toLowerCase(), y.toLowerCase());
  }
  return compareText(a, b);
}

/** PEP 440's order of the words in a version: `dev` < `a` < `b` < `rc` < `post`; another word after `rc`. */
const WORDS = ['dev', 'a', 'alpha', 'b', 'beta', 'pre', 'rc', 'c'];
const wordRank = (w: string) => {
  const i = WORDS.indexOf(w.toLowerCase());
  return /^post$/i.test(w) ? WORDS.length + 1 : i < 0 ? WORDS.length : i;
};

const versionOrder = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : compareVersions(a, b));

const configurationOf = (r: RunRow) => (r.flags.length > 0 ? r.flags.join(' ') : DEFAULT_LAUNCH);

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function point(runs: readonly RunRow[]): HistoryPoint {
  const list = runs
    .map((r): HistoryRun => ({
      href: r.href,
      setting: r.setting,
      perGpu: r.values.total!.value / r.gpus!,
      total: r.values.total!,
      tpot: r.values.tpot,
      verified: r.verdict === 'verified',
    }))
    .sort((a, b) => a.perGpu - b.perGpu || compareText(a.href, b.href));
  const values = list.map((r) => r.perGpu);
  const mid = median(values);
  const [min, max] = [values[0], values[values.length - 1]];
  const { version, report, title, url } = runs[0];
  return { version, report, title, url, runs: list, median: mid, min, max, spread: mid > 0 ? ((max - min) / mid) * 100 : 0 };
}

/** The change from `a` to `b` (see `HistoryChange`). */
export function historyChange(a: HistoryPoint, b: HistoryPoint): HistoryChange {
  const percent = (b.median / a.median - 1) * 100;
  const threshold = Math.max(NOISE_PERCENT, a.spread, b.spread);
  return { percent, threshold, kind: Math.abs(percent) <= threshold ? 'within spread' : percent > 0 ? 'gain' : 'regression' };
}

/** Runs of more than one report or more than one stated engine version. */
const spansTwo = (runs: readonly RunRow[]) =>
  new Set(runs.map((r) => r.report)).size > 1 || new Set(runs.map((r) => r.version).filter((v) => v !== null)).size > 1;

/** The key of a setup: what must be the same for two runs to be one setup measured again. */
const setupKey = (r: RunRow) =>
  JSON.stringify([r.model, r.precision, r.gpu, r.gpus, r.dataset, r.concurrency, r.rate, r.requested, r.engine]);

/**
 * The histories of `rows`' setups: each setup whose usable runs (not failed, partial or flagged) span more than one
 * report or engine version; its other runs are listed beside it. Runs whose model, accelerator, count, workload, engine or total throughput is
 * unknown are left out, as in the head-to-heads: an unknown key could hide another setup.
 */
export function setupHistories(rows: readonly RunRow[]): SetupHistory[] {
  const groups = new Map<string, RunRow[]>();
  for (const r of rows) if (r.engine && r.model && r.gpu && r.gpus && r.dataset && r.values.total) push(groups, setupKey(r), r);
  const out: SetupHistory[] = [];
  for (const [key, list] of groups) {
    // Measured again means a result again: a flagged or partial run on another report makes no history by itself.
    const usable = list.filter((r) => !r.failed && !isGreyed(r));
    if (!spansTwo(usable)) continue;
    const versions = [...new Set(list.map((r) => r.version).filter((v): v is string => v !== null))].sort(compareVersions);
    const reports = [...new Set(list.map((r) => r.report))].sort(compareText);
    const byLine = new Map<string, RunRow[]>();
    for (const r of usable) push(byLine, configurationOf(r), r);
    const lines = [...byLine].map(([configuration, runs]): HistoryLine => {
      const byPoint = new Map<string, RunRow[]>();
      for (const r of runs) push(byPoint, JSON.stringify([r.version, r.report]), r);
      const points = [...byPoint.values()].map(point).sort((a, b) => versionOrder(a.version, b.version) || compareText(a.report, b.report));
      return { configuration, points, changes: points.slice(1).map((p, i) => historyChange(points[i], p)) };
    });
    // The default launch first, then the lines with most points.
    lines.sort(
      (a, b) =>
        Number(b.configuration === DEFAULT_LAUNCH) - Number(a.configuration === DEFAULT_LAUNCH) ||
        b.points.length - a.points.length ||
        compareText(a.configuration, b.configuration),
    );
    const { model, precision, gpu, gpus, dataset, requested, engine } = list[0];
    const setup = { model: model!, precision, gpu: gpu!, gpus: gpus!, dataset: dataset!, requested, engine: engine! };
    out.push({
      slug: historySlug(historyTitle(setup), key),
      model: model!,
      precision,
      gpu: gpu!,
      gpus: gpus!,
      dataset: dataset!,
      requested,
      engine: engine!,
      versions,
      reports,
      lines,
      excluded: list
        .filter((r) => r.failed || isGreyed(r))
        .map((r) => ({
          configuration: configurationOf(r),
          version: r.version,
          href: r.href,
          title: r.title,
          verdict: r.verdict,
          note: r.verdictNote,
        }))
        .sort((a, b) => versionOrder(a.version, b.version) || compareText(a.href, b.href)),
    });
  }
  return out.sort(historyOrder);
}

/** By model, accelerator, count, workload and engine. */
export const historyOrder = (a: SetupHistory, b: SetupHistory): number =>
  compareText(a.model, b.model) ||
  compareText(a.gpu, b.gpu) ||
  a.gpus - b.gpus ||
  compareText(a.dataset, b.dataset) ||
  (a.requested ?? 0) - (b.requested ?? 0) ||
  compareText(a.engine, b.engine);

/** The setup in words: `Qwen3-14B · FP8 · 1x H100 · ShareGPT · 1000 requests · vLLM`. */
export function historyTitle(h: Pick<SetupHistory, 'model' | 'precision' | 'gpu' | 'gpus' | 'dataset' | 'requested' | 'engine'>): string {
  return [
    h.model,
    h.precision && h.precision !== 'native' && h.precision !== 'default' ? h.precision : null,
    `${h.gpus}x ${h.gpu}`,
    h.dataset,
    h.requested !== null ? `${h.requested} requests` : null,
    h.engine,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** `qwen3-14b-1x-h100-sharegpt-vllm-3fa2c1`: ASCII letters, digits and dashes, whatever script the words are in. */
function historySlug(title: string, key: string): string {
  const words = slug(title)
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 6);
  return words ? `${words}-${hash}` : `setup-${hash}`;
}
