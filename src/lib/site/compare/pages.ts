// The reports as the explorer and runs.csv read them at build time: full runs and page URL.
import { fullEntry } from '../cached';
import { reports } from '../collection';
import type { Entry } from '../entry.js';
import { compareText } from '../../order.js';

export interface SitePage {
  report: Entry;
  url: string;
}

let memo: Promise<SitePage[]> | undefined;

/**
 * Every report, ordered by slug. A production build reads them once for the explorer, the engines page and
 * runs.csv, which each read every report's runs file before (about a second at 1,000 reports); dev reads afresh.
 */
export function sitePages(): Promise<SitePage[]> {
  if (!import.meta.env.PROD) return load();
  return (memo ??= load());
}

async function load(): Promise<SitePage[]> {
  const entries = (await reports()).slice().sort((a, b) => compareText(a.data.slug, b.data.slug));
  return entries.map((e) => ({ report: fullEntry(e), url: e.data.site.url }));
}
