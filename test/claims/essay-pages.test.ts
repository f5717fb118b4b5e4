import { describe, expect, it } from 'vitest';
import { nameRuns } from '../../src/lib/claims/essay/runs.js';
import { parseProseNumbers } from '../../src/lib/claims/essay/sentence.js';
import { analyze } from '../../src/lib/pipeline.js';
import { check, fixtureTests, read, type Row } from './essay-fixtures.js';

/**
 * Benchmark write-ups of other projects (PR descriptions, a README, a Chinese report) around real `vllm bench
 * serve` and `sglang.bench_serving` output: every number that restates or compares runs is a claim, the wrong
 * ones are found, the right ones verify.
 */

const expected: Record<string, Row[]> = {
  // Run names in plain `main:` / `this PR:` lines; command, server log and result in one fence.
  'vllm-pr-main-vs-this-pr.md': [
    [74, '3.56x faster', 'verified'],
    [75, '72.74 ms', 'verified'],
    [75, '9.15 ms', 'verified'],
    [75, '7.9x faster', 'verified'],
    [76, '0.31 s', 'verified'],
    [76, '1.07 s', 'verified'],
    [76, '36.5%', 'verified'],
    [77, '-80%', 'mismatch'],
    [78, '9.81 ms', 'mismatch'],
    [79, '12x faster', 'mismatch'],
    [80, '-71%', 'verified'],
    [80, '-87%', 'verified'],
    [81, '1,014 tok/s', 'verified'],
    [85, '1,073.16', 'verified'],
    [85, '313.28', 'verified'],
    [85, '-70.8%', 'verified'],
    [86, '73.60', 'verified'],
    [86, '9.18', 'verified'],
    [86, '8.02x faster', 'verified'],
    [87, '87.79', 'verified'],
    [87, '10.31', 'verified'],
    [87, '-88.3%', 'verified'],
    [88, '4,935', 'verified'],
    [88, '3,133', 'verified'],
    [88, '-36.5%', 'verified'],
    // `64.81 ± 1.2`: the mean is one run's; the spread summarises repeats the page does not show.
    [89, '64.81', 'verified'],
    [89, '± 1.2', 'untraceable'],
    [89, '9.15', 'verified'],
    [89, '± 0.3', 'untraceable'],
  ],
  // Run names in headings; seconds against milliseconds; thousands separators; a row per run.
  'sglang-vs-vllm-multimodal.md': [
    [65, '1.83x higher', 'verified'],
    // Written without a unit: a claim because it reproduces vLLM's printed 17,934.09.
    [65, '17,934', 'verified'],
    [65, '9,781 tok/s', 'verified'],
    [66, '2.13x slower', 'verified'],
    [66, '53.7 s', 'verified'],
    [66, '25.2 s', 'verified'],
    [68, '45.0%', 'mismatch'],
    [69, '46.3%', 'verified'],
    [70, '52,069.90 ms', 'mismatch'],
    [74, '17,934.09', 'verified'],
    [74, '25.22', 'verified'],
    [74, '42,164.54', 'verified'],
    [74, '43.81', 'verified'],
    [75, '9,781.12', 'verified'],
    [75, '53.70', 'verified'],
    [75, '78,548.58', 'verified'],
    [75, '80.33', 'verified'],
    [76, '+83.4%', 'verified'],
    [76, '-53.0%', 'verified'],
    [76, '1.86x faster', 'verified'],
    [76, '-45.5%', 'verified'],
    [80, '17.35', 'mismatch'],
    [81, '9.56', 'verified'],
  ],
  // Chinese: 约, 提升, 降低, 倍, full-width ％ and ，; concurrency only in the headings that name the runs.
  'sglang-concurrency-zh.md': [
    [72, '160.6％', 'verified'],
    [72, '81%', 'verified'],
    [73, '2.26 倍', 'verified'],
    [74, '2.6 倍', 'verified'],
    [75, '45％', 'mismatch'],
    [76, '35％', 'untraceable'],
    [77, '1.4 s', 'verified'],
    [78, '10 倍', 'mismatch'],
    [82, '62.86', 'verified'],
    [82, '223.49', 'verified'],
    [82, '+255.5％', 'verified'],
    [83, '756.09', 'verified'],
    [83, '1,386.02', 'verified'],
    [83, '+83.3%', 'verified'],
    [84, '59,795.16', 'verified'],
    [84, '9,686.20', 'verified'],
    [84, '6.17 倍', 'verified'],
    [85, '33,559.75', 'verified'],
    [85, '7,441.71', 'verified'],
    [85, '-87.8%', 'mismatch'],
  ],
  // Run names in list items under concurrency headings: the same name twice, so unqualified claims stay uncertain.
  'readme-dynamic-vs-static.md': [
    [115, '12.4x', 'verified'],
    [116, '22.31x faster', 'verified'],
    [117, '54.8%', 'verified'],
    [118, '50%', 'untraceable'],
    [119, '532.92 ms', 'verified'],
    [120, '2,633 ms', 'untraceable'],
    [124, '9,626.13 ms', 'verified'],
    [124, '6,582.87', 'verified'],
    [125, '0.25 s', 'verified'],
    [125, '529.33', 'verified'],
    [126, '0.35 s', 'untraceable'],
    [126, '1,556.25', 'verified'],
  ],
  // Run names in a bold line, a bold `name:` line and an admonition title; `~ +N.N%`, `reduction`, `± std` in
  // prose; a change column (`vs Baseline`) against the metric column on its left.
  'blog-chunked-prefill.md': [
    [101, '+291.9%', 'verified'],
    [102, '43.3%', 'verified'],
    [103, '3.74x higher', 'verified'],
    [104, '12.5%', 'mismatch'],
    [105, '313.28', 'verified'],
    [105, '± 4.1 ms', 'untraceable'],
    [105, '10.22 s', 'verified'],
    [109, '1,014.26', 'verified'],
    [109, '9.15', 'verified'],
    [110, '575.43', 'verified'],
    [110, '-43.3%', 'verified'],
    [110, '34.23', 'verified'],
    [111, '3,974.53', 'verified'],
    [111, '+291.9%', 'verified'],
    [111, '55.10', 'mismatch'],
  ],
};

/** The deliberately wrong numbers of each page, and what the runs say instead. */
const corrections: Record<string, Array<[string, string]>> = {
  'vllm-pr-main-vs-this-pr.md': [
    ['Median TTFT -80%', 'Median TTFT -72%'],
    ['median ITL of 9.81 ms', 'median ITL of 8.91 ms'],
    ['up to 12x faster', 'up to 3.6x faster'],
  ],
  'sglang-vs-vllm-multimodal.md': [
    ['SGLang has a 45.0% higher request throughput than vLLM', 'vLLM has an 83.4% higher request throughput than SGLang'],
    ['52,069.90 ms', '53,069.90 ms'],
    ['| vLLM | 17.35 |', '| vLLM | 17.53 |'],
  ],
  'sglang-concurrency-zh.md': [
    ['平均 TTFT 增加了 45％', '平均 TTFT 增加了 83％'],
    ['吞吐量提升了 35％', '吞吐量提升了 160.6％'],
    ['降低了 10 倍', '降低了 5.1 倍'],
    ['-87.8%', '-77.8%'],
  ],
  'blog-chunked-prefill.md': [
    ['has a 12.5% lower total throughput', 'has a 107.2% higher total throughput'],
    ['| 55.10 |', '| 55.01 |'],
  ],
  'readme-dynamic-vs-static.md': [
    ['median TPOT by 50%', 'median TPOT by 54.8%'],
    ['2,633 ms', '2,634 ms'],
    ['| Static | 0.35 s |', '| Static | 0.16 s |'],
  ],
};

/** Spreads of one run's value: the repeats they summarise are not on the page, so they stay untraceable. */
const unmeasured: Record<string, string[]> = {
  'vllm-pr-main-vs-this-pr.md': ['± 1.2', '± 0.3'],
  'blog-chunked-prefill.md': ['± 4.1 ms'],
};

describe('essay pages: claims in any layout, traced to the runs', () => {
  fixtureTests(
    Object.fromEntries(
      Object.entries(expected).map(([name, rows]) => [name, { rows, corrections: corrections[name], unmeasured: unmeasured[name] }]),
    ),
  );

  it('should give a mismatch its recomputed value and formula from the two labelled runs', () => {
    const report = check(read('vllm-pr-main-vs-this-pr.md'), 'p.md');
    const c = report.claims.find((x) => x.text === '-80%')!;
    expect(c).toMatchObject({ recomputed: -72, formula: '(1 - 287.00 / 1022.13) x 100 = 71.92' });
    expect([c.source?.line, c.sources[0]?.line]).toEqual([30, 59]);
  });

  it('should read a change column of a row-per-run table against the row labelled Baseline', () => {
    const source = read('blog-chunked-prefill.md').replace('| +291.9% |', '| +219.9% |');
    const c = check(source, 'b.md').claims.find((x) => x.text === '+219.9%')!;
    expect(c).toMatchObject({ verdict: 'mismatch', recomputed: 291.9, formula: '(3974.53 / 1014.26 - 1) x 100 = 291.87' });
  });

  it('should call a ratio far above every comparison of the page a mismatch even when its pair is not certain', () => {
    const report = check(read('sglang-concurrency-zh.md'), 'zh.md');
    expect(report.claims.find((x) => x.text === '10 倍')).toMatchObject({ verdict: 'mismatch', recomputed: 5 });
  });
});

describe('precision on sentences that are not about the page runs', () => {
  const base = read('vllm-pr-main-vs-this-pr.md');
  const claimsOn = (sentence: string) => {
    const source = base.replace('## Summary\n', `## Summary\n\n${sentence}\n`);
    const line = source.split('\n').indexOf(sentence) + 1;
    return check(source, 'p.md').claims.filter((c) => c.line === line);
  };

  it('should leave a comparison with something off the page untraceable, never a mismatch', () => {
    expect(claimsOn('This PR is 30% faster on median TTFT than HF transformers.').map((c) => c.verdict)).toEqual(['untraceable']);
    expect(claimsOn('Overall this PR is 20x faster on median TTFT than TGI.').map((c) => c.verdict)).toEqual(['untraceable']);
  });
  it('should take no number that counts something else for a claim', () => {
    expect(claimsOn('This PR serves 2x more prompts at the same median TTFT, using 10% of the memory.')).toEqual([]);
    expect(claimsOn('With this PR the median TTFT after a 30 s warm-up is 287.00 ms.').map((c) => [c.text, c.verdict])).toEqual([
      ['287.00 ms', 'verified'],
    ]);
  });
  it('should make the same comparison with the other run named a mismatch', () => {
    expect(claimsOn('This PR is 30% faster on median TTFT than main.').map((c) => c.verdict)).toEqual(['mismatch']);
  });
});

describe('run names from the nearest label', () => {
  it('should name runs by a plain `name:` line, a list item and a heading, with the concurrency of the section', () => {
    for (const [name, names] of [
      ['vllm-pr-main-vs-this-pr.md', ['main', 'this PR']],
      ['sglang-vs-vllm-multimodal.md', ['vLLM', 'SGLang']],
      ['readme-dynamic-vs-static.md', ['Dynamic', 'Static', 'Dynamic', 'Static']],
      ['blog-chunked-prefill.md', ['Baseline', 'Chunked prefill 2k', 'Chunked prefill 8k']],
      ['sglang-concurrency-zh.md', ['并发 4', '并发 8']],
    ] as const) {
      const source = read(name);
      const a = analyze(source, name);
      const runs = nameRuns(a.linesAbove, a.report.runs, a.report.headings);
      expect(runs.map((r) => r.name)).toEqual(names);
    }
    const source = read('readme-dynamic-vs-static.md');
    const a = analyze(source, 'r.md');
    expect(nameRuns(a.linesAbove, a.report.runs, a.report.headings).map((r) => r.concurrency)).toEqual([16, 16, 64, 64]);
  });
});

describe('prose numbers', () => {
  it('should read Chinese comparisons with their direction, approximation and metric', () => {
    const got = parseProseNumbers('吞吐量提升了 35％，TTFT 降低约 20%，快 1.5 倍。').map((n) => [
      n.stated.claim,
      n.kind,
      n.metric?.family,
      n.direction,
      n.approx,
    ]);
    expect(got).toEqual([
      ['35％', 'percent', 'throughput', 'up', false],
      ['20%', 'percent', 'ttft', 'down', true],
      ['1.5 倍', 'ratio', 'ttft', null, false],
    ]);
  });
  it('should read a minus-sign improvement and a speedup after its metric', () => {
    const [a, b] = parseProseNumbers('TTFT -23% and a 2x faster median TPOT');
    expect([a.stated.value, a.direction, a.metric?.family]).toEqual([-23, 'down', 'ttft']);
    expect([b.stated.claim, b.metric?.family, b.metric?.stat]).toEqual(['2x faster', 'tpot', 'median']);
  });
  it('should not take a device count or a model size for a claim', () => {
    expect(parseProseNumbers('On 8x H100 with Llama-3.1-8B, TTFT is fine.')).toEqual([]);
  });
});
