// Search finds a number printed only in raw benchmark output and leads to its run: the run's hidden search entry is
// a Pagefind sub-result of its page (`#find-run-L..`), and opening it lands on the run itself, highlighted.
import { describe, expect, it } from 'vitest';
import { readPage } from '../site/build.js';
import { pipelinePages } from '../site/helpers.js';
import { hasChromium, siteForTests } from './browser.js';

const pages = pipelinePages().filter((p) => p.root === 'seed');

describe.skipIf(!hasChromium)('search for a raw number', () => {
  const site = siteForTests({ timeout: 600_000 });

  it('should lead a number printed only in a run to that run', async () => {
    // A run's number that the page's text outside its raw blocks never states, with the run it belongs to.
    const pick = pages
      .flatMap((p) => p.report.runs.flatMap((r) => Object.values(r.metrics).map((m) => ({ p, r, m }))))
      .find(({ p, m }) => {
        if (m.value === null || !/^\d+\.\d{2,}$/.test(m.text)) return false;
        const html = readPage(site.dist, p.url).replace(/<figure[\s\S]*?<\/figure>/g, '');
        return !html.includes(m.text);
      });
    expect(pick, 'a number printed only in raw output').toBeDefined();
    const { p, r, m } = pick!;
    const { page, errors } = await site.open('/');
    // Written as text: the test runner would rewrite an `import()` inside a function handed to the page.
    const found = (await page.evaluate(`(async () => {
      const pagefind = await import('/pagefind/pagefind.js');
      const search = await pagefind.search(${JSON.stringify(m.text)});
      const results = await Promise.all(search.results.slice(0, 5).map((x) => x.data()));
      return results.map((d) => ({ url: d.url, subs: d.sub_results.map((s) => s.url), titles: d.sub_results.map((s) => s.title) }));
    })()`)) as Array<{ url: string; subs: string[]; titles: string[] }>;
    expect(found.length, `results for ${m.text}`).toBeGreaterThan(0);
    // The first result is the run's page, and its sub-result is the run.
    expect(found[0].url).toBe(p.url);
    const sub = found[0].subs.find((u) => u.endsWith(`#find-${r.id}`));
    expect(sub, `${m.text}: ${JSON.stringify(found[0])}`).toBeDefined();
    expect(found[0].titles.join(' ')).toContain(`Raw run at line ${r.line}`);
    // Opening the result lands on the run, not a heading: the address names the run and the run is marked.
    await page.goto(site.origin + sub!);
    await page.waitForSelector('.is-target');
    expect(new URL(page.url()).hash).toBe(`#${r.id}`);
    expect(await page.locator(`[id="${r.id}"]`).evaluate((e) => e.classList.contains('is-target'))).toBe(true);
    expect(await page.locator(`[id="${r.id}"]`).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
