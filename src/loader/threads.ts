// The loader's second thread. A load of many pages shares its two heavy loops with one helper thread (./helper.ts):
// parsing the pages (into the analysis cache, which the loader then reads back, about ten times faster than parsing),
// and checking and rendering them (into the render cache). The loader takes pages from the front of a loop, the helper
// takes batches from the back, so both finish together whatever the pages weigh.
//
// The helper runs the loader's own sources, bundled on first use into the render cache folder under the code's hash.
// Anything that stops it (no second core, no bundler, a crash) only costs speed: its unfinished pages are done by the
// loader itself, in the same way.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageView } from '../lib/schemas/report.js';
import type { LoadShared, PageJob, PageOutcome } from './page-entry.js';

/**
 * Bytes of pages to parse or render below which a load stays on one thread. Measured on the bench sites (2 cores): at
 * 1.4 MB the helper made the load slower (2.0-2.4 s against 1.6-1.7 s: its start and its cold code cost more than it
 * takes on); at 12 MB it saved 7-11 %; at 46 MB, 16 %.
 */
export const HELPER_BYTES = 4_000_000;

/** One page to parse: its text, paths and analysis cache key. */
export interface ParseJob {
  source: string;
  path: string;
  absolutePath: string;
  key: string;
}

export type HelperRequest =
  | { type: 'parse'; jobs: ParseJob[] }
  | { type: 'shared'; shared: LoadShared; views: PageView[] }
  | { type: 'render'; jobs: Array<PageJob & ParseJob> };

export type HelperReply =
  | { type: 'parsed'; parsed: number }
  | { type: 'ready' }
  | { type: 'rendered'; outcomes: Array<{ i: number; outcome: PageOutcome }> }
  | { type: 'failed'; error: string };

/** Whether a load of `bytes` of work is worth a helper: a second core, enough work, and `PERFLAB_THREADS` not 1. */
export function wantHelper(bytes: number, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.PERFLAB_THREADS === '1') return false;
  return availableParallelism() >= 2 && (env.PERFLAB_THREADS === '2' || bytes >= HELPER_BYTES);
}

export class Helper {
  private readonly worker: Worker;
  /** Requests sent and not answered yet, oldest first (the helper answers in order). */
  private readonly pending: Array<{ resolve: (reply: HelperReply) => void; reject: (error: Error) => void }> = [];
  private dead: Error | null = null;

  private constructor(file: string, data: { analysesDir: string; code: string }) {
    this.worker = new Worker(file, { workerData: data });
    this.worker.on('message', (reply: HelperReply) => this.pending.shift()?.resolve(reply));
    const stop = (error: Error) => {
      this.dead ??= error;
      for (const p of this.pending.splice(0)) p.reject(error);
    };
    this.worker.on('error', stop);
    this.worker.on('exit', (code) => stop(new Error(`the helper thread exited (${code})`)));
  }

  /** A helper running this code, or null with the reason (told to `say`) when none can start. */
  static async start(cacheDir: string, code: string, analysesDir: string, say: (message: string) => void): Promise<Helper | null> {
    try {
      const file = await bundle(cacheDir, code);
      return new Helper(file, { analysesDir, code });
    } catch (error) {
      say(`one thread: the helper thread could not start (${(error as Error).message})`);
      return null;
    }
  }

  /** Send one request and wait for its reply (several may be under way); rejects when the helper fails or is gone. */
  async ask(request: HelperRequest): Promise<HelperReply> {
    if (this.dead) throw this.dead;
    const reply = await new Promise<HelperReply>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage(request);
    });
    if (reply.type === 'failed') throw new Error(reply.error);
    return reply;
  }

  /** False once the helper has failed or exited. */
  get alive(): boolean {
    return this.dead === null;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * Do `work` on every item: this thread takes items from the front, one at a time, yielding between them so the
 * helper's replies are read; `helper` (when given and ready) takes batches of `batch` from the back, two under way at
 * once, so that it always has the next batch while this thread is busy. A batch the helper fails is done here. Items
 * are done once each. Returns how many the helper did.
 */
export async function shareWork<T>(
  items: readonly T[],
  here: (item: T) => void,
  helper: { ready: Promise<boolean>; run: (batch: T[]) => Promise<void> } | null,
  batch: number,
): Promise<number> {
  let front = 0;
  let helped = 0;
  let back = items.length;
  const failed: T[] = [];
  let hereDone!: (value: false) => void;
  const finished = new Promise<false>((resolve) => (hereDone = resolve));
  const lane = async () => {
    // A helper still starting when this thread has done every item is not waited for.
    if (!helper || !(await Promise.race([helper.ready, finished]))) return;
    while (back > front) {
      const start = Math.max(front, back - batch);
      const taken = items.slice(start, back);
      back = start;
      try {
        await helper.run(taken);
        helped += taken.length;
      } catch {
        failed.push(...taken);
        return;
      }
    }
  };
  const helping = Promise.all([lane(), lane()]);
  while (front < back) {
    here(items[front++]);
    if (helper) await new Promise((resolve) => setImmediate(resolve));
  }
  hereDone(false);
  await helping;
  for (const item of failed) here(item);
  return helped;
}

/**
 * `shareWork`'s helper side for a helper that may still be starting (or not start: null). A helper that fails is told
 * to `say` once; `shareWork` then does its pages on this thread.
 */
export function helped<T>(
  helper: Promise<Helper | null> | null,
  run: (h: Helper, batch: T[]) => Promise<void>,
  say: (message: string) => void,
): { ready: Promise<boolean>; run: (batch: T[]) => Promise<void> } | null {
  if (!helper) return null;
  let told = false;
  return {
    ready: helper.then((h) => h !== null && h.alive),
    run: async (batch) => {
      const h = await helper;
      if (!h) throw new Error('no helper');
      try {
        await run(h, batch);
      } catch (error) {
        if (!told) say(`the helper thread stopped (${(error as Error).message.split('\n')[0]}); this thread does its pages`);
        told = true;
        throw error;
      }
    },
  };
}

/** The helper's bundle for this code: built once into `cacheDir` (named by the code hash), then reused. */
async function bundle(cacheDir: string, code: string): Promise<string> {
  const file = join(cacheDir, `helper-${code.replace(/[^A-Za-z0-9_-]/g, '_')}.mjs`);
  if (existsSync(file)) return file;
  const entry = join(dirname(fileURLToPath(import.meta.url)), 'helper.ts');
  if (!existsSync(entry)) throw new Error('no sources beside the loader');
  // Node's own require: the loader runs inside Vite, whose module runner is closed by the time a load runs.
  const { build } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    // Some dependencies are CommonJS and require Node's built-ins.
    banner: { js: "import { createRequire as __perflabRequire } from 'node:module';\nconst require = __perflabRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'silent',
  });
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, result.outputFiles[0].text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  // The bundles of older code are never run again.
  for (const name of readdirSync(cacheDir)) {
    if (/^helper-.*\.mjs$/.test(name) && join(cacheDir, name) !== file) rmSync(join(cacheDir, name), { force: true });
  }
  return file;
}
