// The loader's helper thread (bundled by ./threads.ts, run as a worker): it parses pages into the analysis cache, and
// checks and renders pages into the render cache, with the same code as the loader. It answers each request with one
// message; the loader writes the Astro store. Started ahead of the load, it first parses the site's pages on its own.
import { existsSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { AnalysisCache } from '../lib/engine/parse-cache.js';
import { analyze, pageSet, type Analysis, type PageSet } from '../lib/pipeline.js';
import type { PageView } from '../lib/schemas/report.js';
import { derive, type Derived } from './derived.js';
import { checkAndRender, type LoadShared, type PageJob } from './page-entry.js';
import { serve } from '../lib/engine/pool.js';
import { readSource } from '../lib/site/files.js';
import type { HelperReply, HelperRequest, ParseJob, PrefetchPage } from './threads.js';

const { analysesDir, code, ahead } = workerData as { analysesDir: string; code: string; ahead?: PrefetchPage[] };
const cache = new AnalysisCache(analysesDir, { code });
let shared: { s: LoadShared; set: PageSet } | null = null;
// The page set comes in parts (the views and what links can point at), then the rest of what the load shares.
const views: PageView[] = [];
const anchorSets: string[] = [];

// Started ahead of the load (./threads.ts, `startAhead`): parse the pages from the last one back, one per turn of the
// event loop, so that the loader's `take` is answered between two pages, after which nothing more is written.
const left = [...(ahead ?? [])];
let parsedAhead = 0;
function parseAhead(): void {
  const page = left.pop();
  if (!page) return;
  try {
    // A page too large to read (no text) is the loader's to report.
    const source = readSource(page.absolutePath, false).text;
    const key = source === undefined ? '' : cache.keyOf(source, page.path, page.absolutePath);
    const file = source === undefined ? null : cache.fileOf(source, page.path, page.absolutePath, key);
    if (source !== undefined && file && !existsSync(file)) {
      cache.store(source, page.path, page.absolutePath, analyze(source, page.path, page.absolutePath), key);
      parsedAhead++;
    }
  } catch {
    // The loader reads this page itself, and reports what is wrong with it.
  }
  setImmediate(parseAhead);
}
if (left.length > 0) setImmediate(parseAhead);

function analysisOf(p: ParseJob): Analysis {
  return cache.lookup(p.source, p.path, p.absolutePath, p.key) ?? analyze(p.source, p.path, p.absolutePath);
}

function answer(request: HelperRequest): HelperReply {
  switch (request.type) {
    case 'take':
      left.length = 0;
      return { type: 'taken', parsed: parsedAhead };
    case 'parse': {
      // With what the page set and the digests read of each page, when asked (a build: ./derived.ts).
      const derived: Derived[] = [];
      for (const p of request.jobs) {
        const a = analyze(p.source, p.path, p.absolutePath);
        cache.store(p.source, p.path, p.absolutePath, a, p.key);
        if (request.derive) derived.push(derive(a));
      }
      return { type: 'parsed', parsed: request.jobs.length, derived: request.derive ? derived : null };
    }
    case 'views':
      views.push(...(request.views as PageView[]));
      anchorSets.push(...request.anchorSets);
      return { type: 'kept', views: views.length };
    case 'shared':
      shared = { s: { ...request.shared, anchorSets }, set: pageSet(views) };
      return { type: 'ready' };
    case 'render': {
      if (!shared) throw new Error('render before the shared data');
      const { s, set } = shared;
      return {
        type: 'rendered',
        outcomes: request.jobs.map((j: PageJob & ParseJob) => ({ i: j.i, outcome: checkAndRender(analysisOf(j), j, j.source, set, s) })),
      };
    }
  }
}

serve(answer);
