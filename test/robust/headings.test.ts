import { expect, it } from 'vitest';
import type { Root } from 'mdast';
import { headingsOf } from '../../src/lib/render/headings.js';

const tree = (texts: string[]): Root =>
  ({
    type: 'root',
    children: texts.map((value, i) => ({
      type: 'heading',
      depth: 2,
      position: { start: { line: i + 1, column: 1 }, end: { line: i + 1, column: 2 } },
      children: [{ type: 'text', value }],
    })),
  }) as never;

it('keeps MkDocs ids for repeats: slug, slug_1, slug_2 ..., skipping a literal slug_1 heading', () => {
  const ids = headingsOf(tree(['A', 'A', 'A_1', 'A', 'a 1', 'A_1', '', '', '']), { headings: [] }).map((h) => h.slug);
  expect(ids).toEqual(['a', 'a_1', 'a_1_1', 'a_2', 'a-1', 'a_1_2', '_', '_1', '_2']);
});

it('gives 20 000 identical headings distinct ids in order', () => {
  const ids = headingsOf(tree(Array.from({ length: 20000 }, () => 'Run')), { headings: [] }).map((h) => h.slug);
  expect(ids[0]).toBe('run');
  expect(ids[19999]).toBe('run_19999');
  expect(new Set(ids).size).toBe(20000);
});
