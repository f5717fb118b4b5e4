// The index of every run value by metric: built again on each dev reload from the same parsed pages, it reads each
// page's runs once and must answer as an index built afresh.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { analyze } from '../../src/lib/pipeline.js';
import { RunIndex } from '../../src/lib/verify/run-index.js';
import { CONTENT } from '../helpers/pages.js';

const report = (name: string) => analyze(readFileSync(join(CONTENT, name), 'utf8'), name).report;

it('should give the same answers when built again from the same pages', () => {
  const pages = ['qwen3-14b/h100.md', 'qwen3-32b/h100.md'].map(report);
  const run = pages[0].runs.find((r) => !r.failed && r.metrics.total_token_throughput)!;
  const m = run.metrics.total_token_throughput!;
  const ask = (index: RunIndex) => index.find('total_token_throughput', m.value ?? Number.NaN, m.decimals ?? 0, 'elsewhere.md');
  const first = ask(new RunIndex(pages));
  expect(first.length).toBeGreaterThan(0);
  expect(first[0].source).toMatchObject({ path: 'qwen3-14b/h100.md', runId: run.id, line: m.line });
  expect(ask(new RunIndex(pages))).toEqual(first);
  // A page left out of the set is not found; the page set in another order is searched in that order.
  expect(ask(new RunIndex([pages[1]]))).toEqual(first.filter((f) => f.source.path === 'qwen3-32b/h100.md'));
  // The same runs under another path (a renamed page) are found under the new path.
  const renamed = ask(new RunIndex([{ ...pages[0], path: 'renamed.md' }]));
  expect(renamed.map((f) => f.source.path)).toEqual(first.filter((f) => f.source.path === 'qwen3-14b/h100.md').map(() => 'renamed.md'));
});
