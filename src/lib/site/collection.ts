// The reports, read once per production build: every route calls this instead of `getCollection`, which copies and
// walks every entry on each call. The content store holds only where each entry's files are (see ./entry.ts); the
// entries are read from those files here, each checked against its hash. In dev, each call reads the store afresh so
// edits show up, and an entry file already read is not read again (its path names its digest).
import { getCollection } from 'astro:content';
import { contentRoots, listMarkdown } from './files';
import { compareText } from '../order';
import { storedEntry } from './cached';
import type { StoredEntry } from './entry';

/** A report as the routes read it: its id (the page slug) and its entry. */
export interface ReportEntry {
  id: string;
  data: StoredEntry;
}

let all: Promise<ReportEntry[]> | undefined;
/** Dev: the entries read for the store as last seen, by file prefix and hash. */
let read = new Map<string, StoredEntry>();

export function reports(): Promise<ReportEntry[]> {
  if (!import.meta.env.PROD) return load();
  return (all ??= load().then(nonEmpty));
}

async function load(): Promise<ReportEntry[]> {
  const refs = await getCollection('reports');
  const kept = new Map<string, StoredEntry>();
  const out = refs.map(({ id, data: ref }) => {
    const key = `${ref.cache}\n${ref.cacheHashes.entry}`;
    const data = read.get(key) ?? storedEntry(ref);
    kept.set(key, data);
    return { id, data };
  });
  // In the order of their files (as the loader lists them), not the store's, which depends on what earlier builds
  // added to it first: two builds of the same pages list them the same way.
  out.sort((a, b) => compareText(a.data.path, b.data.path));
  // A production build reads each entry once (the list is kept); dev keeps the entries of the current store only.
  if (!import.meta.env.PROD) read = kept;
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
