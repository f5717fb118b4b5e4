// The big parts of a report live in files the loader writes next to the content store (src/loader/cache.ts), not in
// the store itself: the rendered body, the Markdown source and the full runs. Pages read them back at render time.
import { readFileSync } from 'node:fs';
import type { Run } from '../schemas/run.js';
import type { Entry, StoredEntry } from './entry.js';

/** File suffixes after an entry's `cache` prefix. */
export const cacheSuffixes = { html: '.html', source: '.md', runs: '.runs.json' } as const;

type Cached = { data: Pick<StoredEntry, 'cache'> };

/** The report body rendered to HTML (without the H1, which the page header shows). */
export const cachedHtml = (entry: Cached): string => readFileSync(entry.data.cache + cacheSuffixes.html, 'utf8');

/** The report's Markdown source, as loaded. */
export const cachedSource = (entry: Cached): string => readFileSync(entry.data.cache + cacheSuffixes.source, 'utf8');

/** The report's runs with their metrics. */
export const cachedRuns = (entry: Cached): Run[] => JSON.parse(readFileSync(entry.data.cache + cacheSuffixes.runs, 'utf8'));

/** The full entry, as the loader validated it: stored data with the full runs back in place and no `cache`. */
export function fullEntry(entry: { data: StoredEntry }): Entry {
  const { cache: _cache, ...data } = entry.data;
  return { ...data, runs: cachedRuns(entry) };
}
