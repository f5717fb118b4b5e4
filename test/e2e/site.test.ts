// The built site in a real browser: search, facets, claim links, copy, themes, accessibility, sanitising.
import axe from 'axe-core';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../site/build.js';
import { hasChromium, siteForTests } from './browser.js';

const shots = join(projectRoot, 'test-results', 'screenshots');
const report = '/reports/qwen3-14b/h100/';

describe.skipIf(!hasChromium)('site in Chromium', () => {
  const site = siteForTests({ shots });

  it('should find the right report with a search filter', async () => {
    const { page, errors } = await site.open('/');
    await page.click('[data-search-open]');
    await page.fill('#search input', 'latency');
    await page.waitForSelector('.pagefind-ui__result');
    await page.click('#search .pagefind-ui__filter-name:has-text("Hardware")');
    await page.check('#hardware-H200');
    // Pagefind renders results one by one: wait for its own count, then for the list to match it.
    await page.waitForFunction(() => /^1 result\b/.test(document.querySelector('.pagefind-ui__message')?.textContent ?? ''));
    await page.waitForFunction(() => document.querySelectorAll('.pagefind-ui__result').length === 1);
    const hrefs = await page.$$eval('.pagefind-ui__result .pagefind-ui__result-title a', (as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs[0]).toContain('/reports/qwen3.5-35b-a3b/h200-latency/');
    expect(errors).toEqual([]);
  });

  it('should open the raw block and highlight the line when a mismatch mark is clicked', async () => {
    const { page } = await site.open('/reports/fixtures/mismatch/');
    const mark = page.locator('.report-body a.claim-mismatch').first();
    const href = (await mark.getAttribute('href'))!;
    const target = page.locator(`[id="${href.slice(1)}"]`);
    expect(await target.evaluate((el) => el.closest('details')!.open)).toBe(false);
    await mark.click();
    await page.waitForSelector('.is-target');
    expect(await target.evaluate((el) => el.closest('details')!.open)).toBe(true);
    expect(await target.evaluate((el) => el.classList.contains('is-target'))).toBe(true);
    expect(await target.isVisible()).toBe(true);
    expect(await target.textContent()).toMatch(/Total Token throughput \(tok\/s\):\s+8403\.97/);
  });

  it('should open the raw line behind a head-to-head figure on /engines/', async () => {
    const { page } = await site.open('/engines/');
    // Counts agree with their noun ("1 run", never "1 runs").
    expect(await page.locator('main').textContent()).not.toMatch(/\b1 (?:raw )?runs\b/);
    const tpot = page.locator('.h2h tbody td:nth-child(3) a').first();
    const text = (await tpot.textContent())!.trim();
    expect(text).toMatch(/^\d/);
    await tpot.click();
    await page.waitForSelector('.is-target');
    const target = page.locator('.is-target');
    expect(await target.isVisible()).toBe(true);
    expect(await target.textContent()).toMatch(new RegExp(`TPOT.*\\b${text.replace('.', '\\.')}\\b`));
  });

  it('should narrow the home list with facets', async () => {
    const { page } = await site.open('/');
    const visible = () => page.$$eval('[data-card]', (cards) => cards.filter((c) => !(c as HTMLElement).hidden).length);
    const all = await visible();
    await page.check('input[name="hardware"][value="H200"]');
    expect(await visible()).toBe(1);
    expect(await page.locator('[data-card]:not([hidden]) h2 a').getAttribute('href')).toBe('/reports/qwen3.5-35b-a3b/h200-latency/');
    expect(await page.textContent('[data-count]')).toBe(`1 of ${all} reports`);
    await page.click('button[type="reset"]');
    await page.waitForFunction((n) => document.querySelector('[data-count]')?.textContent === `${n} of ${n} reports`, all);
    expect(await visible()).toBe(all);
  });

  it('should copy a code block with its copy button', async () => {
    const { page } = await site.open(report);
    const figure = page.locator('.report-body figure.code').first();
    await figure.locator('.copy-btn').click();
    await page.waitForSelector('.copy-btn[data-copied]');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await figure.locator('pre code').textContent());
    expect(copied.length).toBeGreaterThan(0);
  });

  it('should log no console errors on any page, including with search open', async () => {
    for (const path of [
      '/',
      report,
      '/reports/qwen3.5-35b-a3b/h200-latency/',
      '/verification/',
      '/engines/',
      '/techniques/',
      '/no-such-page/',
    ]) {
      const { page, errors } = await site.open(path);
      if (path === '/') {
        await page.click('[data-search-open]');
        await page.waitForSelector('#search input');
      }
      await page.close();
      expect(
        errors.filter((e) => !(path === '/no-such-page/' && /404/.test(e))),
        path,
      ).toEqual([]);
    }
  });

  it.each([
    ['/', 'light'],
    [report, 'light'],
    [report, 'dark'],
    ['/reports/qwen3.5-35b-a3b/h200-latency/', 'dark'],
    ['/verification/', 'light'],
    ['/techniques/', 'dark'],
    ['/engines/', 'light'],
  ] as const)('should have no serious or critical axe violations on %s (%s)', async (path, colorScheme) => {
    const { page } = await site.open(path, { colorScheme });
    await page.addScriptTag({ content: axe.source });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        );
    });
    expect(violations).toEqual([]);
  });

  it('should run neither script nor handler from the unsafe report', async () => {
    const { page } = await site.open('/reports/fixtures/unsafe-html/');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      return d.dismiss();
    });
    await page.hover('text=hover or click me');
    await page.click('text=hover or click me');
    await page.click('text=raw javascript link');
    await page.click('text=markdown javascript link');
    expect(await page.evaluate(() => (window as unknown as { __perflabXss?: string }).__perflabXss)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  it('should switch theme with the toggle and keep it on the next page', async () => {
    const { page } = await site.open('/', { colorScheme: 'light' });
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bg();
    await page.click('[data-theme-toggle]');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await bg()).not.toBe(light);
    await page.goto(site.origin + report);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
  });

  it('should open search from the keyboard', async () => {
    const { page } = await site.open(report);
    await page.keyboard.press('/');
    await page.waitForSelector('#search input');
    expect(await page.evaluate(() => (document.getElementById('search-dialog') as HTMLDialogElement).open)).toBe(true);
  });

  it('should save screenshots of a report (light and dark) and the home page', async () => {
    for (const [path, colorScheme, name] of [
      [report, 'light', 'report-light.png'],
      [report, 'dark', 'report-dark.png'],
      ['/', 'light', 'home.png'],
      ['/reports/fixtures/mismatch/', 'dark', 'mismatch-dark.png'],
    ] as const) {
      const { page } = await site.open(path, { colorScheme });
      await page.screenshot({ path: join(shots, name), fullPage: name === 'home.png' });
      expect((await page.screenshot()).length).toBeGreaterThan(1000);
    }
  });

  it('should be readable on a phone without horizontal scrolling', async () => {
    const { page } = await site.open(report, { width: 375 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, 'report-phone.png') });
  });
});
