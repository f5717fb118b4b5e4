// /compare/ ships the runs of one model, the default question's, and each other model's runs as a file of their own
// (compare/runs/N.json), listed in the page's question index with its runs per question. Together they are every run
// of the site once, the same rows as the page shipped whole before, and each file holds one model's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readIndex, type ShippedIndex } from '../../src/lib/site/compare/shipped.js';
import { completeQuestion, defaultView, filterValue, questionCounts, type QuestionCount } from '../../src/lib/site/compare/state.js';
import { fullRow, type ClientRow } from '../../src/lib/site/compare/options.js';
import type { RunRow } from '../../src/lib/site/compare/types.js';
import { builtSite, readPage } from './build.js';

interface Shipped {
  rows: ClientRow[];
  others?: ShippedIndex;
}

let dist = '';
let page: Shipped;
beforeAll(async () => {
  dist = await builtSite();
  const html = readPage(dist, '/compare/');
  page = JSON.parse(/<script type="application\/json" data-compare>([\s\S]*?)<\/script>/.exec(html)![1]) as Shipped;
});

/** The rows of a model's file, read from the built site by the address the page gives. */
const fileRows = (href: string): RunRow[] =>
  (JSON.parse(readFileSync(join(dist, href.replace(/^\//, '')), 'utf8')) as Shipped).rows.map(fullRow);

describe('the explorer ships its runs by model', () => {
  it('should carry the runs of the default question’s model only, and an index of every other model', () => {
    const rows = page.rows.map(fullRow);
    const models = new Set(rows.map((r) => filterValue(r, 'model')));
    expect(models.size).toBe(1);
    const index = readIndex(page.others);
    expect(index.length).toBeGreaterThan(0);
    expect(index.some((q) => models.has(q.model))).toBe(false);
    // The default question is the most measured one of the whole site, as when the page shipped every run.
    const all: QuestionCount[] = [...questionCounts(rows), ...index];
    const view = completeQuestion(all, defaultView());
    expect(view.filters.model).toEqual([...models]);
  });

  it('should give every run of the site exactly once across the page and the model files, each file one model’s', () => {
    const seen = new Map<string, string>();
    const add = (r: RunRow) => {
      expect(seen.has(r.key), r.key).toBe(false);
      seen.set(r.key, filterValue(r, 'model'));
    };
    page.rows.map(fullRow).forEach(add);
    const index = readIndex(page.others);
    for (const href of new Set(index.map((q) => q.href))) {
      expect(existsSync(join(dist, href.replace(/^\//, ''))), href).toBe(true);
      const rows = fileRows(href);
      const model = index.find((q) => q.href === href)!.model;
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(filterValue(r, 'model')).toBe(model);
      rows.forEach(add);
      // The index counts each question's runs as the file has them.
      for (const q of questionCounts(rows))
        expect(
          index.find((i) => i.href === href && i.gpu === (q.gpu ?? 'not stated') && i.dataset === (q.dataset ?? 'not stated'))?.n,
        ).toBe(q.n);
    }
    // runs.csv lists every run of the site: the same number.
    const csv = readFileSync(join(dist, 'data', 'runs.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(seen.size).toBe(csv.length - 1);
  });
});
