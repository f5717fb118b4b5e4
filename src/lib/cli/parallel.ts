/**
 * Parsing pages on a second core. Tokenizing is most of a cold `perflab check`, and pages are independent until
 * the cross-page checks, so when several pages miss the cache one worker thread (running the same bundled CLI)
 * parses a share of them while the main thread parses the rest. The result is the same as parsing them in
 * order: each analysis is made from its page alone, and results are put back in input order.
 *
 * Only the bundled CLI starts a worker (run from source there is no file a worker could load without a
 * TypeScript loader); a worker that fails in any way costs only time: its pages are parsed on the main thread.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { VFile } from 'vfile';
import { analyze, type Analysis } from '../pipeline.js';

declare const __PERFLAB_BUILD__: string | undefined;

/** One page to parse. */
export interface Job {
  source: string;
  path: string;
  absolutePath: string;
}

/** `workerData` of a parse worker. */
interface WorkerInput {
  perflabParseJobs: Job[];
}

type WorkerOutput = { analyses: Analysis[] } | { error: string };

/**
 * Below this many source bytes among the pages to parse, a worker costs more than it saves: starting one and
 * loading the bundle takes about as long as parsing 100 KB on a cold main thread.
 */
export const MIN_PARALLEL_BYTES = 100_000;

/** Head start, in bytes of source, that the main thread parses while the worker starts. */
const WORKER_START_BYTES = 60_000;

/** The bundled CLI file, when running from it; null when running from source. */
function bundleFile(): string | null {
  return typeof __PERFLAB_BUILD__ === 'string' ? fileURLToPath(import.meta.url) : null;
}

/** Threads to parse with: `PERFLAB_JOBS` (1 turns workers off), else the cores available, at most 2. */
export function defaultJobs(): number {
  const env = Number(process.env.PERFLAB_JOBS);
  if (Number.isInteger(env) && env >= 1) return Math.min(env, 2);
  return Math.min(availableParallelism(), 2);
}

/** A structured clone keeps data, not classes: make the VFile again from the text. */
export function revive(analysis: Analysis): Analysis {
  return { ...analysis, file: new VFile({ path: analysis.report.path, value: analysis.source }) };
}

/**
 * Split jobs between the worker and the main thread by source size: largest first, each to the side that would
 * finish it first, the main thread starting `WORKER_START_BYTES` ahead. Returns the worker's job indices.
 */
export function split(jobs: readonly Job[]): number[] {
  const order = jobs.map((job, index) => ({ index, size: job.source.length })).sort((a, b) => b.size - a.size || a.index - b.index);
  let main = 0;
  let worker = WORKER_START_BYTES;
  const mine: number[] = [];
  for (const { index, size } of order) {
    if (worker <= main) {
      worker += size;
      mine.push(index);
    } else main += size;
  }
  return mine.sort((a, b) => a - b);
}

/** Parse every job; with `jobs` > 1 and enough to do, a share of them on a worker thread. In input order. */
export async function analyzeAll(list: readonly Job[], jobs = defaultJobs()): Promise<Analysis[]> {
  const file = bundleFile();
  const bytes = list.reduce((n, job) => n + job.source.length, 0);
  if (jobs < 2 || !file || list.length < 2 || bytes < MIN_PARALLEL_BYTES) return list.map(parse);
  const theirs = split(list);
  if (theirs.length === 0) return list.map(parse);
  const input: WorkerInput = { perflabParseJobs: theirs.map((i) => list[i]) };
  const pending = runWorker(file, input);
  const out: (Analysis | undefined)[] = new Array(list.length);
  const taken = new Set(theirs);
  list.forEach((job, index) => {
    if (!taken.has(index)) out[index] = parse(job);
  });
  const result = await pending;
  theirs.forEach((index, k) => {
    const got = result?.[k];
    out[index] = got ? revive(got) : parse(list[index]);
  });
  return out as Analysis[];
}

function parse(job: Job): Analysis {
  return analyze(job.source, job.path, job.absolutePath);
}

/** The worker's analyses, or null when it failed (its pages are then parsed here). Never rejects. */
function runWorker(file: string, input: WorkerInput): Promise<Analysis[] | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(file, { workerData: input, stdout: false, stderr: false });
    } catch {
      resolve(null);
      return;
    }
    let settled = false;
    const done = (value: Analysis[] | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
      void worker.terminate();
    };
    worker.once('message', (message: WorkerOutput) => done('analyses' in message ? message.analyses : null));
    worker.once('error', () => done(null));
    worker.once('exit', () => done(null));
  });
}

/** In a parse worker: parse the jobs of `workerData`, post the analyses, and say so. False on the main thread. */
export function serveParseWorker(): boolean {
  const input = workerData as Partial<WorkerInput> | null;
  if (!parentPort || !input || !Array.isArray(input.perflabParseJobs)) return false;
  let output: WorkerOutput;
  try {
    output = { analyses: input.perflabParseJobs.map(parse) };
  } catch (error) {
    output = { error: String(error) };
  }
  try {
    parentPort.postMessage(output);
  } catch (error) {
    // Something in an analysis cannot be cloned: the main thread parses these pages itself.
    parentPort.postMessage({ error: String(error) } satisfies WorkerOutput);
  }
  return true;
}
