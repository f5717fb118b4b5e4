/**
 * Shapes of prose numbers found in other projects' write-ups, read by the prose number reader on a written
 * house-layout page: speedups (`1.15x`, `1.15×`), approximations (`about`, `~`, `约`, `approximately`), rates with a
 * thousands suffix (`2.3K tok/s`), numbers in bold, sentences split across lines. Each is judged on evidence: an
 * error only when the sentence names the run and the metric.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProseNumbers } from '../../src/lib/claims/essay/sentence.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Claim } from '../../src/lib/schemas/claim.js';

const PATH = 'test/fixtures/claims/house/base.md';
const base = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'house', 'base.md'), 'utf8');

/** Claims of a paragraph put after the SGLang run of the first experiment. */
function claimsOf(paragraph: string): Claim[] {
  const text = base.replace('\nResult: SGLang', `\n${paragraph}\n\nResult: SGLang`);
  const first = text.split('\n').indexOf(paragraph.split('\n')[0]) + 1;
  const last = first + paragraph.split('\n').length - 1;
  return checkAll([analyze(text, PATH)])[0].claims.filter((c) => c.line >= first && c.line <= last);
}

const grade = (paragraph: string) => claimsOf(paragraph).map((c) => `${c.text} ${c.verdict}`);

describe('prose shapes of other write-ups', () => {
  it('speedups written 1.15x and 1.15×', () => {
    expect(grade('SGLang is 1.15x faster than vLLM in total token throughput.')).toEqual(['1.15x faster verified']);
    expect(grade('SGLang delivers 1.15× the total token throughput of vLLM.')).toEqual(['1.15× verified']);
    expect(grade('SGLang is 2.15x faster than vLLM in total token throughput.')).toEqual(['2.15x faster mismatch']);
  });

  it('approximations, with the tolerance stated in the claim', () => {
    const [c] = claimsOf('SGLang cuts mean TTFT by ~67% against vLLM.');
    expect(c.verdict).toBe('verified');
    expect(c.tolerance).toMatch(/approximate: within 10%/);
    expect(grade('SGLang reaches approximately 2300 tok/s total token throughput.')).toEqual(['2300 tok/s verified']);
    expect(grade('SGLang 的总吞吐约 2300 tok/s。')).toEqual(['2300 tok/s verified']);
    expect(grade('Mean TTFT is about 7400 ms with SGLang.')).toEqual(['7400 ms verified']);
  });

  it('rates with a thousands suffix, compared in thousands', () => {
    const [c] = claimsOf('SGLang reaches 2.3K tok/s total token throughput.');
    expect([c.text, c.verdict, c.formula]).toEqual(['2.3K tok/s', 'verified', 'Total Token throughput (tok/s) = 2300.00 / 1000']);
    expect(c.tolerance).toMatch(/half-up to 1 decimal of thousands/);
    // 2.5K is no run's value, and the sentence names the run and the metric.
    expect(grade('SGLang reaches 2.5K tok/s total token throughput.')).toEqual(['2.5K tok/s mismatch']);
    // Far from the named run's value and printed by no run: more likely about something else than a slip.
    expect(grade('SGLang reaches 2.9K tok/s total token throughput.')).toEqual(['2.9K tok/s untraceable']);
    // A suffix on anything but a rate is not read (`8K context`, `4K ms`).
    expect(parseProseNumbers('with an 8K ms budget').map((n) => n.stated.claim)).toEqual([]);
  });

  it('numbers in bold', () => {
    expect(grade('SGLang reaches a mean TTFT of **7412.80 ms**.')).toEqual(['7412.80 ms verified']);
    expect(grade('The mean TTFT of SGLang is **7512.80 ms**.')).toEqual(['7512.80 ms mismatch']);
  });

  it('a sentence split across lines is one sentence', () => {
    expect(grade('SGLang reaches a mean TTFT\nof 7412.80 ms.')).toEqual(['7412.80 ms verified']);
    expect(grade('The mean TTFT of SGLang\nis 7512.80 ms.')).toEqual(['7512.80 ms mismatch']);
    // A ratio's word on the next line is not part of its claim (a claim stands on one line).
    expect(grade('SGLang is 1.15x\nfaster than vLLM in total token throughput.')).toEqual(['1.15x verified']);
    // Lines that are items stay apart: each value keeps its own label.
    expect(grade('vLLM: mean TTFT 22141.21 ms;\nSGLang: mean TTFT 7412.80 ms.')).toEqual(['22141.21 ms verified', '7412.80 ms verified']);
  });

  it('rankings in words: `X is the fastest`, `X has the lowest ...`', () => {
    const [c] = claimsOf('SGLang is the fastest engine in total token throughput.');
    expect([c.text, c.verdict, c.kind]).toEqual(['fastest', 'verified', 'ranking-order']);
    expect(c.formula).toBe('`SGLang` 2300.00 >= every other run of the section (next: `vLLM` 2000.00) (Total Token throughput (tok/s))');
    expect(grade('SGLang has the lowest mean TTFT.')).toEqual(['lowest verified']);
    // The wrong run named, with the metric named: decisive.
    const { claims, messages } = (() => {
      const paragraph = 'vLLM is the fastest engine in total token throughput.';
      const text = base.replace('\nResult: SGLang', `\n${paragraph}\n\nResult: SGLang`);
      const report = checkAll([analyze(text, PATH)])[0];
      const line = text.split('\n').indexOf(paragraph) + 1;
      return { claims: report.claims.filter((x) => x.line === line), messages: report.messages.filter((m) => m.line === line) };
    })();
    expect(claims.map((x) => x.verdict)).toEqual(['mismatch']);
    expect(messages.map((m) => m.message)).toEqual([
      'Unexpected `fastest`, expected `not fastest` from `SGLang` 2300.00 > `vLLM` 2000.00 (Total Token throughput (tok/s)) (line 68)',
    ]);
    // No metric named: which order is meant is not said, so nothing is read.
    expect(grade('SGLang is the fastest engine.')).toEqual([]);
  });

  it('rankings in symbols: `A > B` with names only', () => {
    expect(grade('SGLang > vLLM in total token throughput.')).toEqual(['> verified']);
    expect(grade('vLLM > SGLang in total token throughput.')).toEqual(['> mismatch']);
    expect(grade('SGLang < vLLM in mean TTFT.')).toEqual(['< verified']);
  });
});
