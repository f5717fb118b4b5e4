// A large site's search index comes in shards (scripts/search-index.mjs); the search dialog merges them. Indexed in
// shards of two report pages, the test site answers a search as it does indexed in one piece: the same results, the
// same counts, and the filters across every shard.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtSite, projectRoot } from '../site/build.js';
import { hasChromium, siteForTests, startSite } from './browser.js';

let copy = '';
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

async function shardedSite() {
  copy = mkdtempSync(join(tmpdir(), 'perflab-search-shards-'));
  const site = join(copy, 'dist');
  cpSync(await builtSite(), site, { recursive: true });
  execFileSync(process.execPath, [join(projectRoot, 'scripts', 'search-index.mjs'), site], {
    env: { ...process.env, PERFLAB_SEARCH_SHARD: '2' },
    stdio: 'ignore',
  });
  return startSite(site);
}

type Page = Awaited<ReturnType<ReturnType<typeof siteForTests>['open']>>['page'];

/** The result links the dialog shows for `query`, optionally narrowed to one hardware value, once Pagefind is done. */
async function results(page: Page, query: string, hardware?: string): Promise<string[]> {
  await page.click('[data-search-open]');
  await page.fill('#search input', query);
  await page.waitForSelector('.pagefind-ui__result');
  if (hardware) {
    // The filter blocks render as the indexes (every shard) answer: open the Hardware block (a <details>) when it is
    // closed, until its box shows, as a reader would.
    const box = page.locator(`#hardware-${hardware}`);
    const block = page.locator('#search details.pagefind-ui__filter-block', {
      has: page.locator('.pagefind-ui__filter-name', { hasText: 'Hardware' }),
    });
    for (let tries = 0; !(await box.isVisible()) && tries < 100; tries++) {
      if ((await block.count()) === 1 && !(await block.evaluate((d) => (d as HTMLDetailsElement).open))) {
        await block.locator('.pagefind-ui__filter-name').click();
      }
      await page.waitForTimeout(200);
    }
    await box.check();
  }
  // Pagefind renders results one by one: wait for its own count, then for the list to match it.
  await page.waitForFunction(() => /^\d+ results?\b/.test(document.querySelector('.pagefind-ui__message')?.textContent ?? ''));
  const count = Number(/^(\d+)/.exec((await page.textContent('.pagefind-ui__message')) ?? '')![1]);
  await page.waitForFunction((n) => document.querySelectorAll('.pagefind-ui__result').length === Math.min(n, 5), count);
  const more = page.locator('.pagefind-ui__button');
  while (await more.isVisible()) {
    await more.click();
    await page.waitForTimeout(100);
  }
  await page.waitForFunction((n) => document.querySelectorAll('.pagefind-ui__result').length === n, count);
  return page.$$eval('.pagefind-ui__result .pagefind-ui__result-title a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
}

describe.skipIf(!hasChromium)('search over an index in shards', () => {
  const whole = siteForTests({ timeout: 600_000 });
  const sharded = siteForTests({ start: shardedSite, timeout: 600_000 });

  it('should list the shards it merges', () => {
    const { merge } = JSON.parse(readFileSync(join(sharded.dist, 'pagefind', 'shards.json'), 'utf8')) as { merge: string[] };
    expect(merge.length).toBeGreaterThan(2);
    expect(JSON.parse(readFileSync(join(whole.dist, 'pagefind', 'shards.json'), 'utf8'))).toEqual({ merge: [] });
  });

  for (const [query, hardware] of [
    ['latency', 'H200'],
    ['throughput', undefined],
  ] as const) {
    it(`should find for "${query}"${hardware ? ` on ${hardware}` : ''} what the index in one piece finds`, async () => {
      const one = await whole.open('/');
      const many = await sharded.open('/');
      const expected = await results(one.page, query, hardware);
      const found = await results(many.page, query, hardware);
      expect(expected.length).toBeGreaterThan(0);
      expect([...found].sort()).toEqual([...expected].sort());
      expect(many.errors).toEqual([]);
    });
  }
});
