/**
 * How many times a page's tree is walked whole: every call of `visit` / `visitParents` (unist-util-visit, the walkers
 * of src/) that starts at the page's mdast root, counted per stage (read, check, render), and those that start at the
 * rendered hast root. The stages run as the site's loader runs them: the check and the render each get a v8 copy of
 * the parsed page, as they do when it comes back from the analysis cache. The parser's own position fix-ups (CRLF
 * pages, the fences it leaves out) and the conversion to hast are not counted here. The figures are printed; the
 * test holds them: the read is the one walk, and neither the check nor the render walks the page again (they read
 * what the walk gathered, `pageNodes`, and where the check placed each claim, `claim.mark`).
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
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
const { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } = await import('../helpers/pages.js');
const { nodeWalks } = await import('../../src/lib/model/tree.js');
const { siteTextMisses } = await import('../../src/lib/model/site-text.js');
const { visibleTextCounts } = await import('../../src/lib/claims/html.js');

const links = { pageUrl: () => null, anchors: () => null, image: () => null };

describe('walks of a page tree', () => {
  if (!hasCorpus) console.warn('[walks] ../shared/corpus is absent: walks counted on the seed pages only');
  const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];
  /** The page as the analysis cache gives it back (a v8 copy: no object shared with the first reading). */
  const copy = <T>(value: T): T => deserialize(serialize(value)) as T;

  it('should walk each page once, when it is read, and not again to check or render it (the seed pages and the corpus)', () => {
    expect(files.length).toBeGreaterThan(0);
    const rows: string[] = [];
    const totals = { read: 0, check: 0, renderMdast: 0, renderHast: 0 };
    let marked = 0;
    const fallback = nodeWalks.count;
    for (const file of files) {
      calls.length = 0;
      const first = analyze(readFileSync(file, 'utf8'), relative(SEED_PAGES, file), file);
      const read = calls.filter((t) => t === first.tree).length;
      calls.length = 0;
      const checked = copy(first);
      const [report] = checkAll([checked]);
      const check = calls.filter((t) => t === checked.tree).length;
      calls.length = 0;
      // What the site's loader does with a checked page (loader/page-entry.ts), on another copy.
      const analysis = copy(first);
      renderReport(analysis, report, links);
      countConstructs(analysis.tree);
      const renderMdast = calls.filter((t) => t === analysis.tree).length;
      const renderHast = calls.length - renderMdast;
      marked += report.claims.filter((c) => c.mark).length;
      rows.push(`${relative(SEED_PAGES, file)}: read ${read}, check ${check}, render ${renderMdast} (+${renderHast} of the hast)`);
      totals.read = Math.max(totals.read, read);
      totals.check = Math.max(totals.check, check);
      totals.renderMdast = Math.max(totals.renderMdast, renderMdast);
      totals.renderHast = Math.max(totals.renderHast, renderHast);
    }
    console.log(`whole-tree walks per page (visit/visitParents from the root):\n${rows.join('\n')}`);
    expect(totals.read).toBe(1);
    expect(totals.check).toBe(0);
    expect(totals.renderMdast).toBe(0);
    // No stage had to gather the nodes again: the walk's travel with the tree, through the copies.
    expect(nodeWalks.count - fallback).toBe(0);
    // Every claim the check found is marked on the page, where the check placed it.
    expect(marked).toBeGreaterThan(100);
  });

  /** `analysis.source` made to count who reads it (the function two frames up, without its folder). */
  const counted = <T extends { source: string }>(analysis: T, stage: string, who: Map<string, number>): T => {
    const source = analysis.source;
    // Not enumerable: a copy made by spreading the page (`{ ...page }`) does not carry it, so a reader of such a copy
    // gets nothing and fails, rather than reading it unseen.
    Object.defineProperty(analysis, 'source', {
      enumerable: false,
      get() {
        const frame = (new Error().stack?.split('\n')[2] ?? '').trim();
        const at = /(?:src\/lib\/|src\/)([\w/.-]+):(\d+)/.exec(frame);
        const key = `${stage} ${at ? at[1] : frame}`;
        who.set(key, (who.get(key) ?? 0) + 1);
        return source;
      },
    });
    return analysis;
  };

  it("should not read the page's raw text after the walk, but to give the renderer its file", () => {
    const who = new Map<string, number>();
    const misses = siteTextMisses.count;
    for (const file of files) {
      const first = analyze(readFileSync(file, 'utf8'), relative(SEED_PAGES, file), file);
      const [report] = checkAll([counted(copy(first), 'check', who)]);
      renderReport(counted(copy(first), 'render', who), report, links);
    }
    const rows = [...who].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${String(n).padStart(6)}  ${k}`);
    console.log(`reads of a page's raw text after the walk, on ${files.length} pages (stage, reader, reads):\n${rows.join('\n')}`);
    // The renderer reads it once per page, for its file (positions of raw HTML). The rules are not given it (RuleContext).
    expect(who.get('render render/index.ts') ?? 0).toBeLessThanOrEqual(files.length);
    expect([...who.keys()].filter((k) => k.startsWith('render ') && k !== 'render render/index.ts')).toEqual([]);
    // The claim parsers and the placing of claims read each site's own text, and the write-up run names the lines
    // above each fence of runs (both taken when the page was read); the rules are not given the raw text.
    expect([...who.keys()].filter((k) => k.startsWith('check '))).toEqual([]);
    // And every node and offset they asked for was inside a site's text (none fell back to nothing).
    expect(siteTextMisses.count - misses).toBe(0);
  });

  it('should tokenise each text of a site once, however many claim kinds read it (each site is read within its scope)', () => {
    visibleTextCounts.start();
    try {
      for (const file of files) checkAll([analyze(readFileSync(file, 'utf8'), relative(SEED_PAGES, file), file)]);
    } finally {
      visibleTextCounts.counting = false;
    }
    const { asked, distinct, made, outside } = visibleTextCounts;
    console.log(
      `visible texts on ${files.length} pages: ${asked} asked for, ${distinct.size} distinct within their site, ${made} made, ${outside} outside a site`,
    );
    expect(asked).toBeGreaterThan(distinct.size);
    expect(made).toBe(distinct.size);
    expect(outside).toBe(0);
  });
});
