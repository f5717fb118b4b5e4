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

/**
 * Every run value of every page, by metric and integer part, built once per check: looking a stated number
 * up on the other pages is then a hash look-up, not a scan of every run of every page.
 */
export class RunIndex {
  private readonly buckets = new Map<string, Found[]>();

  constructor(reports: readonly Pick<Report, 'path' | 'runs'>[]) {
    for (const report of reports) {
      for (const [key, f] of entriesOf(report)) {
        const list = this.buckets.get(key);
        if (list) list.push(f);
        else this.buckets.set(key, [f]);
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
      for (const f of this.buckets.get(`${metric}|${k}`) ?? []) {
        if (f.source.path !== exceptPath && printsAs(f, value, decimals)) out.push(f);
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
