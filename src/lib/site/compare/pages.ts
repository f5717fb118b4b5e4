// The reports as runs.csv reads them at build time: full runs, page URL and the rows the loader made.
import { cachedRows, fullEntry } from '../cached';
import { reports, type ReportEntry } from '../collection';
import type { Entry } from '../entry.js';
import type { RunRow } from './types.js';
import { compareText } from '../../order.js';

export interface SitePage {
  report: Entry;
  url: string;
  rows: RunRow[];
}

/** Every report ordered by slug, each read (entry and full runs) as a loop reaches it, and let go after. */
export interface SitePages extends Iterable<SitePage> {
  /** How many reports. */
  length: number;
}

/**
 * Every report, ordered by slug. Nothing is held: a route that reads every report's runs holds one report at a
 * time, so a site of 10,000 reports is never in memory at once (each loop reads the files again).
 */
export async function sitePages(): Promise<SitePages> {
  const entries = (await reports()).slice().sort((a, b) => compareText(a.id, b.id));
  return { length: entries.length, [Symbol.iterator]: () => each(entries) };
}

function* each(entries: readonly ReportEntry[]): Generator<SitePage> {
  for (const e of entries) {
    const data = e.data;
    yield { report: fullEntry({ data }), url: data.site.url, rows: cachedRows({ data: e.ref }) };
  }
}
