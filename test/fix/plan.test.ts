import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { applyFixes, planFixes } from '../../src/lib/fix/plan.js';
import { restate } from '../../src/lib/claims/restate.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import { claimUntraceable } from '../../src/lib/rules/claim-untraceable.js';

function checked(source: string) {
  return checkAll([analyze(source, 'page.md', null)])[0];
}

describe('restate: the recomputed value printed like the stated text', () => {
  it('should keep the precision, the explicit sign and the decoration', () => {
    expect(restate('+10.7%', 46.8, 10.7)).toEqual({ text: '+46.8%' });
    expect(restate('+21.1%/GPU', 21, 21.1)).toEqual({ text: '+21.0%/GPU' });
    expect(restate('2.7x faster', 2.5, 2.7)).toEqual({ text: '2.5x faster' });
    expect(restate('-0.4%', -0.04, -0.4)).toEqual({ text: '-0.0%' });
    expect(restate('+3.0%', -1.25, 3)).toEqual({ text: '-1.3%' });
    expect(restate('1.78', 1.77, 1.78)).toEqual({ text: '1.77' });
    expect(restate('5634.4', 5634.5, 5634.4)).toEqual({ text: '5634.5' });
  });

  it('should keep thousands separators', () => {
    expect(restate('4,636.35', 14636.4, 4636.35)).toEqual({ text: '14,636.40' });
  });

  it('should refuse to give an unsigned number a sign the sentence may contradict', () => {
    expect(restate('12.0%', -3, 12)).toHaveProperty('reason');
  });
});

describe('planFixes', () => {
  it('should replace the wrong improvement of the not-ok example by the recomputed one, which then verifies', () => {
    const source = claimMismatch.examples.notOk;
    const { fixes, skipped } = planFixes(checked(source), source);
    expect(skipped).toEqual([]);
    expect(fixes.map((f) => `${f.line}:${f.column} ${f.from} -> ${f.to}`)).toEqual([
      `7:${source.split('\n')[6].indexOf('+5.0%') + 1} +5.0% -> +50.0%`,
    ]);
    const fixed = applyFixes(source, fixes);
    expect(fixed).toBe(source.replace('(+5.0%)', '(+50.0%)'));
    expect(checked(fixed).claims.filter((c) => c.verdict !== 'verified')).toEqual([]);
    expect(planFixes(checked(fixed), fixed).fixes).toEqual([]);
  });

  it('should never touch an acknowledged mismatch', () => {
    const source = claimMismatch.examples.notOk.replace('(+5.0%) |', '(+5.0%) <!-- perflab-ignore claim-mismatch: kept as published --> |');
    const report = checked(source);
    expect(report.claims.some((c) => c.verdict === 'mismatch' && c.acknowledged)).toBe(true);
    // Listed as not fixed, with the author's reason (the docs promise the list).
    expect(planFixes(report, source)).toEqual({
      fixes: [],
      skipped: [expect.objectContaining({ line: 7, text: '+5.0%', reason: 'acknowledged (kept as published)' })],
    });
  });

  it('should never touch an untraceable number, and list it as not fixed', () => {
    const source = claimUntraceable.examples.notOk;
    const report = checked(source);
    expect(report.claims.some((c) => c.verdict === 'untraceable')).toBe(true);
    const { fixes, skipped } = planFixes(report, source);
    expect(fixes).toEqual([]);
    const untraceable = report.claims.filter((c) => c.verdict === 'untraceable').map((c) => `${c.line}:${c.column} ${c.text}`);
    expect(skipped.map((s) => `${s.line}:${s.column} ${s.text}`)).toEqual(untraceable);
    expect(skipped.every((s) => s.reason.includes('claim-untraceable'))).toBe(true);
  });

  it('should skip, with a message, a claim whose place no longer reads the stated text', () => {
    const source = claimMismatch.examples.notOk;
    const report = checked(source);
    const edited = source.replace('| **ShareGPT** |', '| **ShareGPT 2** |');
    const { fixes, skipped } = planFixes(report, edited);
    expect(fixes).toEqual([]);
    expect(skipped).toEqual([
      expect.objectContaining({ line: 7, text: '+5.0%', reason: expect.stringContaining('no longer reads `+5.0%`') }),
    ]);
  });

  it('should leave a claim alone when its rule is turned off', () => {
    const source = claimMismatch.examples.notOk;
    const report = checkAll([analyze(source, 'page.md', null)], { rules: { 'claim-mismatch': 'off' } })[0];
    expect(planFixes(report, source)).toEqual({ fixes: [], skipped: [] });
  });
});
