import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { formatClaims } from '../../src/lib/output/claims.js';
import { trustBadge, trustSummary } from '../../src/lib/site/claims.js';
import { hasCorpus, markdownFiles, SEED_PAGES, CORPUS } from '../helpers/pages.js';

/**
 * Every number of the prose is judged or listed as not judged, with the reason (issue 46): a README-style page of a
 * llama-bench table and three sentences (test/fixtures/evidence/unjudged.md), written for the test.
 */
const read = (name: string) => readFileSync(new URL(`../fixtures/evidence/${name}`, import.meta.url), 'utf8');

describe('prose numbers that no check judges', () => {
  const report = checkAll([analyze(read('unjudged.md'), 'unjudged.md')])[0];
  const unjudged = report.messages.filter((m) => m.ruleId === 'claim-unjudged');

  it('should list `2.1x faster` as not judged, with why, and judge the sentences that name their metric', () => {
    expect(report.claims.filter((c) => c.text.endsWith('%')).map((c) => [c.line, c.text, c.verdict])).toEqual([
      [12, '20%', 'verified'],
      // 71.18 -> 38.52 t/s is a 45.9% reduction, not 35%.
      [14, '35%', 'mismatch'],
    ]);
    expect(unjudged.map((m) => [m.line, m.column, m.severity, m.actual, m.message])).toEqual([
      [16, 44, 'info', '2.1x', '`2.1x` is not judged: its sentence names no metric, so which printed value it is about is not said'],
    ]);
  });

  it('should count it in the trust summary, which is then not green, and list it under --claims in its place', () => {
    const t = trustSummary(report.claims, report.messages);
    expect(t.text).toBe('5 of 6 numbers verified; 1 wrong; 1 not judged');
    expect(trustBadge(t)).toBe('badge-bad');
    const clean = checkAll([analyze(read('unjudged.md').replace(/35%/, '46%'), 'unjudged.md')])[0];
    const ct = trustSummary(clean.claims, clean.messages);
    expect(ct.text).toBe('6 of 6 numbers verified; 1 not judged');
    expect(trustBadge(ct)).toBe('badge-warn');
    const listed = formatClaims([report]).split('\n');
    expect(listed.at(-1)).toBe(
      'unjudged.md:16:44  not judged   2.1x  its sentence names no metric, so which printed value it is about is not said',
    );
    expect(listed).toHaveLength(7);
  });

  it('should never list a place that a claim covers, on the real pages', () => {
    const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];
    const reports = checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), f)));
    let listed = 0;
    for (const r of reports)
      for (const m of r.messages.filter((x) => x.ruleId === 'claim-unjudged')) {
        listed++;
        expect(m.severity).toBe('info');
        const inside = r.claims.some((c) => c.line === m.line && c.column <= m.column && m.column < c.column + c.text.length);
        expect(inside, `${r.path}:${m.line}:${m.column}`).toBe(false);
      }
    expect(listed).toBeGreaterThan(0);
  });
});

describe('a change after the two values it compares, in their sentence', () => {
  it('should judge `goes from 142.17 to 149.62 t/s, a 5.2% gain` on those values, and list the value it cannot place', () => {
    const source = readFileSync(new URL('../fixtures/new-reports/notes/flash-attention-llama-bench.md', import.meta.url), 'utf8');
    const report = checkAll([analyze(source, 'flash-attention-llama-bench.md')])[0];
    expect(report.claims.map((c) => [c.line, c.text, c.verdict, c.formula])).toEqual([
      [30, '11890.05 t/s', 'verified', 't/s = 11890.05'],
      [31, '142.17', 'verified', 't/s = 142.17'],
      [31, '149.62 t/s', 'verified', 't/s = 149.62'],
      [31, '5.2%', 'verified', '(149.62 / 142.17 - 1) x 100'],
    ]);
    // `against 10562.48 t/s without it`: a second value of the clause's metric, whose run the clause does not name.
    expect(report.messages.map((m) => [m.ruleId, m.line, m.actual])).toEqual([['claim-unjudged', 30, '10562.48 t/s']]);
  });
});
