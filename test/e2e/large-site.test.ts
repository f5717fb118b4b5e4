// A site past the side column's limit (66 reports of 11 models, and 70 short pages about no one model): a report
// page lists its own model's reports and links to the others, each of which opens the home page filtered to that
// model; a group past the limit shows the page's neighbours and links its paginated list. Built from copies of a
// real page and short notes.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_PAGE } from '../../src/lib/site/listing.js';
import { LIST_PAGE, TREE_FULL } from '../../src/lib/site/tree.js';
import { buildOnce, buildSite, inputHash, projectRoot } from '../site/build.js';
import { SEED_PAGES } from '../helpers/pages.js';
import { hasChromium, siteForTests, startSite } from './browser.js';

const MODELS = 11;
const GPUS = ['H100', 'H200', 'A100', 'L40S', 'B200', 'H20'];
const NOTES = 70;
const TOTAL = MODELS * GPUS.length + NOTES;
const note = (i: number) => `note-${String(i).padStart(3, '0')}`;

/** The site's folder: `MODELS` x `GPUS` copies of one real report, each under its own model and GPU. */
async function largeSite(): Promise<string> {
  // Named by the inputs' hash, as the main test site: a change to the code or the page builds it again.
  const dir = join(projectRoot, 'test-results', 'large-site', inputHash());
  await buildOnce(dir, (d) => {
    const content = join(d, 'content');
    const page = readFileSync(join(SEED_PAGES, 'qwen3-14b/h100.md'), 'utf8');
    for (let m = 0; m < MODELS; m++) {
      mkdirSync(join(content, `zeta${m}-14b`), { recursive: true });
      for (const gpu of GPUS) {
        const text = page.replaceAll('Qwen3-14B', `Zeta${m}-14B`).replaceAll('H100', gpu);
        writeFileSync(join(content, `zeta${m}-14b`, `${gpu.toLowerCase()}.md`), text);
      }
    }
    mkdirSync(join(content, 'notes'), { recursive: true });
    for (let i = 0; i < NOTES; i++) writeFileSync(join(content, 'notes', `${note(i)}.md`), `# Note ${i}\n\nA short note, number ${i}.\n`);
    buildSite(d, [content]);
    rmSync(content, { recursive: true, force: true });
  });
  return join(dir, 'dist');
}

describe.skipIf(!hasChromium)('the side column of a large site', () => {
  const site = siteForTests({ start: async () => startSite(await largeSite()), timeout: 300_000 });

  it("should list the page's own model and link every other model to its list of reports", async () => {
    expect(MODELS * GPUS.length).toBeGreaterThan(TREE_FULL);
    const { page, errors } = await site.open('/reports/zeta3-14b/h200/');
    const tree = page.locator('nav.tree');
    await expect(tree.locator('summary').textContent()).resolves.toBe('Reports of this model');
    const own = await tree.locator('a[href^="/reports/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(own.sort()).toEqual(GPUS.map((g) => `/reports/zeta3-14b/${g.toLowerCase()}/`).sort());
    await expect(tree.locator('a[aria-current="page"]').getAttribute('href')).resolves.toBe('/reports/zeta3-14b/h200/');
    const others = (await tree.locator('a[href^="/models/"]:not([data-model-list])').allTextContents())
      .map((t) => t.trim())
      .filter((t) => !/^(All models|Other pages)/.test(t));
    expect(others).toHaveLength(MODELS - 1);
    for (const text of others) expect(text).toMatch(/^\S*Zeta\d+-14B \(6\)$/);
    expect(others.join(' ')).not.toContain('Zeta3-14B');
    await expect(tree.locator('a[href="/"]', { hasText: /^All/ }).textContent()).resolves.toBe(`All ${TOTAL} reports`);

    await tree.locator('a[href^="/models/"]', { hasText: 'Zeta7-14B' }).click();
    await page.waitForURL(/\/models\/[^/]+\/$/);
    const shown = await page
      .locator('main a[href^="/reports/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!.split('/')[2]))]);
    expect(shown).toEqual(['zeta7-14b']);
    await expect(page.locator('main a[href^="/reports/zeta7-14b/"]').count()).resolves.toBe(GPUS.length);
    expect(errors).toEqual([]);
  });

  it('should fold the column on a phone and open it on a tap', async () => {
    const { page } = await site.open('/reports/zeta0-14b/a100/', { width: 390 });
    const tree = page.locator('nav.tree');
    await expect(tree.locator('details').getAttribute('open')).resolves.toBeNull();
    await tree.locator('summary').click();
    await expect(tree.locator('a[href^="/models/"]').first().isVisible()).resolves.toBe(true);
  });

  it('should show a window of a group past the limit and link every page of the group from its paginated list', async () => {
    expect(NOTES).toBeGreaterThan(TREE_FULL);
    const { page, errors } = await site.open(`/reports/notes/${note(35)}/`);
    const tree = page.locator('nav.tree');
    const listed = await tree.locator('a[href^="/reports/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(listed).toHaveLength(TREE_FULL);
    expect(listed).toContain(`/reports/notes/${note(35)}/`);
    const all = tree.locator('a[data-model-list]');
    await expect(all.textContent()).resolves.toMatch(new RegExp(`^\\s*All ${NOTES} pages about no one model\\s*$`));
    await all.click();
    await page.waitForURL(/\/models\/other-pages\/$/);
    // Every note, on pages of at most LIST_PAGE links to reports, followed by their "Next" links.
    const seen: string[] = [];
    for (;;) {
      const here = await page
        .locator('main a[href^="/reports/"]')
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
      expect(here.length).toBeLessThanOrEqual(LIST_PAGE);
      seen.push(...here);
      const next = page.locator('nav.pager a[rel="next"]');
      if ((await next.count()) === 0) break;
      await next.click();
      await page.waitForLoadState();
    }
    expect([...new Set(seen)].sort()).toEqual(Array.from({ length: NOTES }, (_, i) => `/reports/notes/${note(i)}/`));
    await page.goto(new URL('/models/', page.url()).href);
    await expect(page.locator('a[href="/models/other-pages/"]').textContent()).resolves.toBe('Other pages');
    const zeta = page.locator('main a[href^="/models/"]', { hasText: /^\S*Zeta3-14B$/ });
    await expect(zeta.count()).resolves.toBe(1);
    await zeta.click();
    await page.waitForURL(/\/models\/[^/]+\/$/);
    await expect(page.locator('main a[href^="/reports/zeta3-14b/"]').count()).resolves.toBe(GPUS.length);
    expect(errors).toEqual([]);
  });

  it('should paginate the home list: at most HOME_PAGE cards a page, every report reachable, sort on what is shown', async () => {
    expect(TOTAL).toBeGreaterThan(HOME_PAGE);
    const { page, errors } = await site.open('/');
    const seen: string[] = [];
    let pages = 0;
    for (;;) {
      pages++;
      const here = await page.locator('[data-card] h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(here.length).toBeLessThanOrEqual(HOME_PAGE);
      seen.push(...here);
      // The sort orders the cards shown by what they show.
      await page.selectOption('[data-sort]', 'title');
      const titles = await page.locator('[data-card]').evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.title ?? ''));
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
      const next = page.locator('nav.pager a[rel="next"]');
      if ((await next.count()) === 0) break;
      await next.click();
      await page.waitForLoadState();
    }
    expect(pages).toBe(Math.ceil(TOTAL / HOME_PAGE));
    expect(new Set(seen).size).toBe(TOTAL);
    expect(errors).toEqual([]);
    // The first page's size does not grow with the site: it holds HOME_PAGE cards whatever N is.
    const home = readFileSync(join(site.dist, 'index.html'), 'utf8');
    expect(home.split('<li class="card"').length - 1).toBe(HOME_PAGE);
  });
});
