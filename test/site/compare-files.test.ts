// /compare/ ships the runs of one question (a model on an accelerator under a workload: the default one) and each
// other question's runs as a file of their own (compare/runs/N.json), listed in the page's question index with its
// number of runs. Together they are every run of the site once, and each file holds one question's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readIndex, type ShippedIndex } from '../../src/lib/site/compare/shipped.js';
import { completeQuestion, defaultView, questionCounts, questionKey, type QuestionCount } from '../../src/lib/site/compare/state.js';
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

/** The rows of a question's file, read from the built site by the address the page gives. */
const fileRows = (href: string): RunRow[] =>
  (JSON.parse(readFileSync(join(dist, href.replace(/^\//, '')), 'utf8')) as Shipped).rows.map(fullRow);

describe('the explorer ships its runs by question', () => {
  it('should carry the runs of the default question only, and an index of every other question', () => {
    const rows = page.rows.map(fullRow);
    const asked = new Set(rows.map(questionKey));
    expect(asked.size).toBe(1);
    const index = readIndex(page.others);
    expect(index.length).toBeGreaterThan(1);
    expect(index.some((q) => asked.has(questionKey(q)))).toBe(false);
    // The default question is the most measured one of the whole site, as when the page shipped every run.
    const all: QuestionCount[] = [...questionCounts(rows), ...index];
    const view = completeQuestion(all, defaultView());
    expect(questionKey({ model: view.filters.model[0], gpu: view.filters.gpu[0], dataset: view.filters.dataset[0] })).toBe([...asked][0]);
  });

  it('should give every run of the site exactly once across the page and the question files, each file one question’s', () => {
    const seen = new Set<string>();
    const add = (r: RunRow) => {
      expect(seen.has(r.key), r.key).toBe(false);
      seen.add(r.key);
    };
    page.rows.map(fullRow).forEach(add);
    const index = readIndex(page.others);
    expect(new Set(index.map((q) => q.href)).size).toBe(index.length);
    for (const q of index) {
      expect(existsSync(join(dist, q.href.replace(/^\//, ''))), q.href).toBe(true);
      const rows = fileRows(q.href);
      // The index counts the question's runs as its file has them.
      expect(rows.length).toBe(q.n);
      for (const r of rows) expect(questionKey(r)).toBe(questionKey(q));
      rows.forEach(add);
    }
    // runs.csv lists every run of the site: the same number.
    const csv = readFileSync(join(dist, 'data', 'runs.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(seen.size).toBe(csv.length - 1);
  });
});
