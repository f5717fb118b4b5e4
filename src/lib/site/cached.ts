// A report lives in files the loader writes next to the content store (src/lib/engine/site-cache.ts), not in the store
// itself: the entry, the rendered body, the Markdown source, the full runs, the explorer's rows, the published data file
// and the report's part of runs.csv. Pages read them back at render time.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import type { Run } from '../schemas/run.js';
import type { RunRow } from './compare/types.js';
import type { CsvPart } from './csv.js';
import type { Entry, EntryFile, StoreRef, StoredEntry } from './entry.js';

/** File suffixes after an entry's `cache` prefix. */
export const cacheSuffixes = {
  html: '.html',
  source: '.md',
  runs: '.runs.json',
  entry: '.entry.json',
  rows: '.rows.json',
  data: '.data.json',
  csv: '.csv.json',
} as const;

/** SHA-256 of each cached file, stored with the entry. */
export type CacheHashes = Record<keyof typeof cacheSuffixes, string>;

export const contentHash = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

type Cached = { data: Pick<StoreRef, 'cache' | 'cacheHashes'> };

/**
 * Files whose text matched the hash the loader stored, by path: the hash, and the size, time and inode the file had
 * then. A file read again unchanged is not hashed again (the routes of a large site read an entry several times).
 */
const verified = new Map<string, string>();

/** A cached file, only if it still matches the hash the loader stored: an edited or damaged file is never published. */
function read(entry: Cached, kind: keyof typeof cacheSuffixes): string {
  const file = entry.data.cache + cacheSuffixes[kind];
  const hash = entry.data.cacheHashes[kind];
  let bytes: Buffer;
  let seen: string;
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const st = fstatSync(fd, { bigint: true });
    seen = `${hash}\n${st.size}\n${st.mtimeNs}\n${st.ino}`;
    bytes = readFileSync(fd);
  } catch (error) {
    throw new Error(`render cache file \`${file}\` is missing (${(error as Error).message}); build again.`, { cause: error });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  // The bytes are hashed as read, and decoded once.
  const text = bytes.toString('utf8');
  if (verified.get(file) === seen) return text;
  if (contentHash(bytes) !== hash) {
    throw new Error(`render cache file \`${file}\` changed after it was written; not publishing it. Build again.`);
  }
  verified.set(file, seen);
  return text;
}

/**
 * Parsed entries and run lists, by file and hash, kept for the rest of the process once `keepParsed` is called: a
 * production build of a small site reads each report's entry and runs from several routes, and parsing them again
 * each time took a fifth of a 1,000-report build (`collection.ts` decides when).
 */
const kept = new Map<string, unknown>();
let keeping = false;

/** Keep every entry and run list parsed from now on, for the rest of this process. */
export function keepParsed(): void {
  keeping = true;
}

/**
 * Files read last, when not keeping every one: a report page reads its entry, runs and rows from several components,
 * and the build renders four pages at once (astro.config.mjs), whose reads interleave. With 8, the reads of four
 * pages pushed a page's entry out before its next component read it: at 3,000 reports the report pages parsed their
 * entries twice, 1.5 s of their 12 s.
 */
export const RECENT = 32;
const recent = new Map<string, unknown>();

/**
 * A cached JSON file, parsed and made into what callers read (`make`); kept when `keepParsed` was called, else among
 * the last few. Callers never change what they get.
 */
function parsed<T>(ref: Pick<StoreRef, 'cache' | 'cacheHashes'>, kind: 'runs' | 'entry' | 'rows', make: (data: never) => T = (d) => d): T {
  const key = `${ref.cache}${cacheSuffixes[kind]}\n${ref.cacheHashes[kind]}`;
  const held = keeping ? kept : recent;
  const hit = held.get(key);
  if (hit !== undefined) {
    // The last read goes to the end: the oldest read goes first.
    if (!keeping) {
      recent.delete(key);
      recent.set(key, hit);
    }
    return hit as T;
  }
  const value = make(JSON.parse(read({ data: ref }, kind)) as never);
  held.set(key, value);
  if (!keeping && recent.size > RECENT) recent.delete(recent.keys().next().value as string);
  return value;
}

/** The report body rendered to HTML (without the H1, which the page header shows). */
export const cachedHtml = (entry: Cached): string => read(entry, 'html');

/** The report's Markdown source, as loaded. */
export const cachedSource = (entry: Cached): string => read(entry, 'source');

/** The report's runs with their metrics. */
export const cachedRuns = (entry: Cached): Run[] => parsed<Run[]>(entry.data, 'runs');

/** The report's rows as the explorer reads them (`compareRows` of the report alone, made by the loader). */
export const cachedRows = (entry: Cached): RunRow[] => parsed<RunRow[]>(entry.data, 'rows');

/** The report's published data (`/data/<slug>.json`), as the loader wrote it. */
export const cachedData = (entry: Cached): string => read(entry, 'data');

/** The report's part of runs.csv (`csvPart`, made by the loader): read once per build, so never kept. */
export const cachedCsv = (entry: Cached): CsvPart => JSON.parse(read(entry, 'csv')) as CsvPart;

/**
 * The entry a store reference points to, as the loader validated it before writing it (the hash guarantees it is
 * that text), with the reference kept so that its other files can be read.
 */
export function storedEntry(ref: Pick<StoreRef, 'cache' | 'cacheHashes'>): StoredEntry {
  return parsed(ref, 'entry', (data: EntryFile) => ({ ...data, cache: ref.cache, cacheHashes: ref.cacheHashes }));
}

/** The full entry, as the loader validated it: stored data with the full runs back in place and no `cache`. */
export function fullEntry(entry: { data: StoredEntry }): Entry {
  const { cache: _cache, cacheHashes: _hashes, ...data } = entry.data;
  return { ...data, runs: cachedRuns(entry) };
}
