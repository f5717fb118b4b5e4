import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { renderReport, type LinkContext } from '../../src/lib/render/index.js';
import { placeClaims, recordMarks } from '../../src/lib/claims/verify/place.js';
import type { Claim } from '../../src/lib/schemas/claim.js';
import type { Report } from '../../src/lib/schemas/report.js';

const links: LinkContext = { pageUrl: () => null, anchors: () => null, image: () => null };

/** A claim at the `n`th occurrence (0-based) of `text` in `source`, as the check stage would make it. */
function claimAt(source: string, text: string, n = 0): Claim {
  let offset = -1;
  for (let i = 0; i <= n; i++) offset = source.indexOf(text, offset + 1);
  const before = source.slice(0, offset).split('\n');
  const line = before.length;
  const column = before.at(-1)!.length + 1;
  return {
    id: `claim-L${line}-C${column}`,
    line,
    column,
    offset,
    end: offset + text.length,
    kind: 'cell-value',
    text,
    stated: Number(text.replace(/[^\d.]/g, '')),
    recomputed: null,
    verdict: 'untraceable',
    formula: null,
    tolerance: null,
    source: null,
    sources: [],
    acknowledged: null,
  };
}

/** The page rendered with these claims, each placed as the check stage places it. */
function render(source: string, claims: Claim[]) {
  const analysis = analyze(source, 'page.md');
  recordMarks(placeClaims(analysis.tree, claims, { text: source, base: 0 }));
  const report: Report = { ...analysis.report, claims };
  return renderReport(analysis, report, links).html;
}

/** The text of the mark with this id, or null. */
function marked(html: string, id: string): string | null {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
}

describe('claim marks on the rendered page', () => {
  it('should mark the occurrence the claim was found at, not the nearest one, after character references', () => {
    // The references shift the rendered text 16 characters left of the source: the second 12.5 is nearer the
    // claim's source column, but the claim is the first one.
    const source = '# T\n\nA &amp;&amp;&amp;&amp;&amp; B: 12.5 x 12.5 again.\n';
    const first = claimAt(source, '12.5', 0);
    const html = render(source, [first]);
    expect(marked(html, first.id)).toBe('12.5');
    expect(html).toMatch(/B: <span class="claim[^>]*>12\.5<span class="sr-only"[^>]*> \([^)]*\)<\/span><\/span> x 12\.5 again\./);
  });

  it('should mark a claim after a backslash escape and on an indented continuation line', () => {
    const source = '# T\n\n- a \\* b: 7.25\n  and then 7.25 more\n';
    const claim = claimAt(source, '7.25', 1);
    const html = render(source, [claim]);
    expect(marked(html, claim.id)).toBe('7.25');
    expect(html).toContain('a * b: 7.25\nand then <span class="claim');
  });

  it('should mark a claim inside a link without nesting a link', () => {
    const source = '# T\n\nSee [the 3.5 result](https://example.org) here.\n';
    const claim = { ...claimAt(source, '3.5'), source: { path: 'page.md', line: 1, metric: 'm', runId: 'run-L1' } };
    const html = render(source, [claim]);
    expect(html).toMatch(/<a href="https:\/\/example.org" rel="noopener">the <span class="claim[^"]*" id="claim-L3-C10" tabindex="0"/);
    expect(html).not.toMatch(/<a [^>]*>[^<]*<a /);
  });

  it('should mark claims in a table cell beside inline HTML, each at its own place', () => {
    const source = '# T\n\n| a | b |\n|---|---|\n| 1.5 | 1.5 <span style="background-color:lightgreen;">(+1.5%)</span> |\n';
    const claims = [claimAt(source, '1.5', 1), claimAt(source, '+1.5%')];
    const html = render(source, claims);
    expect(html).toMatch(new RegExp(`<td>1\\.5</td>\\s*<td><span class="claim[^"]*" id="${claims[0].id}"[^>]*>1\\.5<span`));
    expect(marked(html, claims[1].id)).toBe('+1.5%');
  });
});

describe('placeClaims (the check stage places, the renderer reads the place)', () => {
  it('should not place a claim that spans markup, or one in inline code, and say why', () => {
    const source = '# T\n\nA <b>10</b>.5 and `4.5` here.\n';
    const { tree } = analyze(source, 'p.md');
    const spanning = { ...claimAt(source, '10'), end: source.indexOf('.5 and') + 2, text: '10.5' };
    const placed = placeClaims(tree, [spanning, claimAt(source, '4.5')], { text: source, base: 0 });
    expect(placed.byNode.size).toBe(0);
    expect(placed.unplaced.map((u) => [u.claim.text, u.reason])).toEqual([
      ['10.5', 'it is not plain text of one piece (it spans markup, or stands in code, an image or raw HTML)'],
      ['4.5', 'it is not plain text of one piece (it spans markup, or stands in code, an image or raw HTML)'],
    ]);
  });

  it('should keep the first of two overlapping claims', () => {
    const source = '# T\n\nGain 2.7x faster.\n';
    const { tree } = analyze(source, 'p.md');
    const placed = placeClaims(tree, [claimAt(source, '2.7x faster'), claimAt(source, '7x')], { text: source, base: 0 });
    expect([...placed.byNode.values()].flat().map((p) => p.claim.text)).toEqual(['2.7x faster']);
    expect(placed.unplaced.map((u) => u.reason)).toEqual(['it overlaps another claim']);
  });
});

describe('a claim the site cannot mark', () => {
  it('should be a message of the check stage at the claim, and still a claim', () => {
    const source = [
      '# Optimizing Demo-8B Throughput on H100',
      '',
      '## Conclusion',
      '',
      '| Benchmark Case | baseline | Optimized |',
      '|---|---|---|',
      '| **ShareGPT** | Total TPS: <b>6595</b>.66 | Total TPS: 10426.27 |',
      '',
    ].join('\n');
    const [report] = checkAll([analyze(source, 'demo/h100.md')]);
    const claim = report.claims.find((c) => c.stated === 6595.66);
    expect(claim).toMatchObject({ line: 7, column: 32 });
    const message = report.messages.find((m) => m.ruleId === 'site-claim-unplaced');
    expect(message).toMatchObject({ line: 7, column: 32, severity: 'warning' });
    expect(message?.message).toMatch(/^Claim `6595\.66` cannot be marked on the site: it is not plain text of one piece/);
  });
});
