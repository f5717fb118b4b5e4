// The reports, as the routes read them: every route calls this instead of `getCollection`, which copies and walks
// every entry on each call. The content store holds only where each entry's files are (see ./entry.ts); an entry is
// read from its file (checked against its hash) when a route asks for its data, and let go after: a site of 10,000
// reports never holds every entry at once. The last few entries read stay at hand (./cached.ts: a report page reads
// its own several times), and what the index pages read of every report is made once per build (./digest.ts).
import { getCollection } from 'astro:content';
import { contentRoots, listMarkdown } from './files';
import { isLean } from './lean';
import { compareText } from '../order';
import { keepParsed, storedEntry } from './cached';
import { notePublished, publishedAtEnd } from './copies';
import type { StoreRef, StoredEntry } from './entry';
import { keptListings, type KeptListings, type Listing } from './listing';

/** A report as the routes read it: its id (the page slug), its content path, and its entry (read when asked for). */
export interface ReportEntry {
  id: string;
  /** The page's content-relative path (the order of the list). */
  path: string;
  /** The entry's cache files, without reading the entry. */
  ref: Pick<StoreRef, 'cache' | 'cacheHashes'>;
  /** The entry, read from its file (the few read last are kept). */
  readonly data: StoredEntry;
}

/** A key that names an entry's contents (its file and hash): what a dev server keeps across requests is keyed by it. */
export const entryKey = (e: Pick<ReportEntry, 'ref'>): string => `${e.ref.cache}\n${e.ref.cacheHashes.entry}`;

const entryOf = (id: string, path: string, ref: Pick<StoreRef, 'cache' | 'cacheHashes'>): ReportEntry => ({
  id,
  path,
  ref,
  get data() {
    return storedEntry(ref);
  },
});

let all: Promise<ReportEntry[]> | undefined;

export function reports(): Promise<ReportEntry[]> {
  if (!import.meta.env.PROD) return load().then(published);
  return (all ??= load().then(nonEmpty).then(keepSmall).then(published));
}

/**
 * A production build of a site that is not lean (./lean.ts) keeps every entry and run list it parses (see
 * `keepParsed`): at 1,000 generated reports that is about 0.3 GiB more, for a fifth of the build's time. A lean
 * build reads them again when a route asks, and holds a few at a time.
 */
function keepSmall(entries: ReportEntry[]): ReportEntry[] {
  if (!isLean(process.cwd())) keepParsed();
  return entries;
}

/**
 * The reports the site publishes: a build copies their Markdown sources and data once its pages are written (./copies.ts;
 * whatever NODE_ENV says, which decides `import.meta.env.PROD`). A dev server's requests leave it.
 */
function published(entries: ReportEntry[]): ReportEntry[] {
  if (publishedAtEnd()) notePublished(entries);
  return entries;
}

const DEV_LISTINGS = Symbol.for('perflab.dev-listings');

/**
 * Every report's listing (card, tree, llms.txt), in the order of `reports()`, on a dev server (a production build
 * makes them with the other index pages' data: ./digest.ts). Kept by entry file and hash across requests and reloads
 * (on `globalThis`, since a reload evaluates this module again): reading every report's entry again took 0.6 s of each
 * request at 1,000 reports.
 */
export async function devListings(): Promise<Listing[]> {
  const held = globalThis as { [DEV_LISTINGS]?: KeptListings };
  const entries = (await reports()).map((e) => ({ key: entryKey(e), entry: () => e.data }));
  const { listings, kept } = keptListings(entries, held[DEV_LISTINGS]);
  held[DEV_LISTINGS] = kept;
  return listings;
}

/** Each report's data in turn, read as the loop reaches it (a route that reads every report holds one at a time). */
export function* eachData(entries: readonly ReportEntry[]): Generator<StoredEntry> {
  for (const e of entries) yield e.data;
}

async function load(): Promise<ReportEntry[]> {
  const refs = await getCollection('reports');
  const out = refs.map(({ id, data: ref }) => entryOf(id, ref.path, { cache: ref.cache, cacheHashes: ref.cacheHashes }));
  // In the order of their files (as the loader lists them), not the store's, which depends on what earlier builds
  // added to it first: two builds of the same pages list them the same way.
  out.sort((a, b) => compareText(a.path, b.path));
  return out;
}

/** A production build never publishes an empty site when there are pages: the store was lost (fail closed). */
async function nonEmpty(entries: ReportEntry[]): Promise<ReportEntry[]> {
  if (entries.length > 0) return entries;
  const pages = listMarkdown(contentRoots(process.cwd()), process.cwd()).length;
  if (pages > 0) {
    throw new Error(
      `perflab: the content store holds no report, but the content folders hold ${pages} Markdown page${pages === 1 ? '' : 's'}. ` +
        'Another build may have replaced the store in the shared cache folder; build again (one at a time, or with separate PERFLAB_CACHE_DIR).',
    );
  }
  return entries;
}
