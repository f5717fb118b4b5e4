// Moving between reports and ranking them: the tree by model and GPU, previous/next in its order, and the gain
// sort that ranks a throughput gain (%) only against throughput gains and a latency gain (x) against latency ones.
import { describe, expect, it } from 'vitest';
import { byGain, byGainOf, type Listing } from '../../src/lib/site/listing.js';
import { modelLists, neighbours, pageTree, reportTree, treeOrder } from '../../src/lib/site/tree.js';

const item = (slug: string, over: Partial<Listing> = {}): Listing => ({
  slug,
  url: `/reports/${slug}/`,
  title: slug,
  kind: 'report',
  description: '',
  model: null,
  gpu: null,
  hardware: null,
  objective: null,
  engines: [],
  gain: null,
  gainKind: null,
  gainText: null,
  gainCase: null,
  gainNote: null,
  trust: { total: 0, verified: 0, mismatch: 0, untraceable: 0, rounding: 0, consistent: 0, acknowledged: 0, text: '' } as never,
  runs: 0,
  lastUpdated: null,
  ...over,
});

describe('sort by gain', () => {
  // A latency page 3x faster is not "more" than a throughput page at +99%: the kinds are ranked apart.
  const items = [
    item('lat-small', { gain: 1.5, gainKind: 'latency' }),
    item('tps-small', { gain: 1.2, gainKind: 'throughput' }),
    item('none'),
    item('lat-big', { gain: 3, gainKind: 'latency' }),
    item('tps-big', { gain: 1.99, gainKind: 'throughput' }),
  ];
  it('should rank throughput gains together, then latency gains, then pages without a gain', () => {
    expect([...items].sort(byGain).map((i) => i.slug)).toEqual(['tps-big', 'tps-small', 'lat-big', 'lat-small', 'none']);
  });
  it('should put the chosen kind first', () => {
    expect([...items].sort(byGainOf('latency')).map((i) => i.slug)).toEqual(['lat-big', 'lat-small', 'tps-big', 'tps-small', 'none']);
  });
});

describe('the report tree', () => {
  const items = [
    item('b/h100', { model: 'B/B-8B', gpu: 'H100', hardware: 'H100 × 8', objective: 'throughput' }),
    item('a/h200', { model: 'A/A-7B', gpu: 'H200', hardware: 'H200', objective: 'latency' }),
    item('engine', { kind: 'engine-baseline', title: 'SGLang v1' }),
    item('a/a100', { model: 'A/A-7B', gpu: 'A100', hardware: 'A100', objective: 'throughput' }),
    item('b/h100-latency', { model: 'B/B-8B', gpu: 'H100', hardware: 'H100 × 8', objective: 'latency' }),
  ];
  const tree = reportTree(items);

  it('should group by model, then GPU, with pages about no model last', () => {
    expect(tree.map((m) => [m.model, m.gpus.map((g) => [g.gpu, g.reports.map((r) => r.slug)])])).toEqual([
      [
        'A/A-7B',
        [
          ['A100', ['a/a100']],
          ['H200', ['a/h200']],
        ],
      ],
      ['B/B-8B', [['H100', ['b/h100-latency', 'b/h100']]]],
      [null, [['engine-baseline', ['engine']]]],
    ]);
    expect(treeOrder(tree)).toHaveLength(items.length);
  });

  it('should link each report to its neighbours in tree order', () => {
    expect(neighbours(tree, 'a/a100')).toMatchObject({ prev: null, next: { slug: 'a/h200' } });
    expect(neighbours(tree, 'b/h100-latency')).toMatchObject({ prev: { slug: 'a/h200' }, next: { slug: 'b/h100' } });
    expect(neighbours(tree, 'engine')).toMatchObject({ prev: { slug: 'b/h100' }, next: null });
    expect(neighbours(tree, 'missing')).toEqual({ prev: null, next: null });
  });
});

describe('the side tree of a large site', () => {
  // The whole tree on every page made each page grow with the site (a 1,000-report site wrote 234 KB of tree per page).
  const many = (models: number, per: number) =>
    reportTree(
      Array.from({ length: models * per }, (_, i) =>
        item(`m${Math.floor(i / per)}/r${i % per}`, { model: `Org/M-${Math.floor(i / per)}`, gpu: i % 2 ? 'H100' : 'A100' }),
      ),
    );
  const leaves = (t: ReturnType<typeof pageTree>) => t.open.flatMap((m) => m.gpus.flatMap((g) => g.reports.map((r) => r.slug)));

  it('should list every report while the site is small', () => {
    const t = pageTree(many(3, 4), 'm1/r0', 12);
    expect(leaves(t)).toHaveLength(12);
    expect(t.whole).toBe(true);
    expect(t.folded).toEqual([]);
  });

  it("should list the page's own model in full and name the others with their counts", () => {
    const t = pageTree(many(5, 4), 'm2/r3', 12);
    expect(t.whole).toBe(false);
    expect(leaves(t).sort()).toEqual(['m2/r0', 'm2/r1', 'm2/r2', 'm2/r3']);
    expect(t.folded?.map(({ model, count }) => ({ model, count }))).toEqual(
      ['Org/M-0', 'Org/M-1', 'Org/M-3', 'Org/M-4'].map((model) => ({ model, count: 4 })),
    );
    // Each folded model links to the first page of its own list (the home list is paginated).
    for (const f of t.folded!) expect(f.path).toMatch(/^models\/[^/]+\/$/);
    expect(t.total).toBe(20);
  });

  it('should stop naming the other models when they are too many, and stay the same size as the site grows', () => {
    const small = pageTree(many(30, 2), 'm7/r1', 12);
    const large = pageTree(many(300, 2), 'm7/r1', 12);
    expect(small.folded).toBeNull();
    expect(leaves(small)).toEqual(leaves(large));
    expect(large.total).toBe(600);
  });

  // One model (or the pages of no model) holding most of the site: listed whole, each page grew with the site
  // (10,000 model-less reports gave pages of 10,018 links each).
  const lopsided = (n: number, model: string | null = null) =>
    reportTree(Array.from({ length: n }, (_, i) => item(`p/r${String(i).padStart(5, '0')}`, { model, gpu: model ? 'H100' : null })));
  const size = (t: ReturnType<typeof pageTree>) => leaves(t).length + (t.folded?.length ?? 0) + (t.more ? 1 + t.more.gpus.length : 0);

  it('should list a window of a large model around the page and link the page of its list that holds it', () => {
    const t = pageTree(lopsided(500, 'Org/Big'), 'p/r00250', 12);
    expect(leaves(t)).toEqual(Array.from({ length: 12 }, (_, i) => `p/r${String(244 + i).padStart(5, '0')}`));
    expect(t.more).toEqual({ model: 'Org/Big', count: 500, path: 'models/org-big/3/', gpus: [] });
    const first = pageTree(lopsided(500, 'Org/Big'), 'p/r00000', 12);
    expect(leaves(first)[0]).toBe('p/r00000');
    expect(leaves(first)).toHaveLength(12);
    const last = pageTree(lopsided(500, 'Org/Big'), 'p/r00499', 12);
    expect(leaves(last).at(-1)).toBe('p/r00499');
    expect(leaves(last)).toHaveLength(12);
  });

  it('should keep the side tree of a page the same size whatever the number of reports of its model', () => {
    const sizes = [100, 1_000, 10_000].map((n) => size(pageTree(lopsided(n), 'p/r00050', 60)));
    expect(new Set(sizes).size).toBe(1);
    expect(sizes[0]).toBeLessThanOrEqual(61);
  });

  it("should name the large model's other GPUs with the page of the list where each starts", () => {
    const tree = reportTree(
      Array.from({ length: 30 }, (_, i) => item(`b/r${String(i).padStart(2, '0')}`, { model: 'Big', gpu: i < 20 ? 'A100' : 'H100' })),
    );
    const t = pageTree(tree, 'b/r25', 8, modelLists(tree, 8));
    expect(leaves(t)).toEqual(['b/r21', 'b/r22', 'b/r23', 'b/r24', 'b/r25', 'b/r26', 'b/r27', 'b/r28']);
    expect(t.more?.gpus).toEqual([{ gpu: 'A100', count: 20, path: 'models/big/' }]);
    expect(t.more?.path).toBe('models/big/4/');
  });
});

describe('lists of reports by model', () => {
  const site = reportTree([
    ...Array.from({ length: 25 }, (_, i) => item(`a/r${String(i).padStart(2, '0')}`, { model: 'Acme/M 1', gpu: i % 2 ? 'H100' : 'A100' })),
    item('b/r0', { model: 'acme-m-1' }),
    item('c/r0', { model: '2024' }),
    item('essay', { kind: 'essay' }),
  ]);

  it('should put every report on exactly one page of its model, at most `size` to a page, in tree order', () => {
    const lists = modelLists(site, 10);
    const listed = lists.pages.flatMap((p) => p.gpus.flatMap((g) => g.reports.map((r) => r.slug)));
    expect(listed).toEqual(treeOrder(site).map((l) => l.slug));
    for (const p of lists.pages) expect(p.gpus.reduce((n, g) => n + g.reports.length, 0)).toBeLessThanOrEqual(10);
    const acme = lists.pages.filter((p) => p.model === 'Acme/M 1');
    expect(acme.map((p) => p.path)).toEqual(['models/acme-m-1/', 'models/acme-m-1/2/', 'models/acme-m-1/3/']);
    expect(acme.map((p) => [p.page, p.pages, p.count])).toEqual([
      [1, 3, 25],
      [2, 3, 25],
      [3, 3, 25],
    ]);
    // The page that breaks inside a GPU names that GPU again at its top.
    expect(acme[1].gpus.map((g) => g.gpu)).toEqual(['A100', 'H100']);
    for (const l of treeOrder(site))
      expect(lists.pages.find((p) => p.path === lists.pathOf(l.slug))?.gpus.flatMap((g) => g.reports)).toContainEqual(l);
  });

  it('should give each model a path of its own, never a page number, and list the models on pages of `size`', () => {
    const lists = modelLists(site, 2);
    expect(lists.index.flatMap((p) => p.models.map((m) => [m.model, m.path]))).toEqual([
      ['2024', 'models/model-2024/'],
      ['Acme/M 1', 'models/acme-m-1/'],
      ['acme-m-1', 'models/acme-m-1-2/'],
      [null, 'models/other-pages/'],
    ]);
    expect(lists.index.map((p) => p.path)).toEqual(['models/', 'models/2/']);
    expect(new Set(lists.pages.map((p) => p.path)).size).toBe(lists.pages.length);
  });
});
