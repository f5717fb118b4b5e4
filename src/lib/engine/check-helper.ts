// `perflab check` with a second thread (see ./pool.ts). The helper is this CLI's own bundle, started again as a
// worker: it parses its share of the pages (taken in batches from the back of the list) and keeps them, sends their
// views back for the page set, then checks them against that set. This thread does the same with the rest, so
// each page is parsed and checked once, on one thread; the reports come out in the order of the files.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import type { Config } from '../config.js';
import { checkOne, pageSet, type Analysis } from '../pipeline.js';
import type { PageView, Report } from '../schemas/report.js';
import { Helper, helped, serve, shareWork } from './pool.js';
import { AnalysisCache } from './parse-cache.js';
import { pageView } from '../claims/verify/view.js';

const ROLE = 'perflab-check-helper';

type Request =
  { type: 'parse'; jobs: Array<{ i: number; source: string; path: string }> } | { type: 'check'; views: PageView[]; config: Config };

type Reply =
  | { type: 'parsed'; views: Array<{ i: number; view: PageView }>; hits: number }
  | { type: 'checked'; reports: Array<{ i: number; report: Report }> }
  | { type: 'failed'; error: string };

/** The module a helper runs: this bundle. Null when running from the TypeScript sources, which a worker cannot load. */
export function helperModule(): URL | null {
  const url = new URL(import.meta.url);
  return url.protocol === 'file:' && /\.m?js$/.test(fileURLToPath(url)) ? url : null;
}

/** True in a helper thread started by `checkWithHelper` (the CLI then serves it instead of reading its arguments). */
export function isCheckHelper(): boolean {
  return !isMainThread && (workerData as { role?: string } | null)?.role === ROLE;
}

/** The helper's side. */
export function serveCheck(): void {
  const { cacheDir } = workerData as { cacheDir: string | null };
  const cache = new AnalysisCache(cacheDir);
  const kept = new Map<number, Analysis>();
  serve<Request>((request): Reply => {
    if (request.type === 'parse') {
      const before = cache.hits;
      // The views are made here, on the thread that parsed: a few KB each cross to the other thread, not the reports.
      const views = request.jobs.map((j) => {
        const a = cache.analyze(j.source, j.path, resolve(j.path));
        kept.set(j.i, a);
        return { i: j.i, view: pageView(a.report) };
      });
      return { type: 'parsed', views, hits: cache.hits - before };
    }
    const set = pageSet(request.views);
    const reports = [...kept].map(([i, a]) => ({ i, report: checkOne(a, set, request.config) }));
    kept.clear();
    return { type: 'checked', reports };
  });
}

/** What `checkWithHelper` reads: the files, their text, the config and the analysis cache (null: none). */
export interface SharedInput {
  files: readonly string[];
  sources: readonly string[];
  config: Config;
  cache: AnalysisCache;
  cacheDir: string | null;
}

/** Check every page, with a helper running `module`; the reports in file order, the helper's cache hits, its pages. */
export async function checkWithHelper(module: URL, input: SharedInput): Promise<{ reports: Report[]; hits: number; helped: number }> {
  const helper = new Helper<Request, Reply>(module, { role: ROLE, cacheDir: input.cacheDir });
  try {
    const n = input.files.length;
    const analyses: Array<Analysis | undefined> = new Array(n);
    const views: PageView[] = new Array(n);
    let hits = 0;
    const indices = Array.from({ length: n }, (_, i) => i);
    const count = await shareWork(
      indices,
      (i) => {
        const a = input.cache.analyze(input.sources[i], input.files[i], resolve(input.files[i]));
        analyses[i] = a;
        views[i] = pageView(a.report);
      },
      helped(
        Promise.resolve(helper),
        async (h, batch) => {
          const reply = await h.ask({ type: 'parse', jobs: batch.map((i) => ({ i, source: input.sources[i], path: input.files[i] })) });
          if (reply.type !== 'parsed') throw new Error(`the helper answered ${reply.type}`);
          for (const r of reply.views) views[r.i] = r.view;
          hits += reply.hits;
        },
        () => {},
      ),
      4,
    );
    const reports: Report[] = new Array(n);
    // The helper checks the pages it parsed while this thread checks its own.
    const theirs = count > 0 ? helper.ask({ type: 'check', views, config: input.config }) : null;
    const set = pageSet(views);
    for (const [i, a] of analyses.entries()) if (a) reports[i] = checkOne(a, set, input.config);
    const reply = await theirs?.catch(() => null);
    if (reply?.type === 'checked') for (const r of reply.reports) reports[r.i] = r.report;
    // A helper that stopped before checking its pages leaves them to this thread.
    for (let i = 0; i < n; i++) {
      reports[i] ??= checkOne(input.cache.analyze(input.sources[i], input.files[i], resolve(input.files[i])), set, input.config);
    }
    return { reports, hits, helped: count };
  } finally {
    await helper.close();
  }
}
