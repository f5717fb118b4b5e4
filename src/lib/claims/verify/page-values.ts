import type { Run } from '../../schemas/run.js';
import { printsAs, valueOf, type Found } from './sources.js';

/** More integer buckets than this for one value: kept in a list that every look-up scans (never seen in practice). */
const MAX_SPAN = 64;

interface Entry {
  found: Found;
  /** Position of the run on the page: hits are returned in run order. */
  order: number;
}

interface Buckets {
  byWhole: Map<number, Entry[]>;
  wide: Entry[];
}

/**
 * The values of one page's runs, indexed by metric and integer part on first use: looking a stated number up
 * is a hash look-up of three buckets instead of a scan of every run, so checking a page grows linearly with
 * its size. A value stands in every bucket its interval touches, so the hits are exactly those of a scan.
 */
export class PageValues {
  private readonly metrics = new Map<string, Buckets>();

  constructor(
    private readonly path: string,
    private readonly runs: readonly Run[],
  ) {}

  /** Runs whose metric prints as the stated number, in run order. */
  find(metric: string, stated: number, decimals: number): Found[] {
    const b = this.buckets(metric);
    const whole = Math.floor(stated);
    const hits = new Set<Entry>();
    for (const k of [whole - 1, whole, whole + 1]) for (const e of b.byWhole.get(k) ?? []) hits.add(e);
    for (const e of b.wide) hits.add(e);
    return [...hits]
      .filter((e) => printsAs(e.found, stated, decimals))
      .sort((x, y) => x.order - y.order)
      .map((e) => e.found);
  }

  private buckets(metric: string): Buckets {
    let b = this.metrics.get(metric);
    if (b) return b;
    b = { byWhole: new Map(), wide: [] };
    this.runs.forEach((run, order) => {
      const found = valueOf(this.path, run, metric);
      if (!found || !Number.isFinite(found.operand.value)) return;
      const entry = { found, order };
      const i = found.operand.interval;
      const lo = Math.floor(i ? Math.min(i.lo, found.operand.value) : found.operand.value);
      const hi = Math.floor(i ? Math.max(i.hi, found.operand.value) : found.operand.value);
      if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi - lo > MAX_SPAN) {
        b!.wide.push(entry);
        return;
      }
      for (let k = lo; k <= hi; k++) {
        const list = b!.byWhole.get(k);
        if (list) list.push(entry);
        else b!.byWhole.set(k, [entry]);
      }
    });
    this.metrics.set(metric, b);
    return b;
  }
}
