// The reports collection, read once per production build: every route calls this instead of `getCollection`, which
// copies and walks every entry on each call. In dev, each call reads the store afresh so edits show up.
import { getCollection, type CollectionEntry } from 'astro:content';
import { contentRoots, listMarkdown } from '../../loader/files';

let all: Promise<CollectionEntry<'reports'>[]> | undefined;

export function reports(): Promise<CollectionEntry<'reports'>[]> {
  if (!import.meta.env.PROD) return getCollection('reports');
  return (all ??= getCollection('reports').then(nonEmpty));
}

/** A production build never publishes an empty site when there are pages: the store was lost (fail closed). */
async function nonEmpty(entries: CollectionEntry<'reports'>[] | undefined): Promise<CollectionEntry<'reports'>[]> {
  if (entries && entries.length > 0) return entries;
  const pages = listMarkdown(contentRoots(process.cwd()), process.cwd()).length;
  if (pages > 0) {
    throw new Error(
      `perflab: the content store holds no report, but the content folders hold ${pages} Markdown page${pages === 1 ? '' : 's'}. ` +
        'Another build may have replaced the store in the shared cache folder; build again (one at a time, or with separate PERFLAB_CACHE_DIR).',
    );
  }
  return entries ?? [];
}
