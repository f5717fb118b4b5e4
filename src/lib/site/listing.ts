// Report summaries for the home page, `reports.json` and `llms.txt`: one shape, computed in one place.
import type { ListedEntry as Entry } from './entry.js';
import { trustSummary, type TrustSummary } from './claims.js';
import { headline } from './gain.js';
import { describe, hardwareText, pageTitle } from './describe.js';
import { compareText } from '../order.js';
import { pageModel } from './page-model.js';
import { keptBy, type Kept } from './kept.js';

export interface Listing {
  slug: string;
  url: string;
  title: string;
  kind: Entry['kind'];
  description: string;
  model: string | null;
  /** GPU name for the hardware facet (`H100`). */
  gpu: string | null;
  hardware: string | null;
  objective: Entry['objective'];
  engines: string[];
  /**
   * Headline improvement of the first Conclusion case as a speed-up factor, read from the improvement the card shows
   * (`gainText`: `+31.6%/GPU` is 1.316), else from the two cells; null when the page has none.
   */
  gain: number | null;
  /** What the gain measures: a throughput gain (%) and a latency gain (x faster) are never ranked together. */
  gainKind: GainKind | null;
  gainText: string | null;
  gainCase: string | null;
  /**
   * Why the headline gain is not a result (its optimized run failed or did not complete every request): the card
   * shows it greyed with this reason, and `gain` is null so that no list ranks it. Null for a gain that stands.
   */
  gainNote: string | null;
  trust: TrustSummary;
  runs: number;
  lastUpdated: string | null;
}

/** Listings made earlier, by a key that names the entry's contents (its file and hash). */
export type KeptListings = Kept<Entry, Listing>;

/** The listings of `entries`, kept across a dev server's requests (`keptBy`). */
export function keptListings(
  entries: Iterable<{ key: string; entry: () => Entry }>,
  kept: KeptListings | undefined,
): { listings: Listing[]; kept: KeptListings } {
  const made = keptBy(listing, entries, kept);
  return { listings: made.values, kept: made.kept };
}

export function listing(entry: Entry): Listing {
  const h = headline(entry);
  return {
    slug: entry.slug,
    url: entry.site.url,
    title: pageTitle(entry),
    kind: entry.kind,
    description: describe(entry),
    model: pageModel(entry),
    gpu: entry.hardware?.gpu ?? null,
    hardware: hardwareText(entry),
    objective: entry.objective,
    engines: [...new Set(entry.engines.map((e) => e.name))],
    gain: h && !h.incomplete ? h.factor : null,
    gainKind: h && !h.incomplete ? h.metric : null,
    gainText: h?.text ?? null,
    gainCase: h?.case ?? null,
    gainNote: h?.incomplete?.note ?? null,
    trust: trustSummary(entry.claims, entry.messages),
    runs: entry.runs.length,
    lastUpdated: entry.site.lastUpdated,
  };
}

/** Report cards on one page of the home list (`/`, `/page/2/`, ...): the page's size does not grow with the site. */
export const HOME_PAGE = 100;

export type GainKind = 'throughput' | 'latency';
export const gainKinds: readonly GainKind[] = ['throughput', 'latency'];

/**
 * Ranks by gain within one metric kind: the pages whose gain is of `kind` first, highest first; then the other
 * kinds in `gainKinds` order, each by its own gain; pages without a gain last, by title.
 */
export function byGainOf(kind: GainKind) {
  const rank = (l: Listing) =>
    l.gainKind === null || l.gain === null ? 2 : l.gainKind === kind ? 0 : 1 + gainKinds.indexOf(l.gainKind) / 10;
  return (a: Listing, b: Listing): number => rank(a) - rank(b) || (b.gain ?? 0) - (a.gain ?? 0) || compareText(a.title, b.title);
}

/** Throughput gains first (highest first), then latency gains; pages without a gain last, by title. */
export const byGain = byGainOf('throughput');

export interface Facet {
  id: 'model' | 'hardware' | 'objective' | 'engine';
  label: string;
  values: Array<{ value: string; count: number }>;
}

export function facets(items: readonly Listing[]): Facet[] {
  const count = (values: Array<string | null>[]) => {
    const m = new Map<string, number>();
    for (const vs of values) for (const v of new Set(vs)) if (v) m.set(v, (m.get(v) ?? 0) + 1);
    return [...m].sort((a, b) => compareText(a[0], b[0])).map(([value, count]) => ({ value, count }));
  };
  return [
    { id: 'model', label: 'Model', values: count(items.map((i) => [i.model])) },
    { id: 'hardware', label: 'Hardware', values: count(items.map((i) => [i.gpu])) },
    { id: 'objective', label: 'Objective', values: count(items.map((i) => [i.objective])) },
    { id: 'engine', label: 'Engine', values: count(items.map((i) => i.engines)) },
  ];
}

/** The home list over the whole site: every card in the default order, the site's totals and its page count. */
export function homeList(listed: readonly Listing[]): { items: Listing[]; verified: number; checked: number; pages: number } {
  const items = [...listed].sort(byGain);
  return {
    items,
    verified: items.reduce((n, i) => n + i.trust.verified, 0),
    checked: items.reduce((n, i) => n + i.trust.total, 0),
    pages: Math.max(1, Math.ceil(items.length / HOME_PAGE)),
  };
}
