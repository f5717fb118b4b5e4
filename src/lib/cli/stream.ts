// `perflab check` for text and JSON output, in memory bounded by what the cross-page checks read rather than by the
// pages' text: the pages are read twice, as the site's loader does (../../loader/analyses.ts).
//  1. Each page is parsed (or read back from the analysis cache), its parse kept in the cache, and only its compact
//     view (./view.ts) kept in memory; with a second thread (../engine/pool.ts) this is shared, each thread parsing its
//     own pages and sending back their views.
//  2. Each page is read back from the cache (a v8 copy, far cheaper than parsing; parsed again when its entry is
//     missing), checked against the views of all, and let go: its JSON is written out at once, in the order of the
//     files, and what the summary and the text format need is counted (./tally.ts).
// With `--no-cache` the parses go to a private folder that is removed at the end, so nothing is read from an earlier
// run. The output is the same as `checkShared`'s (a test compares them).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { join, resolve } from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import type { Config } from '../config.js';
import { checkOne, pageSet } from '../pipeline.js';
import type { PageView } from '../schemas/report.js';
import { Helper, helped, serve, shareWork, wantHelper } from '../engine/pool.js';
import { AnalysisCache } from '../engine/parse-cache.js';
import { adviceFor, listedByFile, listPages, readText, withListedOne, type CheckOptions } from './check.js';
import { toJson } from './json.js';
import { Tally } from './tally.js';
import { helperModule } from '../engine/check-helper.js';
import { pageView } from '../claims/verify/view.js';

const ROLE = 'perflab-check-stream-helper';

type Request = { type: 'parse'; jobs: Array<{ i: number; source: string; path: string }> };
type Reply = { type: 'parsed'; views: Array<{ i: number; view: PageView }>; hits: number } | { type: 'failed'; error: string };

export interface StreamResult {
  /** 0 clean, 1 unacknowledged errors. */
  exitCode: number;
  /** Lines for stderr (summary, timing). */
  summary: string;
  /** What to do, for the author (see `adviceFor`). */
  advice: string;
  config: Config;
  /** Unacknowledged warnings (for `--max-warnings`). */
  warnings: number;
}

/**
 * `checkShared` writing its output through `write` as the pages are checked (the JSON document piece by piece, the
 * text format's lines at the end, each without the final newline the caller adds), holding one page at a time.
 * Throws UsageError or ConfigError, as `checkShared` does, before anything is written.
 */
export async function checkStreamed(paths: readonly string[], options: CheckOptions, write: (text: string) => void): Promise<StreamResult> {
  const started = process.hrtime.bigint();
  boundHeap();
  const listing = listPages(paths, options);
  const spill = listing.cacheDir === null ? privateFolder() : null;
  try {
    const cacheDir = listing.cacheDir ?? spill;
    const cache = listing.cacheDir === null ? new AnalysisCache(spill) : listing.cache;
    const { files, config } = listing;
    const n = files.length;

    // 1. Every page parsed once and kept in the cache; its view (`PageView`) kept here.
    const views: PageView[] = new Array(n);
    let bytes = 0;
    let hits = 0;
    const read = (i: number) => {
      const text = readText(files[i], listing.listed);
      bytes += Buffer.byteLength(text);
      return text;
    };
    const parse = (i: number) => {
      views[i] = pageView(cache.analyze(read(i), files[i], resolve(files[i])).report);
    };
    const module = helperModule();
    // Whether the pages are worth a second thread, judged by their size on disk (they are not read yet).
    const helper = module && wantHelper(sizeOf(files)) ? new Helper<Request, Reply>(module, { role: ROLE, cacheDir }) : null;
    let count = 0;
    try {
      count = await shareWork(
        Array.from({ length: n }, (_, i) => i),
        parse,
        helped(
          helper && Promise.resolve(helper),
          async (h, batch) => {
            const reply = await h.ask({ type: 'parse', jobs: batch.map((i) => ({ i, source: read(i), path: files[i] })) });
            if (reply.type !== 'parsed') throw new Error(`the helper answered ${reply.type}`);
            for (const r of reply.views) views[r.i] = r.view;
            hits += reply.hits;
          },
          () => {},
        ),
        4,
      );
    } finally {
      await helper?.close();
    }
    // Parses found in the cache before this check (with --no-cache, none: the folder is new).
    const earlier = cache.hits + hits;

    // 2. Each page read back, checked against every view, written out and let go.
    const set = pageSet(views);
    const byFile = listedByFile(listing.listed);
    const tally = new Tally(options.format !== 'json');
    const json = options.format === 'json';
    if (json) write('{\n  "files": [');
    for (let i = 0; i < n; i++) {
      const path = resolve(files[i]);
      // The listing's findings were added on the first reading.
      const a = cache.analyze(readText(files[i], []), files[i], path);
      const report = withListedOne(checkOne(a, set, config), byFile);
      tally.add(report, i);
      if (json) write(`${i === 0 ? '\n' : ',\n'}${indent(JSON.stringify(toJson([report], config).files[0], null, 2))}`);
    }
    if (json) write(n > 0 ? '\n  ]\n}' : ']\n}');
    else {
      const text = tally.text();
      if (text) write(text);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const facts = {
      files: n,
      ignored: listing.ignored,
      bytes,
      ms,
      earlier,
      discarded: cache.discarded,
      helped: count,
      notes: listing.notes,
    };
    return {
      exitCode: tally.exitCode,
      summary: tally.summary(facts),
      advice: adviceFor(tally.adviceMessages(), config),
      config,
      warnings: tally.warnings,
    };
  } finally {
    if (spill) rmSync(spill, { recursive: true, force: true });
  }
}

/**
 * Collect garbage before the heap grows far past what is live. Each page parsed or checked leaves megabytes of
 * garbage, much of it promoted to the old generation; V8 lets that grow to up to four times the live heap before a
 * full collection, so a check of many pages (whose live heap is their views) peaked at several times what it holds.
 * A growing factor of 1.3 costs more collections (measured at N=1000: 44 s of CPU against 35 s) and keeps the peak
 * near what is live (241 MB against 438 MB). The flag is V8's (`node --v8-options`); it is read at each collection.
 */
function boundHeap(): void {
  setFlagsFromString('--heap-growing-percent=30');
}

/** A new folder for this check's parses (--no-cache), or null when none can be made (pages are then parsed twice). */
function privateFolder(): string | null {
  try {
    return mkdtempSync(join(tmpdir(), 'perflab-check-'));
  } catch {
    return null;
  }
}

/** The files' bytes on disk (a file that cannot be read counts nothing: the reading says why). */
function sizeOf(files: readonly string[]): number {
  let bytes = 0;
  for (const file of files) {
    try {
      bytes += statSync(file).size;
    } catch {
      // said when it is read
    }
  }
  return bytes;
}

/** A file's JSON as an element of the document's `files` (two levels in: four spaces before each line). */
function indent(text: string): string {
  return `    ${text.replaceAll('\n', '\n    ')}`;
}

/** True in a helper thread started by `checkStreamed` (the CLI then serves it instead of reading its arguments). */
export function isStreamHelper(): boolean {
  return !isMainThread && (workerData as { role?: string } | null)?.role === ROLE;
}

/** The helper's side: parse its pages into the cache and send back their views (`PageView`). */
export function serveStream(): void {
  const { cacheDir } = workerData as { cacheDir: string | null };
  const cache = new AnalysisCache(cacheDir);
  serve<Request>((request): Reply => {
    const before = cache.hits;
    const views = request.jobs.map((j) => ({ i: j.i, view: pageView(cache.analyze(j.source, j.path, resolve(j.path)).report) }));
    return { type: 'parsed', views, hits: cache.hits - before };
  });
}
