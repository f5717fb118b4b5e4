// A report lives in files the loader writes next to the content store (src/loader/cache.ts), not in the store
// itself: the entry, the rendered body, the Markdown source and the full runs. Pages read them back at render time.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Run } from '../schemas/run.js';
import type { Entry, EntryFile, StoreRef, StoredEntry } from './entry.js';

/** File suffixes after an entry's `cache` prefix. */
export const cacheSuffixes = { html: '.html', source: '.md', runs: '.runs.json', entry: '.entry.json' } as const;

/** SHA-256 of each cached file, stored with the entry. */
export type CacheHashes = Record<keyof typeof cacheSuffixes, string>;

export const contentHash = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

type Cached = { data: Pick<StoreRef, 'cache' | 'cacheHashes'> };

/** A cached file, only if it still matches the hash the loader stored: an edited or damaged file is never published. */
function read(entry: Cached, kind: keyof typeof cacheSuffixes): string {
  const file = entry.data.cache + cacheSuffixes[kind];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`render cache file \`${file}\` is missing (${(error as Error).message}); build again.`);
  }
  if (contentHash(text) !== entry.data.cacheHashes[kind]) {
    throw new Error(`render cache file \`${file}\` changed after it was written; not publishing it. Build again.`);
  }
  return text;
}

/** The report body rendered to HTML (without the H1, which the page header shows). */
export const cachedHtml = (entry: Cached): string => read(entry, 'html');

/** The report's Markdown source, as loaded. */
export const cachedSource = (entry: Cached): string => read(entry, 'source');

/** The report's runs with their metrics. */
export const cachedRuns = (entry: Cached): Run[] => JSON.parse(read(entry, 'runs')) as Run[];

/**
 * The entry a store reference points to, as the loader validated it before writing it (the hash guarantees it is
 * that text), with the reference kept so that its other files can be read.
 */
export function storedEntry(ref: Pick<StoreRef, 'cache' | 'cacheHashes'>): StoredEntry {
  const data = JSON.parse(read({ data: ref }, 'entry')) as EntryFile;
  return { ...data, cache: ref.cache, cacheHashes: ref.cacheHashes };
}

/** The full entry, as the loader validated it: stored data with the full runs back in place and no `cache`. */
export function fullEntry(entry: { data: StoredEntry }): Entry {
  const { cache: _cache, cacheHashes: _hashes, ...data } = entry.data;
  return { ...data, runs: cachedRuns(entry) };
}
