// Files the loader writes beside the content store: each report's rendered HTML, Markdown source and full runs,
// named by entry id and digest. The store keeps only their path prefix (`data.cache`), so Astro does not bundle
// them into the build; pages read them back through src/lib/site/cached.ts.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Run } from '../lib/schemas/run.js';
import { cacheSuffixes } from '../lib/site/cached.js';

const suffixes = Object.values(cacheSuffixes);

/** Path prefix of one entry's files: `<dir>/<id with / as __>-<digest>`. */
export function cachePrefix(dir: string, id: string, digest: string): string {
  return join(dir, `${id.replace(/[^A-Za-z0-9._-]/g, '__')}-${digest}`);
}

/** True when every file of the entry is still there (a cleared cache folder must not leave pages empty). */
export function cacheComplete(prefix: unknown): boolean {
  return typeof prefix === 'string' && suffixes.every((s) => existsSync(prefix + s));
}

export function writeCache(prefix: string, files: { html: string; source: string; runs: Run[] }): void {
  mkdirSync(join(prefix, '..'), { recursive: true });
  writeFileSync(prefix + cacheSuffixes.html, files.html);
  writeFileSync(prefix + cacheSuffixes.source, files.source);
  writeFileSync(prefix + cacheSuffixes.runs, JSON.stringify(files.runs));
}

/** Delete the files of entries that are no longer in the store (older digests, removed pages). */
export function pruneCache(dir: string, keep: Iterable<string>): void {
  if (!existsSync(dir)) return;
  const kept = new Set([...keep].flatMap((prefix) => suffixes.map((s) => prefix + s)));
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!kept.has(file) && suffixes.some((s) => name.endsWith(s))) rmSync(file, { force: true });
  }
}
