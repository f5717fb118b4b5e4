// /compare/ ships the runs of one question (a model on an accelerator under a workload: the default one) and every
// other question's runs in a question file (compare/runs/N.json) with the questions beside it in the index, listed in the
// page's question index with its number of runs and its file. Together they are every run of the site once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readIndex, type ShippedIndex } from '../../src/lib/site/compare/shipped.js';
import { completeQuestion, defaultView, questionCounts, questionKey, type QuestionCount } from '../../src/lib/site/compare/state.js';
import { fullRow, type ClientRow } from '../../src/lib/site/compare/options.js';
import { FILE_RUNS, questionFiles } from '../../src/lib/site/compare/files.js';
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

  it('should give every run of the site exactly once across the page and the question files, each file consecutive questions', () => {
    const seen = new Set<string>();
    const add = (r: RunRow) => {
      expect(seen.has(r.key), r.key).toBe(false);
      seen.add(r.key);
    };
    page.rows.map(fullRow).forEach(add);
    const index = readIndex(page.others);
    const byFile = new Map<string, typeof index>();
    for (const q of index) byFile.set(q.href, [...(byFile.get(q.href) ?? []), q]);
    for (const [href, questions] of byFile) {
      expect(existsSync(join(dist, href.replace(/^\//, ''))), href).toBe(true);
      const rows = fileRows(href);
      // Consecutive questions of the index; it counts each question's runs as the file has them, and the file has no
      // others.
      const at = questions.map((q) => index.indexOf(q));
      expect(at.every((p, k) => k === 0 || p === at[k - 1] + 1)).toBe(true);
      for (const q of questions) expect(rows.filter((r) => questionKey(r) === questionKey(q)).length, questionKey(q)).toBe(q.n);
      expect(rows.length).toBe(questions.reduce((n, q) => n + q.n, 0));
      expect(rows.length <= FILE_RUNS || questions.length === 1).toBe(true);
      rows.forEach(add);
    }
    // runs.csv lists every run of the site: the same number.
    const csv = readFileSync(join(dist, 'data', 'runs.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(seen.size).toBe(csv.length - 1);
  });
});

describe('question files', () => {
  const q = (model: string, gpu: string, n: number): QuestionCount => ({ model, gpu, dataset: 'd', n });

  it('should put consecutive questions in a file, up to the limit, and leave the shipped one out', () => {
    const questions = [q('a', 'x', 3), q('a', 'y', 4), q('a', 'z', 2), q('b', 'x', 1), q('c', 'x', 9), q('c', 'y', 1)];
    expect(questionFiles(questions, 1, 5)).toEqual({ fileOf: [0, -1, 0, 1, 2, 3], files: [[0, 2], [3], [4], [5]] });
    expect(questionFiles(questions, 1, 6)).toEqual({ fileOf: [0, -1, 0, 0, 1, 2], files: [[0, 2, 3], [4], [5]] });
    expect(questionFiles(questions, undefined, 100)).toEqual({ fileOf: [0, 0, 0, 0, 0, 0], files: [[0, 1, 2, 3, 4, 5]] });
    expect(questionFiles([], undefined)).toEqual({ fileOf: [], files: [] });
  });
});
