// Each report's Markdown source (`/reports/<slug>.md`) and published data (`/data/<slug>.json`) are files the loader
// wrote (./cached.ts), published as they are. A dev server serves them from their routes
// (src/pages/reports/[...slug].md.ts, src/pages/data/[...slug].json.ts). A build (`astro build`) puts them into the site
// once its pages are written (astro.config.mjs, `reportFiles`), at the files those routes would write (`outputsOf`,
// ../route.ts), each a link to its cache file where the file system allows it, else a copy. Through Astro's routes,
// each file took about 1 ms of the build's one thread (2,000 files at 1,000 reports: 1.8 s), and the disk wrote their
// 171 MB again. They are not hashed again: this build's load hashed each entry's files, or wrote them (engine/site-cache.ts
// `cacheValid`, `writeCache`), and no other build writes the cache folder while it runs (`lockCache`).
// Node's modules only: the Astro config imports it.
import { constants, copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OutputPlaces, SITE_FILES, outputsOf } from '../route.js';
import { cacheSuffixes } from './cached.js';
import type { StoreRef } from './entry.js';

type Published = ReadonlyArray<{ id: string; ref: Pick<StoreRef, 'cache'> }>;

/** Whether this process builds the site (set by the config for `astro build`, whatever NODE_ENV says). */
const BUILDING = Symbol.for('perflab.report-files-at-end');

/** This process builds the site (`astro build`): the report files are published at its end, not by their routes. */
export function publishAtEnd(building: boolean): void {
  (globalThis as { [BUILDING]?: boolean })[BUILDING] = building;
}

/** Whether the report files are published at the end of this process's build (their routes then write nothing). */
export const publishedAtEnd = (): boolean => (globalThis as { [BUILDING]?: boolean })[BUILDING] === true;

/** The reports this build publishes (set by ./collection.ts; read by the config's copy of this module). */
const PUBLISHED = Symbol.for('perflab.published-reports');

type Held = { [PUBLISHED]?: Published };

/** The reports this build publishes: their files are copied once its pages are written. */
export function notePublished(reports: Published): void {
  (globalThis as Held)[PUBLISHED] = reports.map(({ id, ref }) => ({ id, ref: { cache: ref.cache } }));
}

/**
 * The cache file `from` at `to`: a second name for the same file where the file system allows it (nothing written; the
 * cache replaces a file by writing a new one and renaming it, never in place, so the site's file never changes after),
 * else a copy.
 */
function publish(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}

/** What the copies did: how many files were written, and the ones left out (their place is taken). */
export interface Copies {
  copied: number;
  kept: string[];
}

/**
 * Write each published report's Markdown source and data into the site folder `dir`, where its routes would have
 * written them. A file where the site writes one of its own (`SITE_FILES`), where a report's page needs a folder, or
 * that an earlier report's copy takes (pages whose routes meet: `route-collision`, which the checks report) is left
 * out and named. Throws, naming the file, when a cache file is gone, and when no build recorded its reports.
 */
export function copyReportFiles(dir: string, reports: Published | undefined = (globalThis as Held)[PUBLISHED]): Copies {
  // Every build's routes list the reports (the home page does, an empty site too): a build that did not has lost its
  // list somewhere, and would publish its pages without their sources and data. It stops instead.
  if (reports === undefined) {
    throw new Error(
      "perflab: the build's routes recorded no list of reports (src/lib/site/collection.ts `reports`); their Markdown sources and data cannot be published.",
    );
  }
  // The places the site's own files and the reports' pages take, then each copy's, in the order of the reports.
  const places = new OutputPlaces();
  for (const file of SITE_FILES) places.take(file);
  for (const { id } of reports) places.take(outputsOf(id)[0]);
  const kept: string[] = [];
  let copied = 0;
  for (const { id, ref } of reports) {
    const [, markdown, data] = outputsOf(id);
    for (const [file, from] of [
      [markdown, ref.cache + cacheSuffixes.source],
      [data, ref.cache + cacheSuffixes.data],
    ]) {
      if (!places.take(file)) {
        kept.push(file);
        continue;
      }
      const to = join(dir, file);
      mkdirSync(dirname(to), { recursive: true });
      try {
        publish(from, to);
      } catch (error) {
        throw new Error(`render cache file \`${from}\` could not be published (${(error as Error).message}); build again.`, {
          cause: error,
        });
      }
      copied++;
    }
  }
  return { copied, kept: kept.sort() };
}
