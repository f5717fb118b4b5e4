// Data out: reports.json, per-report JSON, runs.csv and llms.txt agree with the pipeline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { select, selectAll } from 'hast-util-select';
import { beforeAll, expect, it } from 'vitest';
import { builtSite } from './build.js';
import { htmlTree, pipelinePages } from './helpers.js';

const pages = pipelinePages();
let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});
const read = (p: string) => readFileSync(join(dist, p), 'utf8');

it('should list every report in reports.json with its data link', () => {
  const list = JSON.parse(read('data/reports.json')) as Array<{ slug: string; url: string; data: string }>;
  expect(list.map((r) => r.slug).sort()).toEqual(pages.map((p) => p.report.slug).sort());
  for (const r of list) expect(JSON.parse(read(r.data)).slug).toBe(r.slug);
});

it('should write one runs.csv row per run', () => {
  const rows = read('data/runs.csv').trim().split('\r\n');
  expect(rows[0].split(',').slice(0, 3)).toEqual(['report', 'run_id', 'line']);
  // Each run once: a block repeating an earlier run's result is not a row of its own.
  expect(rows.length - 1).toBe(pages.reduce((n, p) => n + p.report.runs.filter((r) => r.repeatOf === null).length, 0));
  const head = rows[0].split(',');
  for (const column of ['role', 'flags', 'request_rate', 'input_length', 'output_length', 'model_id']) expect(head).toContain(column);
});

it('should link every report from llms.txt', () => {
  const txt = read('llms.txt');
  for (const p of pages) expect(txt).toContain(`/reports/${p.report.slug}.md`);
});

it('should serve each report as Markdown', () => {
  for (const p of pages) expect(read(`reports/${p.report.slug}.md`)).toBe(p.analysis.source);
});

it('should tag report pages with Pagefind filters for model, hardware, engine and objective', () => {
  const page = pages.find((p) => p.report.model && p.report.hardware && p.report.objective && p.report.engines.length)!;
  const tree = htmlTree(dist, page.url);
  // Each filter reads its value from a plain-text attribute (`model[data-filter]`), never from the element's HTML.
  const tagged = selectAll('[data-pagefind-filter]', tree);
  const filters = new Set(tagged.map((el) => String(el.properties.dataPagefindFilter)));
  expect([...filters].sort()).toEqual(['engine[data-filter]', 'hardware[data-filter]', 'model[data-filter]', 'objective[data-filter]']);
  expect(tagged.find((el) => String(el.properties.dataPagefindFilter).startsWith('model'))?.properties.dataFilter).toBe(page.report.model);
  expect(select('[data-pagefind-body]', tree)).toBeDefined();
});

it('should give every page a title and a description', () => {
  for (const url of ['/', '/verification/', '/engines/', '/techniques/', ...pages.map((p) => p.url)]) {
    const tree = htmlTree(dist, url);
    expect(select('title', tree), url).toBeDefined();
    expect(String(select('meta[name="description"]', tree)?.properties.content ?? ''), url).not.toBe('');
  }
});

it('should draw a chart with a text alternative for pages with a conclusion table', () => {
  const page = pages.find((p) => p.report.conclusion.length > 0)!;
  const svg = select('svg.chart', htmlTree(dist, page.url))!;
  expect(svg.properties.role).toBe('img');
  expect(select('title', svg)).toBeDefined();
  expect(selectAll('desc', svg)).toHaveLength(1);
  expect(selectAll('rect.bar-optimized[data-case]', svg).length).toBe(page.report.conclusion.length);
});
