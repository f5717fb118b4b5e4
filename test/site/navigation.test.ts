// A reader in Chromium: every report opens on its Conclusion (desktop and phone), the home list shows its first
// report on a phone's first screen, filters survive a reload with live counts, previous/next follow the report tree,
// and the outline lists the H4 headings and marks the section in view.
import axe from 'axe-core';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listing } from '../../src/lib/site/listing.js';
import { neighbours, reportTree, treeOrder } from '../../src/lib/site/tree.js';
import { hasChromium, siteForTests } from '../e2e/browser.js';
import { projectRoot } from './build.js';
import { pipelinePages } from './helpers.js';

const shots = process.env.PERFLAB_SHOTS ?? join(projectRoot, 'test-results', 'screenshots');
const pages = pipelinePages();
const withConclusion = pages.filter((p) => p.report.conclusion.length > 0);
const tree = reportTree(
  pages.map((p) => listing({ ...p.report, site: { url: p.url, lastUpdated: null, description: '', headings: [] } } as never)),
);
// A page whose outline has H4 headings (profiles, engine baselines under an experiment).
const deep = pages.find((p) => p.report.headings.some((h) => h.depth === 4) && p.report.headings.filter((h) => h.depth <= 3).length > 4)!;

const sizes = [
  { name: 'desktop', width: 1440, height: 900, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

async function view(browser: Browser, size: { width: number; height: number; mobile: boolean }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.mobile,
    hasTouch: size.mobile,
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

it('should have report pages with a Conclusion and one with H4 headings', () => {
  expect(withConclusion.length).toBeGreaterThan(3);
  expect(deep, 'a page with H4 headings').toBeDefined();
});

describe.skipIf(!hasChromium)('moving through the reports in Chromium', () => {
  const site = siteForTests({ shots });

  it.each(sizes)('should show the Conclusion heading on the first screen of every report ($name)', async (size) => {
    const page = await view(site.browser, size);
    const late: string[] = [];
    for (const p of withConclusion) {
      await page.goto(site.origin + p.url);
      const at = await page.evaluate(() => {
        const h = document.querySelector('.report-body h2');
        return { text: h?.textContent?.trim() ?? '', top: h?.getBoundingClientRect().top ?? Infinity };
      });
      expect(at.text, p.url).toMatch(/conclusion/i);
      if (at.top >= size.height) late.push(`${p.url}: ${Math.round(at.top)} px`);
    }
    await page.screenshot({ path: join(shots, `navigation-report-${size.width}.png`) });
    await page.context().close();
    expect(late).toEqual([]);
  });

  it('should show the first report card on the first screen of a phone', async () => {
    const page = await view(site.browser, sizes[1]);
    await page.goto(site.origin + '/');
    const top = await page.evaluate(() => document.querySelector('[data-card]')!.getBoundingClientRect().top);
    await page.screenshot({ path: join(shots, 'navigation-home-390.png') });
    await page.context().close();
    expect(top).toBeLessThan(844);
  });

  it('should keep a filter in the address across a reload, with counts that follow the filters', async () => {
    const { page } = await site.open('/');
    const visible = () => page.$$eval('[data-card]', (cards) => cards.filter((c) => !(c as HTMLElement).hidden).length);
    const countOf = (name: string, value: string) =>
      page.$eval(`input[name="${name}"][value="${value}"]`, (i) => i.parentElement!.querySelector('[data-facet-count]')!.textContent);
    const all = await visible();
    const hardware = await page.$$eval('input[name="hardware"]', (is) => is.map((i) => (i as HTMLInputElement).value));
    const objectives = await page.$$eval('input[name="objective"]', (is) => is.map((i) => (i as HTMLInputElement).value));
    expect(hardware.length).toBeGreaterThan(1);
    const before = await Promise.all(objectives.map((o) => countOf('objective', o)));
    await page.check('input[name="hardware"][value="H200"]');
    const shown = await visible();
    expect(shown).toBeLessThan(all);
    expect(page.url()).toContain('hardware=H200');
    // The objective counts now count the H200 reports only: they add up to what is shown.
    const after = await Promise.all(objectives.map((o) => countOf('objective', o)));
    expect(after).not.toEqual(before);
    expect(after.reduce((n, t) => n + Number(t!.replace(/\D/g, '')), 0)).toBeLessThanOrEqual(shown);
    await page.reload();
    expect(await page.isChecked('input[name="hardware"][value="H200"]')).toBe(true);
    expect(await visible()).toBe(shown);
    expect(await page.textContent('[data-count]')).toBe(`${shown} of ${all} reports`);
    await page.click('button[type="reset"]');
    await page.waitForFunction(() => location.search === '');
    expect(await visible()).toBe(all);
  });

  it('should link each report to its neighbours in the report tree, both ways', async () => {
    const { page } = await site.open(withConclusion[0].url);
    for (const p of pages) {
      await page.goto(site.origin + p.url);
      const links = await page.evaluate(() => ({
        prev: document.querySelector('[data-prev]')?.getAttribute('href') ?? null,
        next: document.querySelector('[data-next]')?.getAttribute('href') ?? null,
        current: document.querySelector('.tree a[aria-current="page"]')?.getAttribute('href') ?? null,
      }));
      const n = neighbours(tree, p.report.slug);
      expect(links, p.url).toEqual({ prev: n.prev?.url ?? null, next: n.next?.url ?? null, current: p.url });
    }
    // Following "next" lands on a page whose "previous" comes back.
    await page.goto(site.origin + withConclusion[0].url);
    const next = await page.getAttribute('[data-next]', 'href');
    if (next) {
      await page.click('[data-next]');
      await page.waitForURL(`**${next}`);
      expect(await page.getAttribute('[data-prev]', 'href')).toBe(withConclusion[0].url);
    }
  });

  it('should show the current report in the side column of a wide screen, even at the end of the tree', async () => {
    const last = treeOrder(tree).at(-1)!;
    // A short window, so that the column scrolls.
    const page = await view(site.browser, { width: 1440, height: 420, mobile: false });
    await page.goto(site.origin + last.url);
    const at = await page.evaluate(() => {
      const tree = document.querySelector('.tree')!;
      const column = tree.getBoundingClientRect();
      const link = tree.querySelector('a[aria-current="page"]')!.getBoundingClientRect();
      return {
        inside: link.top >= column.top && link.bottom <= column.bottom,
        height: link.height,
        scrolls: tree.scrollHeight > tree.clientHeight,
      };
    });
    await page.context().close();
    expect(at.scrolls).toBe(true);
    expect(at.height).toBeGreaterThan(0);
    expect(at.inside).toBe(true);
  });

  it('should list the H4 headings in the outline and mark the section scrolled to', async () => {
    const { page } = await site.open(deep.url, { width: 1440 });
    const hrefs = await page.$$eval('[data-toc] a', (as) => as.map((a) => a.getAttribute('href')));
    for (const h of deep.report.headings.filter((x) => x.depth >= 2 && x.depth <= 4)) expect(hrefs).toContain(`#${h.slug}`);
    expect(await page.$$eval('[data-toc] li.d4', (l) => l.length)).toBeGreaterThan(0);
    expect(await page.getAttribute('[data-toc] a[aria-current]', 'href')).toBe(hrefs[0]);
    const target = deep.report.headings.filter((x) => x.depth >= 2 && x.depth <= 4).at(-2)!;
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView({ block: 'start' }), target.slug);
    await page.waitForFunction(
      (href) => document.querySelector('[data-toc] a[aria-current]')?.getAttribute('href') === href,
      `#${target.slug}`,
      { timeout: 5000 },
    );
    await page.screenshot({ path: join(shots, 'navigation-toc-1440.png') });
  });

  it.each(['throughput', 'latency'])('should sort by %s gain within that kind only, on the page as in the listing', async (kind) => {
    const { page } = await site.open('/');
    await page.selectOption('[data-sort]', kind);
    const cards = await page.$$eval('[data-card]', (cs) =>
      cs.map((c) => ({ kind: (c as HTMLElement).dataset.gainKind, gain: Number((c as HTMLElement).dataset.gain || 0) })),
    );
    const kinds = cards.map((c) => c.kind);
    const ofKind = cards.filter((c) => c.kind === kind);
    // The chosen kind first, each kind in one run, highest gain first within it.
    expect(kinds.slice(0, ofKind.length).every((k) => k === kind)).toBe(true);
    expect(ofKind.map((c) => c.gain)).toEqual([...ofKind.map((c) => c.gain)].sort((a, b) => b - a));
    const other = cards.filter((c) => c.kind && c.kind !== kind);
    expect(other.map((c) => c.gain)).toEqual([...other.map((c) => c.gain)].sort((a, b) => b - a));
    expect(kinds.slice(ofKind.length + other.length).every((k) => !k)).toBe(true);
    // The default order (throughput) keeps the address clean; another is kept in it.
    if (kind === 'throughput') expect(page.url()).not.toContain('sort=');
    else expect(page.url()).toContain(`sort=${kind}`);
  });

  it.each(['/', withConclusion[0]?.url ?? '/'])('should have no serious or critical axe violations on %s at 390 px', async (path) => {
    const page = await view(site.browser, sizes[1]);
    await page.goto(site.origin + path);
    await page.addScriptTag({ content: axe.source });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
    });
    await page.context().close();
    expect(violations).toEqual([]);
  });
});
