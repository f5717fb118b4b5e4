// The load gives the event loop a turn at least every `BREATH_MS` of work on this thread. Astro saves the content
// store 500 ms after a change, asynchronously; a save it starts while the load holds the thread is held up until the
// load ends, and then writes the store as it was when that save began: Astro's last save, which finds the first still
// writing, is dropped (Astro 5.18's `writeFileAtomic` retries with the first save's text). At 10,000 reports, a
// rebuild that read every page's parse back in one synchronous run of 30 s left the build reading the store from
// before the edit, and failed on the edited page's pruned files. With turns taken, Astro's save ends early in the
// load, and its last save, after the load, writes the store the load left.
import { setImmediate as turn } from 'node:timers/promises';

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
