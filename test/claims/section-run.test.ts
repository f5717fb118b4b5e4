/**
 * A section of a page with several runs, whose own run is one: a sentence in it that names a metric means that run
 * (the experiment it reports), so a wrong value is an error at its line; a value another run of the page prints is
 * a number quoted from there and not held to the section's run; a value far from the run stays untraceable. The
 * runs are one real `vllm bench serve` block (test/fixtures/claims/single-run, its SOURCE in the page) and a copy
 * of it with other latencies, each under its own heading.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

const real = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'single-run', 'pr-one-run.md'), 'utf8');
const block = real.slice(real.indexOf('```\n=='), real.indexOf('```\n\n') + 4);
const other = block
  .replace('Mean TPOT (ms):                          9.15', 'Mean TPOT (ms):                          8.40')
  .replace('Median TTFT (ms):                        287.00', 'Median TTFT (ms):                        281.00');

const page = (sentence: string) => `# Qwen3-0.6B on one H100: two builds

## Results

### 1. main

${block}
The mean TPOT is 9.15 ms.

### 2. the pull request

${other}
${sentence}
`;

const check = (sentence: string) => checkAll([analyze(page(sentence), 'r.md')])[0];
const verdict = (sentence: string, text: string) => check(sentence).claims.find((c) => c.text === text)?.verdict;

describe('prose in a section of one run, on a page of several', () => {
  it("should verify the section's own value and flag a wrong one as an error", () => {
    expect(verdict('The mean TPOT is 8.40 ms.', '8.40 ms')).toBe('verified');
    const wrong = check('The mean TPOT is 8.60 ms.');
    expect(wrong.claims.find((c) => c.text === '8.60 ms')?.verdict).toBe('mismatch');
    expect(wrong.messages.filter((m) => m.severity === 'error').map((m) => m.ruleId)).toEqual(['claim-mismatch']);
  });

  it("should not hold a value another run prints to the section's run", () => {
    const quoted = check('Before, the mean TPOT was 9.15 ms.');
    expect(quoted.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });

  it("should not hold a number from elsewhere (a goal, an earlier build) to the section's run, nor to a page's only run", () => {
    for (const sentence of ['Our goal was a mean TPOT of 8.60 ms.', 'Last year the same build had a mean TPOT of 8.70 ms.'])
      expect(
        check(sentence).messages.filter((m) => m.severity === 'error'),
        sentence,
      ).toEqual([]);
    const single = checkAll([analyze(`${real}\nThe target mean TPOT was 9.40 ms.\n`, 'one.md')])[0];
    expect(single.claims.find((c) => c.text === '9.40 ms')?.verdict).not.toBe('mismatch');
  });

  it('should leave a value far from the run untraceable', () => {
    expect(check('The mean TPOT is 30.00 ms.').messages.filter((m) => m.severity === 'error')).toEqual([]);
  });
});

describe('a table row that states a run by its settings', () => {
  const table = (rows: string[]) => `# Qwen3-0.6B on one H100

## Results

${block}
| Build | num-prompts | max-concurrency | Output token  throughput (tok/s) | Total token throughput (tok/s) |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
  const claims = (rows: string[]) => checkAll([analyze(table(rows), 'r.md')])[0].claims.map((c) => `${c.text} ${c.verdict}`);

  it("should hold the row of the run's prompts and concurrency to the run, a slipped digit an error", () => {
    const graded = claims(['| main | 100 | 10 | 1014.62 | 3133.35 |', '| next | 200 | 10 | 1021.40 | 3141.00 |']);
    expect(graded).toContain('1014.62 mismatch');
    expect(graded).toContain('3133.35 verified');
    // The row of another prompt count is another run's: not held to this one.
    expect(graded.filter((g) => g.startsWith('1021.40') || g.startsWith('3141.00')).every((g) => !g.endsWith('mismatch'))).toBe(true);
  });

  it('should name no run by a setting two rows share', () => {
    const graded = claims(['| main | 100 | 10 | 1014.62 | 3133.35 |', '| again | 100 | 10 | 1016.00 | 3135.00 |']);
    expect(graded.some((g) => g.endsWith('mismatch'))).toBe(false);
  });
});
