// A report's own chart image: shown when its file exists beside the page (however the page spells the path), an
// "Image not available" box only when the file truly is missing or is not an image the site publishes, and then
// always with the check stage's `image-missing` / `site-image-missing` at the same place.
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaResolver, publishableImage } from '../../src/loader/media.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { renderReport } from '../../src/lib/render/index.js';
import { projectRoot } from './build.js';

/** The text an element holds (its text children, in order). */
const textOf = (e: { children?: unknown[] }): string =>
  (e.children ?? [])
    .map((c) =>
      (c as { type: string; value?: string }).type === 'text' ? (c as { value: string }).value : textOf(c as { children?: unknown[] }),
    )
    .join('');

const pixel = join(projectRoot, 'test', 'fixtures', 'site', 'fixtures', 'assets', 'pixel.png');
const dir = mkdtempSync(join(tmpdir(), 'perflab-chart-image-'));
const root = join(dir, 'content');
const pagePath = join(root, 'demo-8b', 'h100.md');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Files beside the page (and one folder down): the page's own chart in several spellings, plus an SVG.
for (const f of ['demo-8b-h100.png', 'charts/tps chart.png', 'SHOUT.PNG']) {
  mkdirSync(dirname(join(root, 'demo-8b', f)), { recursive: true });
  copyFileSync(pixel, join(root, 'demo-8b', f));
}
writeFileSync(join(root, 'demo-8b', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

/** alt text -> the path as the page writes it. */
const images: Record<string, string> = {
  own: 'demo-8b-h100.png',
  'dot-slash': './demo-8b-h100.png',
  'escaped space': 'charts/tps%20chart.png',
  'angle brackets': '<charts/tps chart.png>',
  'upper-case extension': 'SHOUT.PNG',
  'with query and anchor': 'demo-8b-h100.png?raw=true#top',
  'upstream layout': '../../assets/performance-lab/demo-8b-h100.png',
  gone: 'gone.png',
  'not raster': 'icon.svg',
};
const source = [
  '# Optimizing Demo-8B Throughput on H100',
  '',
  ...Object.entries(images).flatMap(([alt, src]) => [`![${alt}](${src})`, '']),
  '![by reference][fig]',
  '',
  '[fig]: demo-8b-h100.png',
  '',
].join('\n');
writeFileSync(pagePath, source);

const analysis = analyze(source, relative(root, pagePath), pagePath);
const [report] = checkAll([analysis]);
const media = mediaResolver('/', projectRoot, pagePath, [root]);
const html = renderReport(analysis, report, { pageUrl: () => null, anchors: () => null, image: media.resolve }).html;
const tree = fromHtml(html, { fragment: true });
const shown = selectAll('img.report-image', tree);
const boxes = selectAll('.image-missing', tree);
// An image's alt; for a missing image, the line read to screen readers in its place (the box was dropped: the
// number check lists the missing file with its finding).
const label = (e: Element) => String(e.properties.alt ?? e.properties.ariaLabel ?? textOf(e));

/** Whether the site may publish the file a written path names (decoded, without query or anchor, `<...>` unwrapped). */
const publishable = (src: string) => {
  const path = decodeURIComponent(src.replace(/^<(.*)>$/, '$1').split(/[?#]/)[0]);
  return publishableImage(resolve(dirname(pagePath), path), [root]) !== null;
};

describe("a report's own chart image", () => {
  it('should be shown wherever its file exists beside the page, however the path is spelled', () => {
    const want = [...Object.entries(images).filter(([, src]) => publishable(src)), ['by reference', 'demo-8b-h100.png']];
    expect(want.length).toBeGreaterThan(5);
    expect(shown.map(label).sort()).toEqual(want.map(([alt]) => alt).sort());
    for (const img of shown) {
      const src = String(img.properties.src);
      expect(src, label(img)).toMatch(/^\/media\/[0-9a-f]{10}\/[^/]+$/);
      const file = media.published().find((m) => m.url === src)?.file;
      expect(file, label(img)).toBeDefined();
      expect(existsSync(resolve(projectRoot, file!))).toBe(true);
    }
  });

  it('should say "Image not available" only for a file that is missing or not published, each with its finding', () => {
    const missing = Object.entries(images).filter(([, src]) => !publishable(src));
    expect(missing.map(([alt]) => alt).sort()).toEqual(['gone', 'not raster', 'upstream layout']);
    expect(boxes.map(label).sort()).toEqual(missing.map(([alt]) => `Image not available: ${alt}`).sort());
    // The check stage says so at each box: a missing file is `image-missing`, an SVG is `site-image-missing`.
    const findings = report.messages.filter((m) => m.ruleId === 'image-missing' || m.ruleId === 'site-image-missing');
    const lineOf = (alt: string) => source.split('\n').findIndex((l) => l.startsWith(`![${alt}]`)) + 1;
    expect(findings.map((m) => `${m.line} ${m.ruleId}`).sort()).toEqual(
      [
        `${lineOf('gone')} image-missing`,
        `${lineOf('upstream layout')} image-missing`,
        `${lineOf('not raster')} site-image-missing`,
      ].sort(),
    );
  });
});
