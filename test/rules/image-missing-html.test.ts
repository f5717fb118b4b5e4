// Raw HTML images are checked like Markdown ones: a missing file is an `image-missing` finding at the tag, so the
// "Image not available" box the site shows for it is never silent. Found by the chart work: the box was drawn but
// the check stage, which only read Markdown images, reported nothing.
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaResolver } from '../../src/loader/media.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { renderReport } from '../../src/lib/render/index.js';
import { projectRoot } from '../site/build.js';

/** The text an element holds (its text children, in order). */
const textOf = (e: { children?: unknown[] }): string =>
  (e.children ?? [])
    .map((c) =>
      (c as { type: string; value?: string }).type === 'text' ? (c as { value: string }).value : textOf(c as { children?: unknown[] }),
    )
    .join('');

const dir = mkdtempSync(join(tmpdir(), 'perflab-html-image-'));
const root = join(dir, 'content');
const pagePath = join(root, 'demo', 'page.md');
mkdirSync(join(root, 'demo'), { recursive: true });
copyFileSync(join(projectRoot, 'test', 'fixtures', 'site', 'fixtures', 'assets', 'pixel.png'), join(root, 'demo', 'chart.png'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = [
  '# Optimizing Demo-8B Throughput on H100', // 1
  '',
  'Inline: <img src="chart.png" alt="present"> and <img alt="absent" src="gone.png">.', // 3
  '',
  '<p align="center">', // 5
  '  <img src="chart.png" alt="block present">',
  '  <img',
  '    alt="block absent"', // 8
  "    src='also-gone.png'>",
  '</p>',
  '',
  '<img src="https://example.org/x.png" alt="external"> <img alt="no source">',
  '',
  '```html',
  '<img src="in-code.png">',
  '```',
  '',
].join('\n');
writeFileSync(pagePath, source);

describe('raw HTML images', () => {
  const analysis = analyze(source, relative(root, pagePath), pagePath);
  const [report] = checkAll([analysis]);

  it('should report each missing file and an image with no source at its tag, and neither present, external nor code images', () => {
    const found = report.messages.filter((m) => m.ruleId === 'image-missing').map((m) => `${m.line}:${m.column} ${m.actual}`);
    const noSource = `12:${source.split('\n')[11].indexOf('<img alt') + 1} no source`;
    expect(found).toEqual([`3:${source.split('\n')[2].indexOf('<img alt') + 1} gone.png`, '7:3 also-gone.png', noSource]);
  });

  it('should show the box the finding explains, and the present files', () => {
    const media = mediaResolver('/', projectRoot, pagePath, [root]);
    const tree = fromHtml(renderReport(analysis, report, { pageUrl: () => null, anchors: () => null, image: media.resolve }).html, {
      fragment: true,
    });
    // In each missing image's place, a line for screen readers (the number check lists the file with its finding).
    expect(selectAll('.image-missing', tree).map((e) => textOf(e))).toEqual([
      'Image not available: absent',
      'Image not available: block absent',
      'Image not available: no source',
    ]);
    expect(selectAll('img.report-image', tree).map((e) => String(e.properties.alt))).toEqual(['present', 'block present', 'external']);
  });
});
