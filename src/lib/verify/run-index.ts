import type { Report } from '../schemas/report.js';
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

/** Runs whose values print alike (same value, decimals and interval), in page order, each with its place in that order. */
type Alike = Array<{ f: Found; at: number }>;

/**
 * Every run value of every page, by metric and integer part, built once per check: looking a stated number
 * up on the other pages is then a hash look-up, not a scan of every run of every page. Within a bucket, runs
 * that print alike are one group, asked once: a large site prints one value on hundreds of pages, and asking
 * each of them made a look-up that finds nothing grow with the site.
 */
export class RunIndex {
  private readonly buckets = new Map<string, Map<string, Alike>>();

  constructor(reports: readonly Pick<Report, 'path' | 'runs'>[]) {
    let at = 0;
    for (const report of reports) {
      for (const [key, f] of entriesOf(report)) {
        let bucket = this.buckets.get(key);
        if (!bucket) this.buckets.set(key, (bucket = new Map()));
        const o = f.operand;
        const alike = `${o.value}|${o.decimals}|${o.interval ? `${o.interval.lo}|${o.interval.hi}` : ''}`;
        const group = bucket.get(alike);
        if (group) group.push({ f, at: at++ });
        else bucket.set(alike, [{ f, at: at++ }]);
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
      const groups = [...bucket.values()].filter((g) => printsAs(g[0].f, value, decimals));
      const hits = groups.length === 1 ? groups[0] : groups.flat().sort((a, b) => a.at - b.at);
      for (const { f } of hits) {
        if (f.source.path === exceptPath) continue;
        out.push(f);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
}

type Entry = readonly [key: string, found: Found];

/**
 * One page's index entries, by its runs: a dev server builds the index again on each reload from the same parsed
 * pages, so each page's values are read once. (A `Found` is never changed once made; sharing it is safe.)
 */
const pageEntries = new WeakMap<readonly Report['runs'][number][], { path: string; entries: Entry[] }>();

function entriesOf(report: Pick<Report, 'path' | 'runs'>): Entry[] {
  const known = pageEntries.get(report.runs);
  if (known && known.path === report.path) return known.entries;
  const entries: Entry[] = [];
  for (const run of report.runs) {
    if (run.failed) continue;
    for (const metric of INDEXED) {
      const f = valueOf(report.path, run, metric);
      if (f) entries.push([`${metric}|${Math.floor(f.operand.value)}`, f]);
    }
  }
  pageEntries.set(report.runs, { path: report.path, entries });
  return entries;
}
