// The rendered report body has exactly the constructs of its Markdown, counted from the pipeline's mdast.
import { select, selectAll } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './build.js';
import { countNodes, htmlTree, pipelinePages, text } from './helpers.js';

const pages = pipelinePages().filter((p) => p.root === 'seed');
let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

describe.each(pages.map((p) => [p.report.path, p] as const))('%s', (_path, page) => {
  const body = () => selectAll('.report-body', htmlTree(dist, page.url))[0];
  const tree = page.analysis.tree;

  it('should render one <details> per collapsible admonition', () => {
    const expected = countNodes(tree, (n) => n.type === 'admonition' && n.collapsible);
    expect(selectAll('details', body())).toHaveLength(expected);
  });

  it('should render every non-collapsible admonition as a titled div', () => {
    const expected = countNodes(tree, (n) => n.type === 'admonition' && !n.collapsible);
    expect(selectAll('div.admonition', body())).toHaveLength(expected);
  });

  it('should open exactly the ???+ admonitions', () => {
    const expected = countNodes(tree, (n) => n.type === 'admonition' && n.collapsible && n.open);
    expect(selectAll('details[open]', body())).toHaveLength(expected);
  });

  it('should render every table', () => {
    expect(selectAll('table', body())).toHaveLength(countNodes(tree, (n) => n.type === 'table'));
  });

  it('should render every code block with a copy button', () => {
    const expected = countNodes(tree, (n) => n.type === 'code');
    expect(selectAll('figure.code pre', body())).toHaveLength(expected);
    expect(selectAll('figure.code .copy-btn', body())).toHaveLength(expected);
  });

  it('should render every image, or, when the file is missing, only a line for screen readers (the number check lists it)', () => {
    const images = selectAll('img.report-image, .image-missing', body());
    expect(images).toHaveLength(countNodes(tree, (n) => n.type === 'image'));
    for (const img of images) {
      if (img.tagName === 'img') continue;
      // No placeholder box: the text is read out, not shown.
      expect(img.properties.className).toEqual(['image-missing', 'sr-only']);
      expect(text(img)).toMatch(/^Image not available: \S/);
    }
  });

  it('should give every run and every metric line its anchor', () => {
    const html = body();
    for (const run of page.report.runs) {
      const el = selectAll(`[id="${run.id}"]`, html);
      expect(el, run.id).toHaveLength(1);
      for (const m of Object.values(run.metrics))
        expect(selectAll(`[id="${run.id}-m${m.line}"]`, html), `${run.id} line ${m.line}`).toHaveLength(1);
    }
  });

  it('should give headings their MkDocs slugs', () => {
    for (const h of page.report.headings.filter((h) => h.depth > 1)) {
      expect(selectAll(`h${h.depth}[id="${h.slug}"]`, body()), h.text).toHaveLength(1);
    }
  });

  it('should keep benchmark output as plain text and highlight shell and YAML', () => {
    const html = body();
    for (const fig of selectAll('figure.code-output', html)) expect(toHtml(fig)).not.toContain('hljs');
    const fences = countNodes(tree, (n) => n.type === 'code' && /^(bash|sh|shell|yaml|json)$/.test(n.lang ?? ''));
    const withRuns = new Set(page.report.runs.map((r) => r.fenceLine)).size;
    if (fences > withRuns) expect(selectAll('figure.code-source code.hljs', html).length).toBeGreaterThan(0);
  });

  it("should leave benchmark output out of search but its runs' numbers, and keep commands in it", () => {
    const html = body();
    const outputs = selectAll('figure.code-output', html);
    expect(outputs).toHaveLength(new Set(page.report.runs.map((r) => r.fenceLine)).size);
    for (const fig of outputs) {
      // The output as printed (labels on every page) is left out; each run's numbers are indexed, titled, hidden.
      expect(select('pre', fig)!.properties.dataPagefindIgnore, toHtml(fig).slice(0, 80)).toBe('');
      expect(select('figcaption', fig)!.properties.dataPagefindIgnore).toBe('');
      for (const entry of selectAll('[data-find-for]', fig)) {
        expect(entry.properties.hidden).toBe(true);
        expect(String(entry.properties.id)).toBe(`find-${String(entry.properties.dataFindFor)}`);
        expect(String(entry.properties.dataPagefindTitle)).toMatch(/^Raw run at line \d+: [a-z0-9 ]+ \S+/);
      }
    }
    const entries = selectAll('figure.code-output [data-find-for]', html).map((e) => String(e.properties.dataFindFor));
    expect(entries).toEqual(
      page.report.runs.filter((r) => Object.values(r.metrics).some((m) => m.value !== null && Number.isFinite(m.value))).map((r) => r.id),
    );
    const sources = selectAll('figure.code-source', html);
    expect(sources.length).toBeGreaterThan(0);
    for (const fig of sources) expect(fig.properties.dataPagefindIgnore).toBeUndefined();
  });
});
