// Moving between reports and ranking them: the tree by model and GPU, previous/next in its order, and the gain
// sort that ranks a throughput gain (%) only against throughput gains and a latency gain (x) against latency ones.
import { describe, expect, it } from 'vitest';
import { byGain, byGainOf, type Listing } from '../../src/lib/site/listing.js';
import { neighbours, pageTree, reportTree, treeOrder } from '../../src/lib/site/tree.js';

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
    expect(t.folded).toEqual(['Org/M-0', 'Org/M-1', 'Org/M-3', 'Org/M-4'].map((model) => ({ model, count: 4 })));
    expect(t.total).toBe(20);
  });

  it('should stop naming the other models when they are too many, and stay the same size as the site grows', () => {
    const small = pageTree(many(30, 2), 'm7/r1', 12);
    const large = pageTree(many(300, 2), 'm7/r1', 12);
    expect(small.folded).toBeNull();
    expect(leaves(small)).toEqual(leaves(large));
    expect(large.total).toBe(600);
  });
});
