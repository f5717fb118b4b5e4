// The report charts in Chromium: on a phone (390x844) every chart text renders at 11 CSS px or more and the page
// does not scroll sideways; each chart has an axis with tick labels and its unit; a latency that gets worse is drawn
// in the "bad" colour. A report's own image is shown when its file exists, and the placeholder only when it does not.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../site/build.js';
import { hasChromium, siteForTests } from './browser.js';

const shots = join(projectRoot, 'test-results', 'screenshots');
const report = '/reports/qwen3-32b/h100/';

describe.skipIf(!hasChromium)('report charts in Chromium', () => {
  const site = siteForTests({ shots, timeout: 600_000 });

  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ]) {
    it(`should draw legible charts with axes and units at ${width}x${height}`, async () => {
      const { page, errors } = await site.open(report, { width });
      await page.setViewportSize({ width, height });
      await page.evaluate(() => document.querySelectorAll<HTMLDetailsElement>('details.chart-box').forEach((d) => (d.open = true)));
      const box = page.locator('details.chart-box');
      await box.scrollIntoViewIfNeeded();
      await box.screenshot({ path: join(shots, `chart-${width}.png`) });
      const m = await page.evaluate(() => {
        const texts = [...document.querySelectorAll<SVGTextElement>('svg.chart text')];
        return {
          charts: [...document.querySelectorAll<SVGSVGElement>('svg.chart')].map((svg) => ({
            ticks: [...svg.querySelectorAll('.chart-tick-label')].map((t) => t.textContent),
            grid: svg.querySelectorAll('.chart-grid').length,
            title: svg.querySelector('.chart-axis-title')?.textContent ?? '',
          })),
          // Rendered height of each text box, and its font size times the SVG's scale on screen.
          heights: texts.map((t) => t.getBoundingClientRect().height),
          sizes: texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 0)),
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          // A chart text that leaves its SVG is cut off.
          outside: texts.filter((t) => {
            const r = t.getBoundingClientRect();
            const s = t.ownerSVGElement!.getBoundingClientRect();
            return r.left < s.left - 0.5 || r.right > s.right + 0.5;
          }).length,
          worse: [...document.querySelectorAll('svg.chart rect.bar-optimized.is-worse')].map((r) => getComputedStyle(r).fill),
          better: [...document.querySelectorAll('svg.chart rect.bar-optimized:not(.is-worse)')].map((r) => getComputedStyle(r).fill),
        };
      });
      expect(m.charts.length).toBeGreaterThanOrEqual(2);
      for (const c of m.charts) {
        expect(c.ticks.length).toBeGreaterThanOrEqual(3);
        expect(c.ticks[0]).toBe('0');
        expect(c.grid).toBe(c.ticks.length);
        expect(c.title).toMatch(/\((tok\/s|ms|s)\), (higher|lower) is better$/);
      }
      expect(m.charts.some((c) => c.title.startsWith('Mean TPOT'))).toBe(true);
      // TTFT is read from the full runs the build keeps beside the content store.
      expect(m.charts.some((c) => c.title.startsWith('Mean TTFT'))).toBe(true);
      expect(Math.min(...m.heights)).toBeGreaterThanOrEqual(11);
      expect(Math.min(...m.sizes)).toBeGreaterThanOrEqual(11);
      expect(m.outside).toBe(0);
      expect(m.overflow).toBeLessThanOrEqual(0);
      // This page's TPOT gets worse while its throughput gains: those bars are drawn in another colour.
      expect(m.worse.length).toBeGreaterThan(0);
      expect(new Set(m.worse).size).toBe(1);
      expect(m.better).not.toContain(m.worse[0]);
      expect(errors).toEqual([]);
      console.log(`[e2e] chart text at ${width}x${height}: smallest ${Math.min(...m.sizes).toFixed(1)} CSS px`);
    });
  }

  it("should show a report's own image when its file exists, and name a missing one in the number check", async () => {
    const pageImage = async (path: string) => {
      const { page } = await site.open(path);
      return page.evaluate(async () => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>('.report-body img.report-image')];
        // Lazy images load once near the viewport: load them now, and wait for each to decode (or fail).
        for (const i of imgs) i.loading = 'eager';
        await Promise.all(imgs.map((i) => i.decode().catch(() => undefined)));
        return {
          loaded: imgs.map((i) => i.naturalWidth),
          missing: [...document.querySelectorAll('.report-body .image-missing')].map((e) => e.textContent),
          // A missing image takes no room: it is read out, and the number check lists it.
          boxes: [...document.querySelectorAll('.report-body .image-missing')].map((e) => e.getBoundingClientRect().height),
          listed: [...document.querySelectorAll('.trust-images code')].map((e) => e.textContent),
        };
      });
    };
    const writtenImages = (md: string) =>
      [...readFileSync(md, 'utf8').matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({ alt: m[1], src: m[2] }));

    // A page whose image sits beside it: shown, loaded, no placeholder.
    const withFile = await pageImage('/reports/fixtures/links/');
    const fixture = join(projectRoot, 'test', 'fixtures', 'site', 'fixtures', 'links.md');
    expect(writtenImages(fixture).every((i) => existsSync(resolve(dirname(fixture), i.src)))).toBe(true);
    expect(withFile.loaded.length).toBe(writtenImages(fixture).length);
    for (const w of withFile.loaded) expect(w).toBeGreaterThan(0);
    expect(withFile.missing).toEqual([]);

    // A page whose image file is not there: no broken image and no box; a line for screen readers, and its finding.
    const md = join(projectRoot, 'test', 'fixtures', 'seed-pages', 'qwen3-32b', 'h100.md');
    const written = writtenImages(md);
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((i) => !existsSync(resolve(dirname(md), i.src)))).toBe(true);
    const without = await pageImage(report);
    expect(without.loaded).toEqual([]);
    expect(without.missing).toEqual(written.map((i) => `Image not available: ${i.alt}`));
    for (const h of without.boxes) expect(h).toBeLessThanOrEqual(1);
    expect(without.listed).toEqual(written.map((i) => i.src));
  });
});
