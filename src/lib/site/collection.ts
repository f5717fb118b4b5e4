// The reports collection, read once per production build: every route calls this instead of `getCollection`, which
// copies and walks every entry on each call. In dev, each call reads the store afresh so edits show up.
import { getCollection, type CollectionEntry } from 'astro:content';

let all: Promise<CollectionEntry<'reports'>[]> | undefined;

export function reports(): Promise<CollectionEntry<'reports'>[]> {
  if (!import.meta.env.PROD) return getCollection('reports');
  return (all ??= getCollection('reports'));
}
