// A load of many pages shares its parsing and rendering with a helper thread: what it stores and logs must be what one
// thread stores and logs, and a helper that fails or never starts only costs time. A build starts its helper ahead of
// the load, to parse pages while Astro starts; the load takes it over.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { codeHash } from '../../src/lib/engine/code.js';
import { loaderBundle, useLoaderBundle } from '../../src/loader/bundle.js';
import { contentRoots, listMarkdown } from '../../src/lib/site/files.js';
import { dropAhead, startAhead, takeAhead } from '../../src/loader/threads.js';
import { shareWork, wantHelper } from '../../src/lib/engine/pool.js';
import { cachedHtml, cachedRuns } from '../../src/lib/site/cached.js';
import { fakeLoader, readEntry, realPagesProject } from './loader-context.js';

describe('shareWork', () => {
  const items = Array.from({ length: 23 }, (_, i) => i);

  it('should do every item once, the helper taking batches from the back', async () => {
    const here: number[] = [];
    const there: number[] = [];
    const helped = await shareWork(
      items,
      (i) => here.push(i),
      {
        ready: Promise.resolve(true),
        run: async (batch) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          there.push(...batch);
        },
      },
      3,
    );
    expect([...here, ...there].sort((a, b) => a - b)).toEqual(items);
    expect(helped).toBe(there.length);
    expect(there.length).toBeGreaterThan(0);
    // This thread works from the front, in order.
    expect(here).toEqual([...here].sort((a, b) => a - b));
    expect(here[0]).toBe(0);
  });

  it('should do here the batches a failing helper took, and stop giving it more', async () => {
    const here: number[] = [];
    let asked = 0;
    const helped = await shareWork(
      items,
      (i) => here.push(i),
      {
        ready: Promise.resolve(true),
        run: async () => {
          asked++;
          throw new Error('the helper thread exited (1)');
        },
      },
      4,
    );
    expect(helped).toBe(0);
    expect([...here].sort((a, b) => a - b)).toEqual(items);
    // Each of the two lanes asked once, then gave up.
    expect(asked).toBe(2);
  });

  it('should not wait for a helper that is still starting when every item is done', async () => {
    const here: number[] = [];
    let started = false;
    const never = new Promise<boolean>(() => {});
    const helped = await shareWork(items, (i) => here.push(i), { ready: never, run: async () => void (started = true) }, 4);
    expect(helped).toBe(0);
    expect(started).toBe(false);
    expect(here).toEqual(items);
  });

  it('should ask for a helper only with a second core, enough work, and not when told one thread', () => {
    expect(wantHelper(100_000_000, { PERFLAB_THREADS: '1' })).toBe(false);
    expect(wantHelper(1000, {})).toBe(false);
    // Forced: the tests use it to run the helper on a small site (when the machine has two cores).
    expect(wantHelper(1000, { PERFLAB_THREADS: '2' })).toBe(wantHelper(100_000_000, {}));
  });
});

let root = '';
const saved = { threads: process.env.PERFLAB_THREADS, keep: process.env.PERFLAB_MEMORY_MB };
beforeEach(() => {
  // A helper thread gets a share only of a load long enough for it to start: about the corpus's pages.
  root = realPagesProject('loader-threads', 3);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  for (const [key, value] of [
    ['PERFLAB_THREADS', saved.threads],
    ['PERFLAB_MEMORY_MB', saved.keep],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

async function load(threads: '1' | '2', memoryMb: string, cache: string) {
  process.env.PERFLAB_THREADS = threads;
  process.env.PERFLAB_MEMORY_MB = memoryMb;
  const f = fakeLoader(root, join(root, cache));
  await reportsLoader({ failOnError: false }).load(f.context);
  const ids = [...f.entries.keys()];
  const out = ids.map((id) => {
    const item = f.entries.get(id);
    const { cache: _c, cacheHashes: _h, ...data } = readEntry(item).data;
    return { id, digest: item.digest, data, html: cachedHtml(item), runs: cachedRuns(item) };
  });
  return { out, logs: f.logs };
}

const twoCores = wantHelper(0, { PERFLAB_THREADS: '2' });
if (!twoCores) console.warn('loader-threads: this machine has one core, so no load uses a helper; the comparison below is skipped');

it.skipIf(!twoCores)(
  'should store and log the same entries with a helper thread as with one thread, reading pages back or keeping them',
  async () => {
    const one = await load('1', '1000', 'cache-one');
    expect(one.out.length).toBeGreaterThan(5);
    for (const keep of ['1000', '0']) {
      const two = await load('2', keep, `cache-two-${keep}`);
      // Stored in the same order, each with the same digest, entry, body and runs.
      expect(two.out.map((e) => e.id)).toEqual(one.out.map((e) => e.id));
      for (const [i, e] of two.out.entries()) expect(e, e.id).toEqual(one.out[i]);
      const summary = (logs: string[]) => logs.find((l) => / reports: \d+ checked/.test(l)) ?? '';
      const findings = (logs: string[]) => logs.filter((l) => !/ reports: \d+ checked/.test(l));
      expect(findings(two.logs)).toEqual(findings(one.logs));
      // Every page was parsed once (by one thread or the other). How much the helper did depends on how soon it starts
      // against how fast this thread goes (on a loaded machine, none at all): its share is held by the test of a helper
      // started ahead, below; here, that the two threads' work adds up.
      const n = one.out.length;
      expect(summary(two.logs)).toMatch(new RegExp(`${n} reports: ${n} checked \\(the others unchanged\\), ${n} parsed`));
      expect(summary(two.logs)).toMatch(/\((\d+) of the (\d+) parses and renders by a second thread\)/);
      const [, by, of] = /\((\d+) of the (\d+) parses/.exec(summary(two.logs)) ?? [];
      expect(Number(by)).toBeGreaterThanOrEqual(0);
      expect(Number(by)).toBeLessThanOrEqual(2 * n);
      expect(Number(of)).toBe(2 * n);
      expect(summary(one.logs)).not.toMatch(/second thread/);
    }
  },
  120_000,
);

it.skipIf(!twoCores)(
  'should do every page itself when the helper thread dies, storing what one thread stores',
  async () => {
    const one = await load('1', '1000', 'cache-one');
    // A helper bundle for this code that throws as it starts (as a broken or foreign file would).
    const dir = join(root, 'cache-broken', 'perflab');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `loader-${codeHash().replace(/[^A-Za-z0-9_-]/g, '_')}.cjs`), "throw new Error('broken helper');\n");
    const two = await load('2', '1000', 'cache-broken');
    expect(two.out).toEqual(one.out);
    const summary = two.logs.find((l) => / reports: \d+ checked/.test(l)) ?? '';
    expect(summary).not.toMatch(/second thread/);
    // The log says why the load took one thread.
    expect(two.logs.filter((l) => l.includes('the helper thread stopped'))).toEqual([
      expect.stringMatching(/^info the helper thread stopped \(.*broken helper.*\); this thread does its pages$/),
    ]);
  },
  120_000,
);

it.skipIf(!twoCores)(
  'should take over a helper started ahead: the pages it parsed are read back, and the load stores what one thread stores',
  async () => {
    const one = await load('1', '1000', 'cache-one');
    delete process.env.PERFLAB_THREADS;
    process.env.PERFLAB_MEMORY_MB = '1000';
    const cacheDir = join(root, 'cache-ahead');
    const analyses = join(cacheDir, 'perflab', 'analyses');
    // As the config does for `astro build`: the bundle of this code (made here when the install has none), then the
    // helper, given every page of the content folder.
    useLoaderBundle(join(cacheDir, 'perflab'), join(root, 'no-install'));
    await loaderBundle(join(cacheDir, 'perflab'), codeHash());
    const pages = listMarkdown(contentRoots(root, undefined), root).map((f) => ({ path: f.path, absolutePath: f.absolutePath }));
    try {
      expect(startAhead(analyses, pages)).toBe(true);
      // It parses on its own, from the last page back, until the load takes it.
      const parsed = () => (existsSync(analyses) ? readdirSync(analyses).filter((n) => n.endsWith('.bin')).length : 0);
      for (let waited = 0; parsed() < 2 && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(parsed()).toBeGreaterThanOrEqual(2);
      const f = fakeLoader(root, cacheDir);
      await reportsLoader({ failOnError: false }).load(f.context);
      const out = [...f.entries.keys()].map((id) => {
        const item = f.entries.get(id);
        const { cache: _c, cacheHashes: _h, ...data } = readEntry(item).data;
        return { id, digest: item.digest, data, html: cachedHtml(item), runs: cachedRuns(item) };
      });
      expect(out).toEqual(one.out);
      const n = one.out.length;
      // Every page parsed once in this build, by the helper ahead or by the load (with the helper's help).
      const summary = f.logs.find((l) => / reports: \d+ checked/.test(l)) ?? '';
      expect(summary).toMatch(new RegExp(`${n} reports: ${n} checked \\(the others unchanged\\), ${n} parsed`));
      expect(parsed()).toBe(n);
      // Taken once: a second load finds no helper ahead.
      expect(await takeAhead(analyses, codeHash())).toBeNull();
    } finally {
      dropAhead();
      useLoaderBundle(null);
    }
  },
  120_000,
);

describe('a helper started ahead', () => {
  afterEach(() => {
    dropAhead();
    useLoaderBundle(null);
  });

  it('should not start on one thread, without pages or without a bundle of this code', () => {
    const page = [{ path: 'a.md', absolutePath: join(root, 'a.md') }];
    useLoaderBundle(join(root, 'cache', 'perflab'), join(root, 'no-install'));
    expect(startAhead(join(root, 'analyses'), page)).toBe(false);
    expect(startAhead(join(root, 'analyses'), [], {})).toBe(false);
    expect(startAhead(join(root, 'analyses'), page, { PERFLAB_THREADS: '1' })).toBe(false);
  });

  it.skipIf(!twoCores)('should be closed, not taken, by a load of another cache or code', async () => {
    const dir = join(root, 'cache', 'perflab');
    useLoaderBundle(dir, join(root, 'no-install'));
    await loaderBundle(dir, codeHash());
    const pages = listMarkdown(contentRoots(root, undefined), root).map((f) => ({ path: f.path, absolutePath: f.absolutePath }));
    expect(startAhead(join(dir, 'analyses'), pages)).toBe(true);
    expect(await takeAhead(join(root, 'elsewhere'), codeHash())).toBeNull();
    expect(await takeAhead(join(dir, 'analyses'), codeHash())).toBeNull();
  });
});
