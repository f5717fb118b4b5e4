/**
 * Parsing pages on a second core. Tokenizing is most of a cold `perflab check`, and pages are independent until
 * the cross-page checks, so when several pages miss the cache one worker thread (running the same bundled CLI)
 * parses some of them while the main thread parses the others. The result is the same as parsing them in order:
 * each analysis is made from its page alone, and results are put back in input order.
 *
 * The two threads take pages from one shared queue, largest first (an atomic counter in shared memory): the main
 * thread starts at once, the worker joins when it has started (about 60 ms: a thread and the bundle to load), and
 * neither waits for the other except for the page the other is still parsing. A worker that is slow to start (a
 * busy machine) therefore costs little, and one that fails costs only time: its pages are parsed here. When a
 * worker pays at all is measured below (`MIN_PARALLEL_BYTES`).
 *
 * Only the bundled CLI starts a worker (run from source there is no file a worker could load without a
 * TypeScript loader).
 */
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { analyze, type Analysis } from '../pipeline.js';
import { revive } from './cache.js';

declare const __PERFLAB_BUILD__: string | undefined;

/** One page to parse. */
export interface Job {
  source: string;
  path: string;
  absolutePath: string;
}

/** `workerData` of a parse worker: every job, in queue order, and the queue's next index (an Int32 in shared memory). */
interface WorkerInput {
  perflabParseQueue: { jobs: Job[]; next: SharedArrayBuffer };
}

/** One message from a worker: a parsed page (its queue position), or the end of its work. */
type WorkerOutput = { at: number; analysis: Analysis } | { done: true } | { error: string; at: number };

/**
 * A worker pays for its own start (about 60 ms) and, above all, for compiling the parser afresh: a fresh thread
 * parses cold, as slowly as the main thread's first pages. Measured on two cores over 0.47 MB of pages, the worker
 * added about 350 ms of CPU to take about 80 ms off the main thread, and was slower on a busy machine. So by
 * default it starts only for at least this many bytes of pages to parse, and only when a core is idle.
 */
export const MIN_PARALLEL_BYTES = 2_000_000;

/**
 * Threads to parse with: `PERFLAB_JOBS` (1: the main thread only; 2: a worker whenever there are two pages or
 * more), else `auto`: a worker for large work on a machine with an idle core (see `MIN_PARALLEL_BYTES`).
 */
export function defaultJobs(): number | 'auto' {
  const env = Number(process.env.PERFLAB_JOBS);
  if (Number.isInteger(env) && env >= 1) return Math.min(env, 2);
  return 'auto';
}

/** The bundled CLI file, when running from it; null when running from source. */
function bundleFile(): string | null {
  return typeof __PERFLAB_BUILD__ === 'string' ? fileURLToPath(import.meta.url) : null;
}

/** In `auto` mode: is a worker worth starting for this many bytes? */
function worthAWorker(bytes: number): boolean {
  const cores = availableParallelism();
  return cores >= 2 && bytes >= MIN_PARALLEL_BYTES && loadavg()[0] < cores - 1;
}

/** Queue order: largest page first (the longest jobs start earliest), ties in input order. */
export function queueOrder(jobs: readonly Job[]): number[] {
  return jobs
    .map((job, index) => ({ index, size: job.source.length }))
    .sort((a, b) => b.size - a.size || a.index - b.index)
    .map((x) => x.index);
}

/** Parse every job, some of them on a worker thread when `jobs` says so (see `defaultJobs`). In input order. */
export async function analyzeAll(list: readonly Job[], jobs: number | 'auto' = defaultJobs()): Promise<Analysis[]> {
  const file = bundleFile();
  const bytes = list.reduce((n, job) => n + job.source.length, 0);
  const parallel = jobs === 'auto' ? worthAWorker(bytes) : jobs >= 2;
  if (!parallel || !file || list.length < 2) return list.map(parse);
  const order = queueOrder(list);
  const next = new SharedArrayBuffer(4);
  const counter = new Int32Array(next);
  const out: (Analysis | undefined)[] = new Array(list.length);
  const worker = new ParseWorker(file, { perflabParseQueue: { jobs: order.map((i) => list[i]), next } }, (at, analysis) => {
    out[order[at]] = revive(analysis);
  });
  let mine = 0;
  for (let at = Atomics.add(counter, 0, 1); at < order.length; at = Atomics.add(counter, 0, 1), mine++) {
    out[order[at]] = parse(list[order[at]]);
  }
  // The queue is empty: wait only for the pages the worker took (none if it had not started yet).
  await worker.settle(order.length - mine);
  // Pages a failed worker took and did not return.
  return out.map((analysis, index) => analysis ?? parse(list[index]));
}

function parse(job: Job): Analysis {
  return analyze(job.source, job.path, job.absolutePath);
}

/** The parse worker, seen from the main thread. Never throws: a worker that fails only stops returning pages. */
class ParseWorker {
  private received = 0;
  private expected = Infinity;
  private over = false;
  private wake: (() => void) | null = null;
  private readonly worker: Worker | null;

  constructor(file: string, input: WorkerInput, got: (at: number, analysis: Analysis) => void) {
    let worker: Worker | null = null;
    try {
      worker = new Worker(file, { workerData: input, stdout: false, stderr: false });
    } catch {
      this.over = true;
    }
    this.worker = worker;
    if (!worker) return;
    worker.on('message', (message: WorkerOutput) => {
      if ('analysis' in message) {
        got(message.at, message.analysis);
        this.received++;
      } else if ('error' in message) this.received++;
      else this.end();
      this.check();
    });
    worker.once('error', () => this.end());
    worker.once('exit', () => this.end());
  }

  /** Resolves once `expected` pages came back (or the worker ended), and stops the worker. */
  settle(expected: number): Promise<void> {
    this.expected = expected;
    const done = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
    this.check();
    return done.then(() => {
      if (this.worker) {
        this.worker.unref();
        void this.worker.terminate();
      }
    });
  }

  private end(): void {
    this.over = true;
    this.check();
  }

  private check(): void {
    if (this.wake && (this.over || this.received >= this.expected)) {
      const wake = this.wake;
      this.wake = null;
      wake();
    }
  }
}

/** In a parse worker: take pages from the shared queue until it is empty, post each analysis. False on the main thread. */
export function serveParseWorker(): boolean {
  const input = (workerData as Partial<WorkerInput> | null)?.perflabParseQueue;
  if (!parentPort || !input || !Array.isArray(input.jobs) || !(input.next instanceof SharedArrayBuffer)) return false;
  const counter = new Int32Array(input.next);
  for (let at = Atomics.add(counter, 0, 1); at < input.jobs.length; at = Atomics.add(counter, 0, 1)) {
    try {
      parentPort.postMessage({ at, analysis: parse(input.jobs[at]) } satisfies WorkerOutput);
    } catch (error) {
      // An analysis that cannot be cloned (or a parse that threw): the main thread parses this page itself.
      parentPort.postMessage({ at, error: String(error) } satisfies WorkerOutput);
    }
  }
  parentPort.postMessage({ done: true } satisfies WorkerOutput);
  return true;
}
