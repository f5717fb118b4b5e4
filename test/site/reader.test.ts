// The site for a reader, in Chromium: a wrong number shows its recomputed value, a tap on a mark explains it without
// leaving the place (and stays on screen), a jump to a number or a raw line lands below the sticky header, marks are
// graded and linked to /checks/, and /verification/ reads as plain words on a phone.
import axe from 'axe-core';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimGrade, correction, gradeOrder } from '../../src/lib/site/claims.js';
import { pageTitle } from '../../src/lib/site/describe.js';
import { hasChromium, siteForTests } from '../e2e/browser.js';
import { projectRoot } from './build.js';
import { htmlTree, ids, pipelinePages } from './helpers.js';

const shots = process.env.PERFLAB_SHOTS ?? join(projectRoot, 'test-results', 'screenshots');
const pages = pipelinePages();
// A page with a number stated wrongly (the seed pages keep acknowledged ones on purpose), and that number.
const wrongPage = pages.find((p) => p.report.claims.some((c) => correction(c) !== null && c.source))!;
const wrong = wrongPage.report.claims.find((c) => correction(c) !== null && c.source)!;

/** A phone: 390 x 844, touch, no smooth scrolling (the test reads positions right after a jump). */
async function phone(browser: Browser, origin: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(origin + path);
  return page;
}

/** Where an element is in the viewport, and where the sticky header ends. */
const placement = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      headerBottom: header.bottom,
      height: innerHeight,
      width: innerWidth,
    };
  }, selector);

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  });
}

it('should have a wrongly stated number to show', () => {
  expect(wrong, 'a claim with a recomputed value on the site content').toBeDefined();
});

describe.skipIf(!hasChromium)('the site for a reader in Chromium', () => {
  const site = siteForTests({ shots });

  it('should show the recomputed value right after a wrong number', async () => {
    const { page } = await site.open(wrongPage.url);
    const next = await page.evaluate((id) => {
      const mark = document.getElementById(id)!;
      const el = mark.nextElementSibling as HTMLElement;
      return { cls: el.className, text: el.textContent, visible: el.offsetWidth > 0 };
    }, wrong.id);
    expect(next).toEqual({ cls: 'claim-expected', text: `→ ${correction(wrong)}`, visible: true });
  });

  it('should land a jump to a number below the sticky header on a phone, highlighted', async () => {
    const page = await phone(site.browser, site.origin, `${wrongPage.url}#${wrong.id}`);
    await page.waitForFunction((id) => document.querySelector(':target')?.id === id, wrong.id);
    await page.waitForTimeout(200);
    const at = await placement(page, `[id="${wrong.id}"]`);
    expect(at.top).toBeGreaterThanOrEqual(at.headerBottom);
    expect(at.bottom).toBeLessThanOrEqual(at.height);
    expect(at.left).toBeGreaterThanOrEqual(0);
    const outline = await page.$eval(`[id="${wrong.id}"]`, (el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.screenshot({ path: join(shots, 'reader-jump-390.png') });
    await page.context().close();
  });

  it('should land a jump to a raw line below the sticky header on a phone, highlighted', async () => {
    const tree = htmlTree(site.dist, wrongPage.url);
    const href = (await import('hast-util-select')).select(`[id="${wrong.id}"]`, tree)!.properties.href as string;
    expect(href).toMatch(/^#run-L\d+/);
    const page = await phone(site.browser, site.origin, `${wrongPage.url}${href}`);
    await page.waitForFunction((id) => document.getElementById(id)?.classList.contains('is-target'), href.slice(1));
    await page.waitForTimeout(200);
    const at = await placement(page, `[id="${href.slice(1)}"]`);
    expect(at.top).toBeGreaterThanOrEqual(at.headerBottom);
    expect(at.bottom).toBeLessThanOrEqual(at.height);
    await page.context().close();
  });

  it('should explain a tapped mark on a phone without leaving the place, inside the screen', async () => {
    const page = await phone(site.browser, site.origin, wrongPage.url);
    // The page's marks, rightmost first: the ones most likely to push an explanation off screen.
    const marks = await page.evaluate(() =>
      [...document.querySelectorAll('.report-body .claim[id]')]
        .map((e) => ({ id: e.id, right: e.getBoundingClientRect().right }))
        .sort((a, b) => b.right - a.right)
        .slice(0, 4)
        .map((m) => m.id),
    );
    expect(marks.length).toBeGreaterThan(0);
    for (const id of [...marks, wrong.id]) {
      await page.$eval(`[id="${id}"]`, (el) => el.scrollIntoView({ block: 'center' }));
      const url = page.url();
      const y = await page.evaluate(() => scrollY);
      await page.tap(`[id="${id}"]`);
      await page.waitForSelector('#claim-tip:not([hidden])');
      expect(page.url()).toBe(url);
      expect(await page.evaluate(() => scrollY)).toBe(y);
      const tip = await placement(page, '#claim-tip');
      expect(tip.left, id).toBeGreaterThanOrEqual(0);
      expect(tip.right, id).toBeLessThanOrEqual(tip.width);
      expect(tip.top, id).toBeGreaterThanOrEqual(0);
      expect(tip.bottom, id).toBeLessThanOrEqual(tip.height);
      const content = await page.$eval('#claim-tip', (el) => ({
        text: el.querySelector('p')!.textContent,
        links: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')!),
      }));
      const mark = await page.$eval(`[id="${id}"]`, (el) => ({
        tip: (el as HTMLElement).dataset.tip,
        grade: (el as HTMLElement).dataset.grade,
      }));
      expect(content.text).toBe(mark.tip);
      expect(content.links).toContain(`/checks/#${mark.grade}`);
    }
    await page.screenshot({ path: join(shots, 'reader-tap-390.png') });
    // A tap elsewhere closes it.
    await page.tap('h1');
    expect(await page.$eval('#claim-tip', (el) => (el as HTMLElement).hidden)).toBe(true);
    await page.context().close();
  });

  it('should explain a hovered mark on a desktop with a link to how numbers are checked', async () => {
    const { page } = await site.open(wrongPage.url, { width: 1440 });
    await page.$eval(`[id="${wrong.id}"]`, (el) => el.scrollIntoView({ block: 'center' }));
    await page.hover(`[id="${wrong.id}"]`);
    await page.waitForSelector('#claim-tip:not([hidden])');
    const grade = claimGrade(wrong);
    expect(await page.$$eval('#claim-tip a', (as) => as.map((a) => a.getAttribute('href')))).toContain(`/checks/#${grade}`);
    // The pointer can move onto the explanation to follow its link.
    await page.hover('#claim-tip a[href^="/checks/"]');
    await page.waitForTimeout(400);
    expect(await page.$eval('#claim-tip', (el) => (el as HTMLElement).hidden)).toBe(false);
  });

  it('should link the trust summary and every grade to /checks/, which explains each grade', async () => {
    const tree = htmlTree(site.dist, '/checks/');
    const anchors = ids(tree);
    for (const g of gradeOrder) expect(anchors.has(g), g).toBe(true);
    const { page } = await site.open(wrongPage.url);
    const links = await page.$$eval('.trust a[href^="/checks/"]', (as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('/checks/');
    for (const g of gradeOrder) expect(links).toContain(`/checks/#${g}`);
    // Counted apart: the summary names each grade the page has.
    const summary = await page.textContent('[data-trust-summary]');
    expect(summary).toMatch(/numbers? verified/);
  });

  it('should read /verification/ as plain words on a phone: titles, sorted, grouped, no sideways scroll', async () => {
    const page = await phone(site.browser, site.origin, '/verification/');
    const view = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: innerWidth,
      text: document.querySelector('main')!.textContent!,
      titles: [...document.querySelectorAll('main h2')].map((h) => h.textContent!.trim()),
      wheres: [...document.querySelectorAll('.finding-where')].map((a) => ({ text: a.textContent!.trim(), href: a.getAttribute('href')! })),
      inMessages: [...document.querySelectorAll('.finding-message a')].map((a) => a.getAttribute('href')!),
      groups: [...document.querySelectorAll('.verification-report')].map((s) =>
        [...s.querySelectorAll('.finding-group')].map((g) => ({
          group: (g as HTMLElement).dataset.group,
          severities: [...g.querySelectorAll('.finding')].map((f) =>
            f.hasAttribute('data-acknowledged')
              ? `acknowledged ${(f as HTMLElement).dataset.severity}`
              : (f as HTMLElement).dataset.severity!,
          ),
        })),
      ),
    }));
    expect(view.scroll).toBeLessThanOrEqual(view.width);
    expect(view.text).not.toContain('`');
    // Reports are named by title, never by the path the build read them from.
    for (const p of pages) expect(view.text).not.toContain(`${p.root}/${p.report.path}`);
    expect(view.text).not.toMatch(/\b1 findings\b|\b1 errors\b|\b1 reports\b/);
    expect(view.text).not.toMatch(/line \d+:\d+/);
    expect(new Set(view.titles)).toEqual(new Set(pages.map((p) => pageTitle(p.report))));
    expect(view.wheres.length).toBeGreaterThan(0);
    for (const w of view.wheres) {
      expect(w.text).toMatch(/^line \d+$/);
      const [url, id] = w.href.split('#');
      if (id) expect(ids(htmlTree(site.dist, url)).has(id), w.href).toBe(true);
    }
    // The lines and reports a message names link to places that exist.
    for (const href of view.inMessages) {
      const [url, id] = href.split('#');
      expect(href).toMatch(/^\/reports\//);
      if (id) expect(ids(htmlTree(site.dist, url)).has(id), href).toBe(true);
    }
    const order = ['numbers', 'runs', 'structure'];
    for (const groups of view.groups) {
      const names = groups.map((g) => g.group!);
      expect(names).toEqual([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      // Errors before warnings before notes within a group, acknowledged findings last.
      const rank = ['error', 'warning', 'info', 'acknowledged error', 'acknowledged warning', 'acknowledged info'];
      for (const g of groups) expect(g.severities).toEqual([...g.severities].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)));
    }
    await page.screenshot({ path: join(shots, 'reader-verification-390.png') });
    await page.context().close();
  });

  it.each(['/checks/', '/verification/'])('should have no serious or critical axe violations on %s at 390 px', async (path) => {
    const page = await phone(site.browser, site.origin, path);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
