// A second thread for work that comes as many independent items (pages to parse, check or render). The calling
// thread takes items from the front of the list, the helper takes batches from the back, so both finish together
// whatever the items weigh. Anything that stops the helper (no second core, a crash) only costs speed: its unfinished
// items are done by the calling thread, in the same way.
import { setImmediate as turn } from 'node:timers/promises';
import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

/**
 * Bytes of pages to parse, check or render below which work stays on one thread. Measured on the bench sites (2
 * cores), for a site's load: at 1.4 MB the helper made it slower (2.0-2.4 s against 1.6-1.7 s: its start and its
 * cold code cost more than it takes on); at 12 MB it saved 7-11 %; at 46 MB, 16 %.
 */
export const HELPER_BYTES = 4_000_000;

/** Whether a load of `bytes` of work is worth a helper: a second core, enough work, and `PERFLAB_THREADS` not 1. */
export function wantHelper(bytes: number, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.PERFLAB_THREADS === '1') return false;
  return availableParallelism() >= 2 && (env.PERFLAB_THREADS === '2' || bytes >= HELPER_BYTES);
}

export class Helper<Request, Reply extends { type: string }> {
  private readonly worker: Worker;
  /** Requests sent and not answered yet, oldest first (the helper answers in order). */
  private readonly pending: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  private dead: Error | null = null;

  /** `file`: the helper's module (it answers with `serve`); `data`: its `workerData`. */
  constructor(file: string | URL, data: unknown) {
    this.worker = new Worker(file, { workerData: data });
    this.worker.on('message', (reply: Reply) => this.pending.shift()?.resolve(reply));
    const stop = (error: Error) => {
      this.dead ??= error;
      for (const p of this.pending.splice(0)) p.reject(error);
    };
    this.worker.on('error', stop);
    this.worker.on('exit', (code) => stop(new Error(`the helper thread exited (${code})`)));
  }

  /** Send one request and wait for its reply (several may be under way); rejects when the helper fails or is gone. */
  async ask(request: Request): Promise<Reply> {
    if (this.dead) throw this.dead;
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage(request);
    });
    if (reply.type === 'failed') throw new Error((reply as { error?: string }).error ?? 'the helper failed');
    return reply;
  }

  /** Whether the helper keeps the process alive (a helper started ahead of its work must not hold a failed run). */
  hold(on: boolean): void {
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  /** False once the helper has failed or exited. */
  get alive(): boolean {
    return this.dead === null;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Work on this thread between two turns of the event loop, at most. */
export const BREATH_MS = 50;

/**
 * A function to call inside a long loop: when `every` ms have passed since the last turn, a promise to await (the
 * turn); else nothing, and the loop goes on without even a microtask's pause (a dev server's reload reads the files as
 * they are at the moment it starts).
 */
export function breather(every = BREATH_MS): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < every) return undefined;
    return turn().then(() => {
      last = performance.now();
    });
  };
}

/**
 * Do every item once: this thread (`here`) takes items from the front, one at a time, yielding between them so the
 * helper's replies are read (without a helper, every BREATH_MS); `helper` (when given and ready) takes batches of
 * `batch` from the back, two under way at once, so that it always has the next batch while this thread is busy. A
 * batch the helper fails is done here.
 * Returns how many the helper did.
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
  // Without a helper, the event loop still gets a turn every BREATH_MS of work (a long load must not hold timers, I/O).
  const breathe = breather();
  while (front < back) {
    here(items[front++]);
    const pause = helper ? turn() : breathe();
    if (pause) await pause;
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
export function helped<T, H extends { alive: boolean }>(
  helper: Promise<H | null> | null,
  run: (h: H, batch: T[]) => Promise<void>,
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

/** The helper's side: answer each request with one message (`{ type: 'failed', error }` when `answer` throws). */
export function serve<Request>(answer: (request: Request) => unknown): void {
  parentPort?.on('message', (request: Request) => {
    let reply: unknown;
    try {
      reply = answer(request);
    } catch (error) {
      reply = { type: 'failed', error: String((error as Error)?.stack ?? error) };
    }
    parentPort?.postMessage(reply);
  });
}
