// A long load gives the event loop a turn every BREATH_MS of work (`breather`, src/lib/engine/pool.ts), so that Astro's
// content store saves, which are asynchronous, end during the load and not after it.
import { describe, expect, it } from 'vitest';
import { breather, BREATH_MS, shareWork } from '../../src/lib/engine/pool.js';

/** Keep this thread busy for `ms`. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the load gives the event loop turns', () => {
  it('should give a turn once BREATH_MS have passed, and none before', async () => {
    const breathe = breather();
    expect(breathe()).toBeUndefined();
    busy(BREATH_MS + 5);
    let timer = false;
    setImmediate(() => (timer = true));
    await breathe();
    expect(timer).toBe(true);
    expect(breathe()).toBeUndefined();
  });

  it('should let a timer run during a long loop of work, with or without a helper thread', async () => {
    let fired = 0;
    const tick = setInterval(() => fired++, 5);
    const started = performance.now();
    await shareWork(
      Array.from({ length: 40 }, (_, i) => i),
      () => busy(10),
      null,
      4,
    );
    clearInterval(tick);
    // 400 ms of work: the timer ran between the items, not only once at the end.
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(fired).toBeGreaterThanOrEqual(4);
  });
});
