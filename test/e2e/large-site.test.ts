// A site past the side column's limit (66 reports of 11 models): a report page lists its own model's reports and
// links to the others, each of which opens the home page filtered to that model. Built from copies of a real page.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_FULL } from '../../src/lib/site/tree.js';
import { buildOnce, buildSite, inputHash, projectRoot } from '../site/build.js';
import { CONTENT } from '../helpers/pages.js';
import { hasChromium, siteForTests, startSite } from './browser.js';

const MODELS = 11;
const GPUS = ['H100', 'H200', 'A100', 'L40S', 'B200', 'H20'];

/** The site's folder: `MODELS` x `GPUS` copies of one real report, each under its own model and GPU. */
async function largeSite(): Promise<string> {
  // Named by the inputs' hash, as the main test site: a change to the code or the page builds it again.
  const dir = join(projectRoot, 'test-results', 'large-site', inputHash());
  await buildOnce(dir, (d) => {
    const content = join(d, 'content');
    const page = readFileSync(join(CONTENT, 'qwen3-14b/h100.md'), 'utf8');
    for (let m = 0; m < MODELS; m++) {
      mkdirSync(join(content, `zeta${m}-14b`), { recursive: true });
      for (const gpu of GPUS) {
        const text = page.replaceAll('Qwen3-14B', `Zeta${m}-14B`).replaceAll('H100', gpu);
        writeFileSync(join(content, `zeta${m}-14b`, `${gpu.toLowerCase()}.md`), text);
      }
    }
    buildSite(d, [content]);
    rmSync(content, { recursive: true, force: true });
  });
  return join(dir, 'dist');
}

describe.skipIf(!hasChromium)('the side column of a large site', () => {
  const site = siteForTests({ start: async () => startSite(await largeSite()), timeout: 300_000 });

  it("should list the page's own model and link every other model to the home page filtered to it", async () => {
    expect(MODELS * GPUS.length).toBeGreaterThan(TREE_FULL);
    const { page, errors } = await site.open('/reports/zeta3-14b/h200/');
    const tree = page.locator('nav.tree');
    await expect(tree.locator('summary').textContent()).resolves.toBe('Reports of this model');
    const own = await tree.locator('a[href^="/reports/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(own.sort()).toEqual(GPUS.map((g) => `/reports/zeta3-14b/${g.toLowerCase()}/`).sort());
    await expect(tree.locator('a[aria-current="page"]').getAttribute('href')).resolves.toBe('/reports/zeta3-14b/h200/');
    const others = (await tree.locator('a[href^="/?model="]').allTextContents()).map((t) => t.trim());
    expect(others).toHaveLength(MODELS - 1);
    for (const text of others) expect(text).toMatch(/^\S*Zeta\d+-14B \(6\)$/);
    expect(others.join(' ')).not.toContain('Zeta3-14B');
    await expect(tree.locator('a[href="/"]').textContent()).resolves.toBe(`All ${MODELS * GPUS.length} reports`);

    await tree.locator('a[href^="/?model="]', { hasText: 'Zeta7-14B' }).click();
    await page.waitForURL(/\/\?model=/);
    await expect(page.locator('[data-count]').textContent()).resolves.toBe(`${GPUS.length} of ${MODELS * GPUS.length} reports`);
    const shown = await page
      .locator('[data-card]:not([hidden]) a[href^="/reports/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!.split('/')[2]))]);
    expect(shown).toEqual(['zeta7-14b']);
    expect(errors).toEqual([]);
  });

  it('should fold the column on a phone and open it on a tap', async () => {
    const { page } = await site.open('/reports/zeta0-14b/a100/', { width: 390 });
    const tree = page.locator('nav.tree');
    await expect(tree.locator('details').getAttribute('open')).resolves.toBeNull();
    await tree.locator('summary').click();
    await expect(tree.locator('a[href^="/?model="]').first().isVisible()).resolves.toBe(true);
  });
});
