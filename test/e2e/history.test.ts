// A setup's history in Chromium, on the history fixtures (one setup on two reports of two vLLM versions) and the seed
// pages, at a desktop (1440x900) and a phone (390x844), light and dark: every setup whose usable runs runs.csv shows
// in more than one report or engine version has a history page, reached from its reports ("Setup history") and from /compare/;
// each point's runs open their raw line on the report, which prints the value the page shows; the baseline's fall is
// a regression; no sideways scroll on a phone; axe finds nothing serious and the links are at least 24 px high.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOnce, buildSite, inputHash, projectRoot } from '../site/build.js';
import { csvRecords } from '../helpers/csv.js';
import { axeViolations, hasChromium, siteForTests, startSite } from './browser.js';

const shots = process.env.PERFLAB_SHOTS ?? join(projectRoot, 'test-results', 'screenshots');
const CONTENT = ['test/fixtures/seed-pages', 'test/fixtures/history'];

async function historySite(): Promise<string> {
  const dir = join(projectRoot, 'test-results', 'history-site', inputHash([...CONTENT, 'src', 'public', 'astro.config.mjs']));
  await buildOnce(dir, (d) => buildSite(d, CONTENT));
  return join(dir, 'dist');
}

describe.skipIf(!hasChromium)('setup histories in a browser', () => {
  const site = siteForTests({ start: async () => startSite(await historySite()), timeout: 600_000, shots });

  it('should have a history page for every setup runs.csv shows in more than one report or engine version', async () => {
    const rows = csvRecords(readFileSync(join(site.dist, 'data', 'runs.csv'), 'utf8'));
    const fields = ['model', 'precision', 'gpu', 'gpu_count', 'dataset', 'concurrency', 'request_rate', 'requests', 'engine'];
    const groups = new Map<string, Record<string, string>[]>();
    // A run whose model, accelerator, count, workload, engine or total throughput is not stated is in no setup.
    for (const r of rows.filter((r) => ['model', 'gpu', 'gpu_count', 'dataset', 'engine', 'total_token_throughput'].every((f) => r[f]))) {
      const k = JSON.stringify(fields.map((f) => r[f]));
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    const usable = (r: Record<string, string>) => !['failed', 'partial', 'flagged'].includes(r.verdict);
    const expected = [...groups.values()].filter((g) => {
      const ok = g.filter(usable);
      return new Set(ok.map((r) => r.report)).size > 1 || new Set(ok.map((r) => r.engine_version).filter(Boolean)).size > 1;
    });
    const { page } = await site.open('/history/');
    const links = await page.$$eval('a[data-history-link]', (as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links).toHaveLength(expected.length);
    for (const g of expected) {
      // Each group's usable runs are on exactly one of the pages, and every one of them is linked there.
      const wanted = g.filter(usable).map((r) => `/reports/${r.report}/#${r.run_id}`);
      let found = 0;
      for (const path of links) {
        const { page: p } = await site.open(path);
        const hrefs = await p.$$eval('a[data-history-run]', (as) =>
          as.map((a) => (a as HTMLAnchorElement).pathname + (a as HTMLAnchorElement).hash),
        );
        if (wanted.every((w) => hrefs.some((h) => h.startsWith(`${w}-m`)))) found++;
        await p.context().close();
      }
      expect(found, JSON.stringify(g[0])).toBe(1);
    }
    await page.context().close();
  });

  it("should open each run's raw line from its point, printing the value the page shows, and mark the baseline's fall", async () => {
    const { page } = await site.open('/history/');
    await page.locator('a[data-history-link]').first().click();
    await page.waitForSelector('svg.history-chart');
    const runs = await page.$$eval('a[data-history-run]', (as) =>
      as.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.nextElementSibling!.textContent! })),
    );
    expect(runs.length).toBe(5);
    for (const r of runs) {
      const value = /· ([\d.]+) tok\/s/.exec(r.text)![1];
      const { page: report } = await site.open(new URL(r.href).pathname + new URL(r.href).hash);
      const line = report.locator(`[id="${decodeURIComponent(new URL(r.href).hash.slice(1))}"]`);
      await expect.poll(() => line.count()).toBe(1);
      expect(await line.textContent()).toContain(value);
      await report.context().close();
    }
    const regression = page.locator('td[data-change="regression"]');
    await expect.poll(() => regression.count()).toBe(1);
    expect(await regression.textContent()).toContain('−10.4%');
    expect(await page.locator('svg.history-chart text.history-change.is-regression').textContent()).toBe('regression −10.4%');
    await page.context().close();
  });

  it('should be reached from a report of the setup and from /compare/', async () => {
    const { page } = await site.open('/reports/fixture-9b/l40s-v0.10/');
    await page.locator('a[data-history-link]').click();
    await page.waitForSelector('svg.history-chart');
    expect(await page.locator('h1').textContent()).toContain('Fixture-9B');
    await page.context().close();
    // A report with no setup measured elsewhere has no such link.
    const { page: other } = await site.open('/reports/qwen3-14b/h100/');
    expect(await other.locator('a[data-history-link]').count()).toBe(0);
    await other.context().close();
    const { page: compare } = await site.open('/compare/');
    await compare.locator('a[data-history-link]').click();
    await compare.waitForURL(/\/history\/$/);
    expect(await compare.locator('a[data-history-link]').count()).toBeGreaterThan(0);
    await compare.context().close();
  });

  it('should fit a phone, pass axe and keep its links 24 px high, light and dark, phone and desktop', async () => {
    const { page: index } = await site.open('/history/');
    const path = await index
      .locator('a[data-history-link]')
      .first()
      .evaluate((a) => (a as HTMLAnchorElement).pathname);
    await index.context().close();
    for (const scheme of ['light', 'dark'] as const)
      for (const width of [390, 1440]) {
        for (const p of ['/history/', path]) {
          const { page, errors } = await site.open(p, { width, colorScheme: scheme });
          expect(await axeViolations(page), `${p} ${width} ${scheme}`).toEqual([]);
          const layout = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            small: [...document.querySelectorAll<HTMLElement>('main a[data-history-link], main a[data-history-run]')]
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width > 0 && r.height < 24).length,
          }));
          expect(layout.scroll, `${p} ${width}`).toBeLessThanOrEqual(width);
          expect(layout.small, `${p} ${width}`).toBe(0);
          expect(errors).toEqual([]);
          if (p === path) await page.screenshot({ path: join(shots, `history-${width}-${scheme}.png`), fullPage: true });
          await page.context().close();
        }
      }
  });
});
