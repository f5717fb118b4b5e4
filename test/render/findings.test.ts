import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { renderReport } from '../../src/lib/render/index.js';

const dir = mkdtempSync(join(tmpdir(), 'perflab-site-findings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'docs'));
for (const f of ['docs/chart.svg', 'docs/chart.png', 'docs/run.sh', 'docs/other.md']) writeFileSync(join(dir, f), '# Other\n');

const page = [
  '# Page',
  '',
  '![a chart](chart.svg) and ![another](chart.png)',
  '',
  'See [the script](run.sh), [the other page](other.md) and [nothing](gone.md).',
  '',
].join('\n');

function check() {
  const analyses = [
    analyze(page, 'docs/page.md', join(dir, 'docs/page.md')),
    analyze('# Other\n', 'docs/other.md', join(dir, 'docs/other.md')),
  ];
  return { analyses, reports: checkAll(analyses) };
}

describe('what the site cannot show, in perflab check', () => {
  it('should report an existing image the site does not publish and a link to an existing file that is no page', () => {
    const { reports } = check();
    const found = reports[0].messages
      .filter((m) => m.ruleId.startsWith('site-') || m.ruleId === 'link-unresolved')
      .map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.actual}`);
    expect(found).toEqual(['3:1 site-image-missing chart.svg', '5:5 site-link-unpublished run.sh', '5:58 link-unresolved gone.md']);
  });

  it('should be the places the renderer shows as a placeholder or plain text', () => {
    const { analyses, reports } = check();
    const html = renderReport(analyses[0], reports[0], {
      pageUrl: (p) => (p === 'docs/other.md' ? '/reports/other/' : null),
      anchors: () => new Set(),
      image: (src) => (src === 'chart.png' ? '/media/chart.png' : null),
    }).html;
    expect(html).toContain('Image not available: a chart');
    expect(html).toContain('<span class="link-unavailable" title="Not published on this site: run.sh">the script</span>');
    expect(html).toContain('<a href="/reports/other/">the other page</a>');
  });
});
