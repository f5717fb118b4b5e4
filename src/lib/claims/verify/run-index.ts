import type { PageView, ViewRun, ViewValue } from '../../schemas/report.js';
import { MEAN_REQUEST_LATENCY, printsAs, type Found } from './sources.js';

/** A value of another page's run that prints as a stated number: what it is and where (the run is not at hand). */
export type Elsewhere = Omit<Found, 'run'>;

/** Metrics a stated number is looked up by on other pages (each run's view holds them: ./view.ts). */
export const INDEXED = [
  'total_token_throughput',
  'output_token_throughput',
  'mean_tpot_ms',
  'mean_ttft_ms',
  'mean_itl_ms',
  'mean_latency_s',
  MEAN_REQUEST_LATENCY,
];

/**
 * Every run value of every page's view, by metric and integer part, built once per check: looking a stated number
 * up on the other pages is then a hash look-up, not a scan of every run of every page. Within a bucket, runs
 * that print alike are one group, asked once: a large site prints one value on hundreds of pages, and asking
 * each of them made a look-up that finds nothing grow with the site. Entry `k` (in page order) is value
 * `values[k]` of run `runs[k]` of page `pages[k]`: the views' own objects, held by the page set for the whole check.
 */
export class RunIndex {
  /** By `metric|integer part`, then by how the value prints (value, decimals, interval): entries, in page order. */
  private readonly buckets = new Map<string, Map<string, number[]>>();
  private readonly pages: number[] = [];
  private readonly runs: ViewRun[] = [];
  private readonly metrics: string[] = [];
  private readonly values: ViewValue[] = [];

  constructor(private readonly views: readonly PageView[]) {
    for (const [p, view] of views.entries()) {
      for (const run of view.runs) {
        if (run.failed) continue;
        for (const metric of INDEXED) {
          const v = run.values[metric];
          if (!v) continue;
          const key = `${metric}|${Math.floor(v.value)}`;
          let bucket = this.buckets.get(key);
          if (!bucket) this.buckets.set(key, (bucket = new Map()));
          const alike = `${v.value}|${v.decimals}|${v.interval ? `${v.interval.lo}|${v.interval.hi}` : ''}`;
          const at = this.pages.length;
          this.pages.push(p);
          this.runs.push(run);
          this.metrics.push(metric);
          this.values.push(v);
          const group = bucket.get(alike);
          if (group) group.push(at);
          else bucket.set(alike, [at]);
        }
      }
    }
  }

  /**
   * Values outside `exceptPath` that print as the stated number, in page order, at most `limit` of them (a large
   * site may print one value on hundreds of pages; a caller that needs one stops at the first).
   */
  find(metric: string, value: number, decimals: number, exceptPath: string, limit = Infinity): Elsewhere[] {
    const out: Elsewhere[] = [];
    const whole = Math.floor(value);
    // A value near an integer boundary may round from the neighbouring bucket.
    for (const k of [whole - 1, whole, whole + 1]) {
      const bucket = this.buckets.get(`${metric}|${k}`);
      if (!bucket) continue;
      const groups = [...bucket.values()].filter((g) => printsAs(this.found(g[0]), value, decimals));
      const hits = groups.length === 1 ? groups[0] : groups.flat().sort((a, b) => a - b);
      for (const at of hits) {
        if (this.views[this.pages[at]].path === exceptPath) continue;
        out.push(this.found(at));
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** The value entry `at` stands for, as the verification reads it. */
  private found(at: number): Elsewhere {
    const { formula, line, metric, saved, ...operand } = this.values[at];
    const source = {
      path: this.views[this.pages[at]].path,
      line,
      metric: metric ?? this.metrics[at],
      runId: this.runs[at].id,
      ...(saved && { saved }),
    };
    return { operand, formula: formula ?? null, source };
  }
}
