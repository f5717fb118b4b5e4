// A site built from hostile pages (test/site/hostile.ts) in Chromium: typing in search and opening every filter
// group runs no script. Each payload sets `window.__pwned`; `alert`, `confirm` and `prompt` are hooked to set it too.
import { describe, expect, it } from 'vitest';
import { hostileSite } from '../site/hostile.js';
import { hasChromium, siteForTests, startSite } from './browser.js';

describe.skipIf(!hasChromium)('hostile site in Chromium', () => {
  const site = siteForTests({ start: async () => startSite((await hostileSite()).dist), timeout: 300_000 });

  const hook = () => {
    const w = window as unknown as Record<string, unknown>;
    for (const name of ['alert', 'confirm', 'prompt']) w[name] = () => (w.__pwned = name);
  };

  for (const path of ['/', '/reports/models/front-matter/']) {
    it(`should run no script when searching and opening the filters on ${path}`, async () => {
      const { page, errors } = await site.open(path, { init: hook });
      await page.click('[data-search-open]');
      await page.fill('#search input', 'hostilesearchterm');
      await page.waitForFunction(() => document.querySelectorAll('.pagefind-ui__result').length >= 4);
      // Headings whose text is markup are listed as sub-results: shown as text, so the vector was on screen.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.pagefind-ui__result-nested')].some((n) =>
          n.textContent?.includes("onerror=window.__pwned='subresult'"),
        ),
      );
      // Open every filter group and wait for the values to be drawn.
      const groups = page.locator('#search .pagefind-ui__filter-name');
      const count = await groups.count();
      expect(count).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < count; i++) await groups.nth(i).click();
      await page.waitForSelector('#search .pagefind-ui__filter-checkbox');
      await page.waitForTimeout(300);
      const pwned = () => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
      expect(await pwned()).toBeUndefined();
      const values = await page.$$eval('#search .pagefind-ui__filter-label', (ls) => ls.map((l) => (l.textContent ?? '').trim()));
      // The hostile values are listed as text (their markup characters removed), not as elements.
      expect(values.some((v) => v.startsWith('img src=x onerror=window.__pwned= model'))).toBe(true);
      expect(
        await page.$$eval(
          '#search img, #search svg[onload], #search [onerror]',
          (els) => els.filter((e) => !e.closest('.pagefind-ui__result-thumb')).length,
        ),
      ).toBe(0);
      // Check a hostile filter value and read the results again, as a visitor would.
      await page.locator('#search .pagefind-ui__filter-label', { hasText: 'img src=x onerror' }).first().click();
      // Pagefind answers the filtered search in its own time (on a loaded machine, after more than 300 ms).
      await page.waitForFunction(() => document.querySelectorAll('.pagefind-ui__result-title').length > 0);
      const titles = await page.$$eval('.pagefind-ui__result-title', (ts) => ts.map((t) => t.textContent ?? ''));
      expect(titles.length).toBeGreaterThan(0);
      expect(await pwned()).toBeUndefined();
      // A missing image (404) logs a console error of its own: only scripts and page errors count here.
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    });
  }

  it('should not throw on a malformed %-escape in the address', async () => {
    const { page, errors } = await site.open('/reports/models/bad-links/#%zz');
    await page.waitForLoadState('load');
    expect(errors).toEqual([]);
  });
});
