/**
 * A summary-of-options chain (technique -> gain over the previous adopted step): a row added for an option the page
 * never ran (`Prefix Caching +7.9%`) must not change the grade of the other rows, wherever it is inserted. Before,
 * it took the next experiment by position (the one a later row names) and broke the chain of references, so the
 * rows after it became untraceable.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'claims', 'house', 'base.md');
const ADDED = '| Prefix Caching | <span style="background-color:lightgreen;">+7.9%</span> |';

function check(text: string, path = 'test/fixtures/claims/house/base.md'): Report {
  return checkAll([analyze(text, path)])[0];
}

/** Verdicts of the claims stated in the summary table, by stated text, in row order. */
function summaryVerdicts(report: Report, from: number, to: number): string[] {
  return report.claims.filter((c) => c.line >= from && c.line < to && c.kind === 'improvement').map((c) => `${c.text} ${c.verdict}`);
}

/** The summary table's body rows [first, end) as line indexes (0-based) of a page split into lines. */
function summaryRows(lines: readonly string[]): [number, number] | null {
  const at = lines.findIndex((l) => /^#{2,4}\s.*summary of optimization/i.test(l));
  if (at < 0) return null;
  let d = at + 1;
  while (d < lines.length && !/^\|\s*-/.test(lines[d])) d++;
  if (d >= lines.length || (lines[d].match(/\|/g) ?? []).length !== 3) return null;
  let end = d + 1;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  return [d + 1, end];
}

/** The page with the added row before body row `k` (k = rows: after the last). */
function withRow(lines: readonly string[], k: number, first: number): string {
  return [...lines.slice(0, first + k), ADDED, ...lines.slice(first + k)].join('\n');
}

/** Each row's verdict stays as on the page, with the added row left out, wherever the row is inserted. */
function expectStable(text: string, path: string) {
  const lines = text.split('\n');
  const rows = summaryRows(lines);
  if (!rows) return false;
  const [first, end] = rows;
  const before = summaryVerdicts(check(text, path), first + 1, end + 1);
  for (let k = 0; k <= end - first; k++) {
    const report = check(withRow(lines, k, first), path);
    const after = summaryVerdicts(report, first + 1, end + 2);
    const added = after.findIndex((v) => v.startsWith('+7.9% '));
    expect(after[added], `${path}, row added at ${k}`).toBe('+7.9% untraceable');
    expect(
      after.filter((_, i) => i !== added),
      `${path}, row added at ${k}`,
    ).toEqual(before);
  }
  return true;
}

describe('summary chain: an added row for an option the page never ran', () => {
  const base = readFileSync(FIXTURE, 'utf8');

  it('leaves the verified rows verified, at every position', () => {
    expect(summaryVerdicts(check(base), 190, 1e9)).toEqual(['+15.0% verified', '+30.0% verified', '+7.0% verified']);
    expect(expectStable(base, 'test/fixtures/claims/house/base.md')).toBe(true);
  });

  it('leaves a wrong step a mismatch, at every position', () => {
    const wrong = base.replace('+30.0%', '+40.0%');
    expect(summaryVerdicts(check(wrong), 190, 1e9)).toEqual(['+15.0% verified', '+40.0% mismatch', '+7.0% verified']);
    expect(expectStable(wrong, 'test/fixtures/claims/house/base.md')).toBe(true);
  });

  it.skipIf(!hasCorpus)('changes no other row on the real pages (the seed pages and the corpus)', () => {
    let tried = 0;
    for (const file of [...markdownFiles(SEED_PAGES), ...markdownFiles(CORPUS)]) {
      const text = readFileSync(file, 'utf8');
      // A page that runs prefix caching has an experiment the added row names: not an unrelated row there.
      if (/^#{2,4}\s.*prefix/im.test(text)) continue;
      if (expectStable(text, relative(join(import.meta.dirname, '..', '..'), file))) tried++;
    }
    expect(tried).toBeGreaterThanOrEqual(5);
  });
});
