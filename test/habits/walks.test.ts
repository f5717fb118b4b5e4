/**
 * How many times a page's tree is walked whole: every call of `visit` / `visitParents` (unist-util-visit, the walkers
 * of src/) that starts at the page's mdast root, counted per stage (read, check, render), and those that start at the
 * rendered hast root. Walks written by hand (the parser's position fixups, the renderer's claim marks) are not
 * counted here, nor the conversion to hast. The figures are printed; the test holds them: the read is the one walk,
 * the check reads the one shared node index (`pageNodes`, model/tree.ts) plus the blocks the acknowledgements reach,
 * and rendering (with the loader's counts) walks the mdast once more, for the claims' places.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

type Tree = { type?: string };
const calls: Tree[] = [];
const note = (tree: unknown) => {
  if ((tree as Tree | null)?.type !== 'root') return;
  calls.push(tree as Tree);
  // WALK_STACK=1 prints who walked.
  if (process.env.WALK_STACK) console.log('WALK', new Error().stack?.split('\n').slice(3, 5).join(' <- '));
};

vi.mock('unist-util-visit', async (original) => {
  const m = await original<typeof import('unist-util-visit')>();
  const visit = ((tree: unknown, ...rest: unknown[]) => {
    note(tree);
    return (m.visit as (...a: unknown[]) => unknown)(tree, ...rest);
  }) as typeof m.visit;
  return { ...m, visit };
});
vi.mock('unist-util-visit-parents', async (original) => {
  const m = await original<typeof import('unist-util-visit-parents')>();
  const visitParents = ((tree: unknown, ...rest: unknown[]) => {
    note(tree);
    return (m.visitParents as (...a: unknown[]) => unknown)(tree, ...rest);
  }) as typeof m.visitParents;
  return { ...m, visitParents };
});

const { analyze, checkAll } = await import('../../src/lib/pipeline.js');
const { renderReport } = await import('../../src/lib/render/index.js');
const { countConstructs } = await import('../../src/lib/render/counts.js');
const { CONTENT, markdownFiles } = await import('../helpers/pages.js');

const links = { pageUrl: () => null, anchors: () => null, image: () => null };

describe('walks of a page tree', () => {
  const files = markdownFiles(CONTENT);

  it('should count the whole-tree walks of each stage on the pages of content/', () => {
    expect(files.length).toBeGreaterThan(0);
    const rows: string[] = [];
    const totals = { read: 0, check: 0, renderMdast: 0, renderHast: 0 };
    for (const file of files) {
      calls.length = 0;
      const analysis = analyze(readFileSync(file, 'utf8'), relative(CONTENT, file), file);
      const read = calls.filter((t) => t === analysis.tree).length;
      calls.length = 0;
      const [report] = checkAll([analysis]);
      const check = calls.filter((t) => t === analysis.tree).length;
      calls.length = 0;
      // What the site's loader does with a checked page (loader/page-entry.ts).
      renderReport(analysis, report, links);
      countConstructs(analysis.tree);
      const renderMdast = calls.filter((t) => t === analysis.tree).length;
      const renderHast = calls.length - renderMdast;
      rows.push(`${relative(CONTENT, file)}: read ${read}, check ${check}, render ${renderMdast} (+${renderHast} of the hast)`);
      totals.read = Math.max(totals.read, read);
      totals.check = Math.max(totals.check, check);
      totals.renderMdast = Math.max(totals.renderMdast, renderMdast);
      totals.renderHast = Math.max(totals.renderHast, renderHast);
    }
    console.log(`whole-tree walks per page (visit/visitParents from the root):\n${rows.join('\n')}`);
    expect(totals.read).toBe(1);
    expect(totals.check).toBeLessThanOrEqual(CHECK_WALKS);
    expect(totals.renderMdast).toBeLessThanOrEqual(RENDER_WALKS);
  });
});

/** The shared node index, and the blocks the acknowledgements reach on a page that has any. */
const CHECK_WALKS = 2;
/** The claims' places (`placeClaims`); headings, codes, admonitions and counts read the shared node index. */
const RENDER_WALKS = 1;
