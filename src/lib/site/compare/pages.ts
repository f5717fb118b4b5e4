// The reports as the explorer and runs.csv read them at build time: full runs and page URL.
import { fullEntry } from '../cached';
import { reports } from '../collection';
import type { Entry } from '../entry.js';
import { compareText } from '../../order.js';

export interface SitePage {
  report: Entry;
  url: string;
}

/** Every report, ordered by slug. */
export async function sitePages(): Promise<SitePage[]> {
  const entries = (await reports()).slice().sort((a, b) => compareText(a.data.slug, b.data.slug));
  return entries.map((e) => ({ report: fullEntry(e), url: e.data.site.url }));
}
