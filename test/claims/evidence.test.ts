import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { namedByWords, type NamedRun } from '../../src/lib/claims/essay/runs.js';

/**
 * Graded evidence (issue 42): a number is judged on the source the page gives for it. Each fixture is a page
 * written for the test (test/fixtures/evidence/), around an error real authors make.
 */
const read = (name: string) => readFileSync(new URL(`../fixtures/evidence/${name}`, import.meta.url), 'utf8');
const check = (source: string, name: string) => checkAll([analyze(source, name)])[0];
const verdicts = (source: string, name: string) =>
  check(source, name).claims.map((c) => [c.line, c.text, c.verdict] as [number, string, string]);

describe('a column that names its run by the words of that run alone', () => {
  it('should judge each cell against the one run its column header names', () => {
    const got = verdicts(read('column-names-run.md'), 'column-names-run.md');
    expect(got).toEqual([
      [81, '240.10', 'verified'],
      // The only `Config Q` run printed 250.40: another run's value in Q's column.
      [81, '236.90', 'mismatch'],
      [82, '533.11', 'verified'],
      [82, '511.18', 'verified'],
      [83, '2600.81', 'verified'],
      [83, '2100.33', 'verified'],
    ]);
    const wrong = check(read('column-names-run.md'), 'column-names-run.md').claims.find((c) => c.text === '236.90')!;
    expect(wrong.recomputed).toBe(250.4);
    expect(wrong.source?.line).toBe(15);
  });

  const run = (name: string) => ({ name }) as unknown as NamedRun;
  const runs = [run('Config Q (TP8 Fast-Start) raw output'), run('Config P (TP8+EP8 Throughput-Tuned) raw output')];
  it('should name a run only by two words no other run has, and none of another run', () => {
    expect(namedByWords('Q: Fast-Start (TP8)', runs)).toBe(runs[0]);
    expect(namedByWords('P: Throughput-Tuned', runs)).toBe(runs[1]);
    // One word of its own is not enough; words of both runs name neither.
    expect(namedByWords('Fast (TP8)', runs)).toBeNull();
    expect(namedByWords('Fast-Start vs EP8', runs)).toBeNull();
    expect(namedByWords('TP8 config raw output', runs)).toBeNull();
  });
});

describe('a change annotated in a table with a column per run', () => {
  it('should compare each annotation with the cells of its own row, not with another metric of its column', () => {
    const report = check(read('row-annotations.md'), 'row-annotations.md');
    expect(report.claims.map((c) => [c.line, c.text, c.verdict, c.formula])).toEqual([
      [7, '-25%', 'verified', '(6300 / 8400 - 1) x 100'],
      // A word after the change inside its brackets; against the cell it follows from.
      [7, '+23%', 'verified', '(7770 / 6300 - 1) x 100'],
      // No cell of its row gives +31% (55.60 is 23% over 45.20 and 7% under 60.10).
      [8, '+31%', 'mismatch', '(55.60 / 60.10 - 1) x 100'],
    ]);
  });
});
