// The loader's helper thread (bundled by ./threads.ts, run as a worker): it parses pages into the analysis cache, and
// checks and renders pages into the render cache, with the same code as the loader. It answers each request with one
// message; the loader writes the Astro store.
import { workerData } from 'node:worker_threads';
import { AnalysisCache } from '../lib/cli/cache.js';
import { analyze, pageSet, type Analysis, type PageSet } from '../lib/pipeline.js';
import type { PageView } from '../lib/schemas/report.js';
import { checkAndRender, type LoadShared, type PageJob } from './page-entry.js';
import { serve } from '../lib/threads.js';
import type { HelperReply, HelperRequest, ParseJob } from './threads.js';

const { analysesDir, code } = workerData as { analysesDir: string; code: string };
const cache = new AnalysisCache(analysesDir, { code });
let shared: { s: LoadShared; set: PageSet } | null = null;

function analysisOf(p: ParseJob): Analysis {
  return cache.lookup(p.source, p.path, p.absolutePath, p.key) ?? analyze(p.source, p.path, p.absolutePath);
}

function answer(request: HelperRequest): HelperReply {
  switch (request.type) {
    case 'parse': {
      for (const p of request.jobs) cache.store(p.source, p.path, p.absolutePath, analyze(p.source, p.path, p.absolutePath), p.key);
      return { type: 'parsed', parsed: request.jobs.length };
    }
    case 'shared':
      shared = { s: request.shared, set: pageSet(request.views as PageView[]) };
      return { type: 'ready' };
    case 'render': {
      if (!shared) throw new Error('render before the shared data');
      const { s, set } = shared;
      return {
        type: 'rendered',
        outcomes: request.jobs.map((j: PageJob & ParseJob) => ({ i: j.i, outcome: checkAndRender(analysisOf(j), j, set, s) })),
      };
    }
  }
}

serve(answer);
