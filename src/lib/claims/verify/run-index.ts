import type { Report } from '../../schemas/report.js';
import { MEAN_REQUEST_LATENCY, printsAs, valueOf, type Found } from './sources.js';

/** Metrics a stated number is looked up by on other pages. */
const INDEXED = [
  'total_token_throughput',
  'output_token_throughput',
  'mean_tpot_ms',
  'mean_ttft_ms',
  'mean_itl_ms',
  'mean_latency_s',
  MEAN_REQUEST_LATENCY,
];

/**
 * Every run value of every page, by metric and integer part, built once per check: looking a stated number
 * up on the other pages is then a hash look-up, not a scan of every run of every page. Within a bucket, runs
 * that print alike are one group, asked once: a large site prints one value on hundreds of pages, and asking
 * each of them made a look-up that finds nothing grow with the site.
 *
 * The index holds numbers, not the values found: entry `k` (in page order) is run `runs[k]`, metric `INDEXED[metrics[k]]`
 * of page `pages[k]`, and its `Found` is made again when a look-up returns it. A check of thousands of pages holds
 * the index for the whole check: a `Found` kept per value cost about 40 KB a page, the numbers a few hundred bytes.
 */
export class RunIndex {
  /** By `metric|integer part`, then by how the value prints (value, decimals, interval): entries, in page order. */
  private readonly buckets = new Map<string, Map<string, number[]>>();
  private readonly pages: number[] = [];
  private readonly runs: number[] = [];
  private readonly metrics: number[] = [];

  constructor(private readonly reports: readonly Pick<Report, 'path' | 'runs'>[]) {
    for (const [p, report] of reports.entries()) {
      for (const [r, run] of report.runs.entries()) {
        if (run.failed) continue;
        for (const [m, metric] of INDEXED.entries()) {
          const f = valueOf(report.path, run, metric);
          if (!f) continue;
          const key = `${metric}|${Math.floor(f.operand.value)}`;
          let bucket = this.buckets.get(key);
          if (!bucket) this.buckets.set(key, (bucket = new Map()));
          const o = f.operand;
          const alike = `${o.value}|${o.decimals}|${o.interval ? `${o.interval.lo}|${o.interval.hi}` : ''}`;
          const at = this.pages.length;
          this.pages.push(p);
          this.runs.push(r);
          this.metrics.push(m);
          const group = bucket.get(alike);
          if (group) group.push(at);
          else bucket.set(alike, [at]);
        }
      }
    }
  }

  /**
   * Runs outside `exceptPath` whose metric prints as the stated number, in page order, at most `limit` of them (a
   * large site may print one value on hundreds of pages; a caller that needs one stops at the first).
   */
  find(metric: string, value: number, decimals: number, exceptPath: string, limit = Infinity): Found[] {
    const out: Found[] = [];
    const whole = Math.floor(value);
    // A value near an integer boundary may round from the neighbouring bucket.
    for (const k of [whole - 1, whole, whole + 1]) {
      const bucket = this.buckets.get(`${metric}|${k}`);
      if (!bucket) continue;
      const groups = [...bucket.values()].filter((g) => printsAs(this.found(g[0]), value, decimals));
      const hits = groups.length === 1 ? groups[0] : groups.flat().sort((a, b) => a - b);
      for (const at of hits) {
        if (this.reports[this.pages[at]].path === exceptPath) continue;
        out.push(this.found(at));
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** The value entry `at` stands for (the same as when the index was built: the reports are not changed). */
  private found(at: number): Found {
    const report = this.reports[this.pages[at]];
    return valueOf(report.path, report.runs[this.runs[at]], INDEXED[this.metrics[at]])!;
  }
}
