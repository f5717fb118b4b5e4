// The report page on a phone, on the real pages (the seed pages and ../shared/corpus): the Conclusion is on the first screen
// of every optimization report at 390 x 844, under a one-row header, with the facts and the number check folded to a
// line each and no box for a missing image; a wide screen still shows them open. Axe finds nothing serious, the
// controls above the Conclusion are at least 24 px, and the acknowledged 8424.86 has one status on the page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildOnce, buildSite, inputHash, projectRoot } from '../site/build.js';
import { CORPUS, hasCorpus } from '../helpers/pages.js';
import { axeViolations, hasChromium, siteForTests, startSite } from './browser.js';

const shots = process.env.PERFLAB_SHOTS ?? join(projectRoot, 'test-results', 'screenshots');
const CORPUS_ROOT = '../shared/corpus';

/** The site of the seed pages (test/fixtures/seed-pages/) and the corpus, built once per change of the code, the content or the corpus. */
async function realSite(): Promise<string> {
  const dir = join(
    projectRoot,
    'test-results',
    'real-site',
    inputHash([...['test/fixtures/seed-pages', 'src', 'public', 'astro.config.mjs'], CORPUS_ROOT]),
  );
  await buildOnce(dir, (d) => buildSite(d, ['test/fixtures/seed-pages', CORPUS_ROOT]));
  return join(dir, 'dist');
}

/** The top of the report body's Conclusion heading, the header's height and rows, and the page's width. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const conclusion = [...document.querySelectorAll('.report-body h2')].find((h) => /^\s*conclusion/i.test(h.textContent ?? ''));
    const header = document.querySelector('.site-header')!;
    const tops = new Set(
      [...header.querySelectorAll('.brand, .site-nav, .icon-btn')].map((e) => Math.round(e.getBoundingClientRect().top / 8)),
    );
    return {
      conclusion: conclusion ? conclusion.getBoundingClientRect().top : null,
      header: header.getBoundingClientRect().height,
      headerRows: tops.size,
      scrollWidth: document.documentElement.scrollWidth,
      imageBoxes: [...document.querySelectorAll('.report-body .image-missing')].map((e) => e.getBoundingClientRect().height),
    };
  });

if (!hasCorpus) console.warn('[e2e] SKIPPED: the phone layout tests need ../shared/corpus');

describe.skipIf(!hasChromium || !hasCorpus)('the report page on a phone, on the real pages', () => {
  const site = siteForTests({ start: async () => startSite(await realSite()), timeout: 600_000, shots });
  const phone = async (path: string, colorScheme: 'light' | 'dark' = 'light') => {
    // No smooth scrolling: positions are read right after a jump (a smooth scroll would still be under way).
    const context = await site.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(site.origin + path);
    return page;
  };
  const reports = () => {
    const list = JSON.parse(readFileSync(join(site.dist, 'data', 'reports.json'), 'utf8')) as Array<{ url: string; kind: string }>;
    // Essays and engine baselines have no Conclusion leading the page (an essay's comes at its end): not measured.
    const others = list.filter((r) => r.kind !== 'report');
    if (others.length)
      console.info(`[e2e] not an optimization report, Conclusion not measured: ${others.map((r) => `${r.url} (${r.kind})`).join(', ')}`);
    return list.filter((r) => r.kind === 'report');
  };

  it('should put the Conclusion on the first screen of every report at 390 x 844, under a one-row header', async () => {
    const list = reports();
    expect(list.length).toBeGreaterThan(10);
    for (const { url } of list) {
      const page = await phone(url);
      const l = await layout(page);
      expect(l.conclusion, `${url}: Conclusion heading`).not.toBeNull();
      expect(l.conclusion!, `${url}: Conclusion top`).toBeLessThan(450);
      expect(l.headerRows, `${url}: header rows`).toBe(1);
      expect(l.header, `${url}: header height`).toBeLessThan(60);
      expect(l.scrollWidth, `${url}: no sideways scroll`).toBeLessThanOrEqual(390);
      for (const h of l.imageBoxes) expect(h, `${url}: a missing image takes no room`).toBeLessThanOrEqual(1);
      await page.context().close();
    }
  });

  it('should fold the facts and the number check to one line each on a phone and show them open on a wide screen', async () => {
    const path = '/reports/qwen3-14b/h100/';
    const page = await phone(path);
    const folded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLDetailsElement>('.facts-box, .trust-box')].map((d) => ({
        open: d.open,
        height: d.getBoundingClientRect().height,
      })),
    );
    expect(folded).toHaveLength(2);
    for (const f of folded) {
      expect(f.open).toBe(false);
      expect(f.height).toBeLessThan(64);
    }
    // The missing image is listed in the number check, as its finding.
    await page.click('.trust-line');
    await expect(page.locator('.trust-images').textContent()).resolves.toContain('qwen3-14b-h100.png');
    await page.context().close();
    const { page: wide } = await site.open(path, { width: 1440 });
    const open = await wide.evaluate(() => [...document.querySelectorAll<HTMLDetailsElement>('.facts-box, .trust-box')].map((d) => d.open));
    expect(open).toEqual([true, true]);
    expect(await wide.locator('dl.facts').isVisible()).toBe(true);
    expect(await wide.locator('.facts-line').isVisible()).toBe(false);
    await wide.context().close();
  });

  it('should pass axe and keep every control above the Conclusion at least 24 px, light and dark, phone and desktop', async () => {
    const path = '/reports/qwen3-14b/h100/';
    for (const scheme of ['light', 'dark'] as const) {
      const page = await phone(path, scheme);
      expect(await axeViolations(page), `phone ${scheme}`).toEqual([]);
      const small = await page.evaluate(() => {
        const end = [...document.querySelectorAll('.report-body h2')][0]?.getBoundingClientRect().top ?? innerHeight;
        return [...document.querySelectorAll<HTMLElement>('header a, header button, article summary, .crumbs a')]
          .map((e) => ({ e, r: e.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.bottom <= end && r.right > 0 && r.left < innerWidth)
          .filter(({ r }) => r.height < 24 || r.width < 24)
          .map(({ e, r }) => `${e.textContent?.trim().slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`);
      });
      // The breadcrumb link is text in a sentence (WCAG 2.5.8's inline exception); everything else is 24 px or more.
      expect(small.filter((s) => !s.startsWith('Reports '))).toEqual([]);
      await page.screenshot({ path: join(shots, `report-phone-${scheme}.png`) });
      await page.context().close();
      const { page: wide } = await site.open(path, { width: 1440, colorScheme: scheme });
      await wide.setViewportSize({ width: 1440, height: 900 });
      expect(await axeViolations(wide), `desktop ${scheme}`).toEqual([]);
      await wide.screenshot({ path: join(shots, `report-desktop-${scheme}.png`) });
      await wide.context().close();
    }
  });

  it('should give the acknowledged 8424.86 one status on the page with the corpus present', async () => {
    const page = await phone('/reports/qwen3-14b/h100/');
    const mark = page.locator('a.claim', { hasText: '8424.86' }).first();
    await expect(mark.getAttribute('data-grade')).resolves.toBe('acknowledged');
    const panel = (await page.locator('.trust').textContent()) ?? '';
    expect(panel).not.toMatch(/unacknowledged error/);
    // The site's list of findings shows it acknowledged under each rule it has with the corpus.
    const verification = readFileSync(join(site.dist, 'verification', 'index.html'), 'utf8');
    expect(verification).toContain('claim-other-page');
    expect(existsSync(CORPUS)).toBe(true);
    await page.context().close();
  });

  it('should open /engines/ on the workload a reader picks, from a shared address or the picker, within one screen', async () => {
    const page = await phone('/engines/?model=Qwen3-14B&accelerator=1x%20H100');
    const shown = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-h2h]')]
          .filter((b) => !b.hidden)
          .map((b) => ({ model: b.dataset.model, accelerator: b.dataset.accelerator, top: b.getBoundingClientRect().top })),
      );
    const picked = await shown();
    expect(picked.length).toBeGreaterThan(0);
    for (const b of picked) expect([b.model, b.accelerator]).toEqual(['Qwen3-14B', '1x H100']);
    // The answer is on the first screen: the workload's table starts inside the viewport.
    expect(picked[0].top).toBeGreaterThan(0);
    expect(picked[0].top).toBeLessThan(844);
    await expect(page.locator('[data-h2h]:not([hidden]) td a').first().isVisible()).resolves.toBe(true);
    // The picker changes what is shown and the address, so the link can be shared.
    await page.selectOption('select[name="accelerator"]', '1x A100');
    expect(new URL(page.url()).searchParams.get('accelerator')).toBe('1x A100');
    for (const b of await shown()) expect([b.model, b.accelerator]).toEqual(['Qwen3-14B', '1x A100']);
    // The explorer's name of a workload and the report's own: the Conclusion case whose cells cite the run.
    await page.selectOption('select[name="dataset"]', 'random 128 in / 4 out');
    await expect(page.locator('[data-h2h]:not([hidden]) .h2h-case').textContent()).resolves.toMatch(/Called\s+.?Short Prompt.?\s+in/);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
    // A jump link per model and accelerator leads to its first workload, shown even when another pick hid it.
    const all = await phone('/engines/?model=GLM-4.5-Air');
    const jump = all.locator('[data-h2h-jump]', { hasText: 'Qwen3-14B on 1x H100' });
    await jump.click();
    const id = decodeURIComponent(((await jump.getAttribute('href')) ?? '').slice(1));
    const target = all.locator(`[id="${id}"]`);
    expect(await target.isVisible()).toBe(true);
    expect(await target.getAttribute('data-model')).toBe('Qwen3-14B');
    await all.context().close();
  });
});
