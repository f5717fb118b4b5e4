// The lines of benchmark output are written as HTML by the renderer itself (`outputLines`), not built as a tree for
// `hast-util-to-html`. These tests hold that writer to the bytes the library gives for the same spans, on every fence
// of the real pages and on generated text full of characters that need escaping.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { metricAnchor, outputLines, type OwnHtml } from '../../src/lib/render/code.js';
import { decorate } from '../../src/lib/render/decorate.js';
import type { Run } from '../../src/lib/schemas/run.js';
import { CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

/** The spans as a tree, the way the renderer built them before it wrote them itself: the reference. */
function lineTree(value: string, firstLine: number, runs: readonly Run[]): ElementContent[] {
  const text = (v: string): ElementContent => ({ type: 'text', value: v });
  const span = (properties: Element['properties'], children: ElementContent[]): Element => ({
    type: 'element',
    tagName: 'span',
    properties,
    children,
  });
  const out: ElementContent[] = [];
  const metricLines = new Map<number, Run>();
  for (const run of runs) for (const m of Object.values(run.metrics)) metricLines.set(m.line, run);
  let group: Element | null = null;
  let groupEnd = 0;
  value.split('\n').forEach((content, i) => {
    const line = firstLine + i;
    if (i > 0) (group ? group.children : out).push(text('\n'));
    const starting = group ? undefined : runs.find((r) => r.line === line);
    if (starting) {
      group = span({ className: ['run', starting.failed ? 'run-failed' : 'run-ok'], id: starting.id, dataLine: line }, []);
      groupEnd = starting.endLine;
      out.push(group);
    }
    const owner = metricLines.get(line);
    const props: Element['properties'] = { className: ['line'], dataLine: line };
    if (owner) props.id = metricAnchor(owner, line);
    (group ? group.children : out).push(span(props, content ? [text(content)] : []));
    if (group && line >= groupEnd) group = null;
  });
  return out;
}

function reference(value: string, firstLine: number, runs: readonly Run[]): { html: string; ids: string[] } {
  const root: Root = { type: 'root', children: lineTree(value, firstLine, runs) };
  const ids: string[] = [];
  visit(root, 'element', (n) => {
    if (n.properties.id) ids.push(String(n.properties.id));
  });
  return { html: toHtml(root), ids };
}

const root = join(import.meta.dirname, '..', '..');
// The fixtures hold the seed pages (test/fixtures/seed-pages/) too.
const pages = [...markdownFiles(CORPUS), ...markdownFiles(join(root, 'test', 'fixtures'))];

describe('outputLines', () => {
  it('should write every fence of the real pages as the serialiser writes the same spans', () => {
    let fences = 0;
    let withRuns = 0;
    for (const file of pages) {
      const a = analyze(readFileSync(file, 'utf8'), relative(root, file), file);
      visit(a.tree, 'code', (node: Code) => {
        const fenceLine = node.position?.start.line;
        if (!fenceLine) return;
        const runs = a.report.runs.filter((r) => r.fenceLine === fenceLine);
        const mine = outputLines(node.value, fenceLine + 1, runs);
        expect(mine, `${a.report.path}:${fenceLine}`).toEqual(reference(node.value, fenceLine + 1, runs));
        fences++;
        if (runs.length > 0) withRuns++;
      });
    }
    expect(fences).toBeGreaterThan(hasCorpus ? 300 : 100);
    expect(withRuns).toBeGreaterThan(hasCorpus ? 150 : 50);
  });

  it('should escape text and ids as the serialiser does, whatever the characters and runs', () => {
    const char = fc.constantFrom('a', '1', ' ', '<', '>', '&', '"', "'", '`', '\0', '\r', '\t', '=', 'é', '💡', '\uD800', '\n');
    const text = fc.array(char, { maxLength: 60 }).map((cs) => cs.join(''));
    const run = fc.record({
      line: fc.integer({ min: 1, max: 14 }),
      length: fc.integer({ min: -20, max: 6 }),
      id: fc.array(char, { minLength: 1, maxLength: 8 }).map((cs) => `run-${cs.join('')}`),
      failed: fc.boolean(),
      metrics: fc.array(fc.integer({ min: 1, max: 16 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 4 }), fc.array(run, { maxLength: 4 }), (value, firstLine, specs) => {
        const runs = specs.map(
          (s) =>
            ({
              id: s.id,
              line: s.line,
              endLine: s.line + s.length,
              failed: s.failed,
              metrics: Object.fromEntries(s.metrics.map((line, i) => [`m${i}`, { line }])),
            }) as unknown as Run,
        );
        expect(outputLines(value, firstLine, runs)).toEqual(reference(value, firstLine, runs));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('raw HTML in the rendered tree', () => {
  it("should serialise only the renderer's own raw nodes as HTML, any other as text", () => {
    const a = analyze('# Page\n\nText.\n', 'docs/page.md');
    const [report] = checkAll([a]);
    const mine = { type: 'raw' as const, value: '<span class="line">1</span>' };
    const foreign = { type: 'raw' as const, value: '<script>alert(1)</script>' };
    const hast: Root = {
      type: 'root',
      children: [{ type: 'element', tagName: 'p', properties: {}, children: [mine, foreign] }],
    };
    const own: OwnHtml = { nodes: new Set([mine]), ids: new Set() };
    decorate(hast, a.tree, report, { pageUrl: () => null, anchors: () => null, image: () => null }, own);
    expect(toHtml(hast, { allowDangerousHtml: true })).toBe('<p><span class="line">1</span>&#x3C;script>alert(1)&#x3C;/script></p>');
  });
});
