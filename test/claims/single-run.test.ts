/**
 * A page with one run: a sentence that names a metric means that run, as certainly as if it named it. A wrong value
 * there is an error (9.51 is the run's P99 TPOT written as its mean); a right one verifies; a value far from the
 * run's (a target, another machine) stays untraceable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

const PATH = 'test/fixtures/claims/single-run/pr-one-run.md';
const page = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'single-run', 'pr-one-run.md'), 'utf8');
const check = (text: string) => checkAll([analyze(text, PATH)])[0];
const graded = (text: string) => check(text).claims.map((c) => `${c.text} ${c.verdict}`);

describe('prose on a page with one run', () => {
  it("should hold the run's named metric to the run: a right value verifies, a wrong one is an error at its line", () => {
    expect(graded(page)).toEqual(['313.28 ms verified', '1014 tok/s verified', '9.51 ms mismatch']);
    const report = check(page);
    const wrong = report.claims.find((c) => c.text === '9.51 ms')!;
    expect(wrong.recomputed).toBe(9.15);
    expect(report.messages.filter((m) => m.severity === 'error').map((m) => [m.line, m.ruleId])).toEqual([[wrong.line, 'claim-mismatch']]);
  });

  it('should verify the corrected page with no error', () => {
    const fixed = check(page.replace('The mean TPOT is 9.51 ms.', 'The mean TPOT is 9.15 ms.'));
    expect(fixed.claims.every((c) => c.verdict === 'verified')).toBe(true);
    expect(fixed.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });

  it('should not take a value far from the run for that run written wrong', () => {
    const far = check(page.replace('The mean TPOT is 9.51 ms.', 'The mean TPOT is 30.00 ms.'));
    expect(far.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });
});
