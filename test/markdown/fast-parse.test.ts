/**
 * The fast reading (fence bodies left out of what micromark reads, then put back) gives the very tree of the slow
 * reading: deep-equal, positions included, frontmatter and messages too. On every real page, on seeded pages of
 * nasty nesting, on real pages with random line edits, and on the fuzz generator's pages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { elide, restore } from '../../src/lib/markdown/fast.js';
import { findCertainFences } from '../../src/lib/markdown/fences.js';
import { fastReadCount, parseMarkdown, tokenizeCount } from '../../src/lib/markdown/parse.js';
import { pageArb } from '../fuzz/pages.js';
import { fencePage, mutate } from './fence-pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SHARED = join(ROOT, '..', 'shared');
if (!existsSync(SHARED)) console.warn('SKIPPED: the shared corpus and seeds are absent; only the repository pages are compared');

function files(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const REAL = [
  ...files(join(SHARED, 'corpus'), /\.md$/),
  ...files(join(SHARED, 'seeds'), /./),
  ...files(join(ROOT, 'test', 'fixtures'), /\.md$/),
];

/** Both readings of one text, and whether the fast one went through without reading the page twice. */
function both(text: string) {
  const slow = parseMarkdown(text, { fast: false });
  const runs = tokenizeCount();
  const reads = fastReadCount();
  const fast = parseMarkdown(text, { fast: true });
  return { slow, fast, runs: tokenizeCount() - runs, took: fastReadCount() - reads === 1 };
}

/** Deep equality, positions included (node's strict comparison: fast; vitest's diff only when they differ). */
function expectSame(r: ReturnType<typeof both>, label: string): void {
  if (!isDeepStrictEqual(r.fast, r.slow)) expect(r.fast, label).toStrictEqual(r.slow);
  expect(isDeepStrictEqual(r.fast, r.slow), label).toBe(true);
}

// Thousands of pages read twice each: generous time on a busy machine (no speed is asserted).
describe('fast reading = slow reading', { timeout: 240_000 }, () => {
  it(`should give the same tree on each of the ${REAL.length} real pages, reading each once and leaving out most fence bytes`, () => {
    expect(REAL.length).toBeGreaterThan(20);
    let bytes = 0;
    let left = 0;
    for (const file of REAL) {
      const text = readFileSync(file, 'utf8');
      const r = both(text);
      expectSame(r, relative(ROOT, file));
      expect(r.runs, relative(ROOT, file)).toBe(1);
      bytes += text.length;
      left += text.length - (elide(text.replace(/\r\n?/g, '\n'))?.text.length ?? text.length);
    }
    // Not a speed figure: the fast reading must not quietly degrade to the slow one on real pages.
    expect(left / bytes).toBeGreaterThan(0.5);
  });

  it('should give the same tree on 2000 seeded pages of nested fences, containers, tabs and HTML', () => {
    let took = 0;
    let twice = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const text = fencePage(seed);
      const r = both(text);
      expectSame(r, `seed ${seed}: ${JSON.stringify(text)}`);
      if (r.took) took++;
      if (r.runs > 1) twice++;
    }
    expect(took).toBeGreaterThan(300);
    expect(twice).toBeLessThan(20);
  });

  it('should give the same tree on real pages with random line edits', () => {
    const pages = REAL.filter((f) => !f.includes(join('test', 'fixtures')) || f.includes(join('fixtures', 'seed-pages'))).map((f) =>
      readFileSync(f, 'utf8'),
    );
    // Without the shared corpus there are a few repository pages: more edits of each, so that over 100 are compared.
    const seeds = Math.max(8, Math.ceil(101 / pages.length));
    let count = 0;
    for (const [index, text] of pages.entries()) {
      for (let seed = 0; seed < seeds; seed++) {
        const edited = mutate(text, seed * 7919 + index);
        expectSame(both(edited), `page ${index} seed ${seed}`);
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('should give the same tree on the fuzz generator pages (property)', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        expectSame(both(page.text), JSON.stringify(page.text));
      }),
      { numRuns: 400, seed: 13 },
    );
  });
});

describe('the line model takes only fences whose extent is certain', () => {
  const taken = (text: string) => findCertainFences(text).map((f) => [f.open, f.close]);

  it('should take top-level fences, fences in admonitions (nested) and in list items, with their values', () => {
    const text = [
      '```bash',
      'a',
      '',
      '```',
      '??? info "Result"',
      '    !!! note',
      '        ~~~~',
      '        x',
      '          ',
      '         y',
      '        ~~~~',
      '- item',
      '',
      '  ```',
      '  z\u0000',
      '  ```',
    ].join('\n');
    const fences = findCertainFences(text);
    expect(fences.map((f) => [f.open, f.close, f.value])).toEqual([
      [0, 3, 'a\n'],
      // A blank body line: admonitions take none of its spaces, the fence (at the content column) strips none.
      [6, 10, 'x\n          \n y'],
      [13, 15, 'z\uFFFD'],
    ]);
    expect(fences[1].containers.map((c) => [c.kind, c.line, c.column])).toEqual([
      ['admonition', 5, 1],
      ['admonition', 6, 5],
    ]);
    expect(fences[2].containers.map((c) => [c.kind, c.size])).toEqual([['listItem', 2]]);
  });

  it('should leave alone fences in block quotes, unclosed ones, tab-indented ones in containers, and those in HTML or front matter', () => {
    expect(taken('> ```\n> x\n> ```')).toEqual([]);
    expect(taken('```\nx\n')).toEqual([]);
    expect(taken('- a\n\n\t```\n\tx\n\t```')).toEqual([]);
    expect(taken('<!--\n```\nx\n```\n-->')).toEqual([]);
    expect(taken('---\na: |\n  ```\n  x\n  ```\n---')).toEqual([]);
    // A fence cut short by its container: the body would end at the unindented line.
    expect(taken('!!! note\n    ```\n    x\nout\n    ```')).toEqual([]);
    // After a block quote, nothing is taken until every container is certainly closed.
    expect(taken('> q\n```\nx\n```')).toEqual([]);
    expect(taken('> q\n\n```\nx\n```')).toEqual([[2, 4]]);
    // Lost in a block quote, then indented code across a blank line: `10.` is a paragraph there, not an item.
    expect(taken('> > ---\n       ```\n\n10. ```\n    x\n    ```')).toEqual([]);
    // A byte order mark (micromark skips it; the pipeline strips it before) leaves the text whole.
    expect(taken('\ufeff```\nx\n```')).toEqual([]);
  });

  it('should read the whole page when a fence does not come out of micromark where the model said', () => {
    const text = '!!! note\n    ```\n    x\n    ```\n';
    const elided = elide(text)!;
    expect(elided.fences).toHaveLength(1);
    const wrong = { ...elided, fences: [{ ...elided.fences[0], containers: [] }] };
    const { tree } = parseMarkdown(elided.text, { fast: false });
    expect(restore(tree, wrong)).toBe(false);
    // parseMarkdown itself never gets there on this page: it reads it once, the fast way.
    const r = both(text);
    expect([r.runs, r.took]).toEqual([1, true]);
    expectSame(r, text);
  });
});

describe('forcing the slow reading', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('should read every page whole with PERFLAB_PARSE=slow, and the fast way by default', () => {
    const text = '```\nx\n```\n';
    vi.stubEnv('PERFLAB_PARSE', 'slow');
    let reads = fastReadCount();
    parseMarkdown(text);
    expect(fastReadCount() - reads).toBe(0);
    vi.unstubAllEnvs();
    reads = fastReadCount();
    parseMarkdown(text);
    expect(fastReadCount() - reads).toBe(1);
  });
});
