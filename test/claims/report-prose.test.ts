/**
 * Numbers in the prose of a house-layout report (Conclusion table, Experiments with raw output) are claims, judged
 * against the runs of the page: verified when a run prints them within the stated rounding, a mismatch only when
 * the sentence names the run and the metric, otherwise untraceable with the candidate runs.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimKinds } from '../../src/lib/claims/kinds/index.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Claim } from '../../src/lib/schemas/claim.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { verifyClaims } from '../../src/lib/claims/verify-claims.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const PATH = 'test/fixtures/claims/house/base.md';
const base = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'house', 'base.md'), 'utf8');

/** The fixture with a paragraph after the SGLang run of the first experiment (before its `Result:` line). */
function withProse(paragraph: string): { report: Report; line: number } {
  const text = base.replace('\nResult: SGLang', `\n${paragraph}\n\nResult: SGLang`);
  const line = text.split('\n').indexOf(paragraph) + 1;
  return { report: checkAll([analyze(text, PATH)])[0], line };
}

function claimsAt(paragraph: string): Claim[] {
  const { report, line } = withProse(paragraph);
  return report.claims.filter((c) => c.line === line);
}

const grade = (paragraph: string) => claimsAt(paragraph).map((c) => `${c.text} ${c.verdict}`);

describe('report prose: numbers in sentences of a house-layout report', () => {
  it('the fixture page itself is clean and has no prose claim', () => {
    const report = checkAll([analyze(base, PATH)])[0];
    expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });

  it('a value a named run printed is verified, with its raw line', () => {
    const [c] = claimsAt('SGLang reaches a mean TTFT of 7412.80 ms.');
    expect(c.verdict).toBe('verified');
    expect(c.formula).toBe('Mean TTFT (ms) = 7412.80');
    expect(c.source?.line).toBe(base.split('\n').findIndex((l) => l.includes('7412.80')) + 1);
  });

  it('within the stated rounding, and within the stated tolerance of `about`', () => {
    expect(grade('With SGLang, mean TTFT drops to 7412.8 ms.')).toEqual(['7412.8 ms verified']);
    expect(grade('Mean TTFT is about 7400 ms with SGLang.')).toEqual(['7400 ms verified']);
    expect(grade('SGLang reaches 2,300 tok/s total token throughput.')).toEqual(['2,300 tok/s verified']);
    expect(grade('vLLM: mean TTFT 22141.21 ms; SGLang: mean TTFT 7412.80 ms.')).toEqual(['22141.21 ms verified', '7412.80 ms verified']);
  });

  it('a comparison of two runs is recomputed', () => {
    expect(grade('SGLang delivers 15.0% higher total token throughput than vLLM.')).toEqual(['15.0% verified']);
    expect(grade('SGLang cuts mean TTFT by 66.5% against vLLM.')).toEqual(['66.5% verified']);
  });

  it('a mismatch when the sentence names the run and the metric and the value disagrees', () => {
    const { report, line } = withProse('The mean TTFT of SGLang is 7512.80 ms.');
    expect(report.claims.filter((c) => c.line === line).map((c) => [c.verdict, c.recomputed])).toEqual([['mismatch', 7412.8]]);
    const msg = report.messages.find((m) => m.line === line && m.ruleId === 'claim-mismatch');
    expect(msg?.message).toContain('expected `7412.80 ms`');
    expect(grade('SGLang delivers 25.0% higher total token throughput than vLLM.')).toEqual(['25.0% mismatch']);
  });

  it('untraceable, with why, when no run is named or the number is about something else', () => {
    const { report, line } = withProse('Mean TTFT is 8000.00 ms.');
    expect(report.claims.filter((c) => c.line === line).map((c) => c.verdict)).toEqual(['untraceable']);
    const msg = report.messages.find((m) => m.line === line && m.ruleId === 'claim-untraceable');
    expect(msg?.message).toMatch(/`SGLang` prints Mean TTFT \(ms\) 7412\.80/);
    expect(grade('The official target is 5000.00 ms mean TTFT for SGLang.')).toEqual(['5000.00 ms untraceable']);
  });

  it('a paragraph another prose kind reads is not read twice', () => {
    const text = base;
    const report = checkAll([analyze(text, PATH)])[0];
    const line = text.split('\n').findIndex((l) => l.startsWith('Result: SGLang')) + 1;
    expect(report.claims.filter((c) => c.line === line).map((c) => c.kind)).toEqual(['ranking-value', 'ranking-order', 'ranking-value']);
  });

  it.skipIf(!hasCorpus)('adds no mismatch on the real pages (the seed pages and the corpus)', () => {
    const files = [...markdownFiles(SEED_PAGES), ...markdownFiles(CORPUS)];
    const root = join(import.meta.dirname, '..', '..');
    const analyses = files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f));
    const key = (c: Claim) => `${c.line}:${c.column}`;
    const without = verifyClaims(
      analyses,
      claimKinds.filter((k) => k.kind !== 'report-prose'),
    );
    const all = verifyClaims(analyses);
    const added = all.flatMap((p, i) => {
      const had = new Set(without[i].claims.map(key));
      return p.claims.filter((c) => !had.has(key(c))).map((c) => ({ path: analyses[i].report.path, claim: c }));
    });
    expect(added.filter((a) => a.claim.verdict === 'mismatch')).toEqual([]);
  });
});
