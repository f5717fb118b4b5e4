/** Minimal counterexamples the fuzz properties found, kept as plain regression tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselessClaims, lostFences, problems, run } from './oracle.js';
import { resultAdmonition, resultsSection } from './results-section.js';

const block = [
  '============ Serving Benchmark Result ============',
  'Successful requests:   10',
  'Total Token throughput (tok/s):   1.00',
  '==================================================',
];

describe('fuzz regressions', () => {
  it('should keep a result fence under a list item that mentions parameters inside a result admonition', () => {
    // Found by "no block lost": the fence was read as backend parameters and its run vanished without a message.
    const text = resultsSection(
      '??? info "Benchmark result"',
      '    - With tuned parameters:',
      '',
      '        ```',
      ...block.map((l) => `        ${l}`),
      '        ```',
    );
    const checked = run(text);
    expect(problems(checked, text)).toEqual([]);
    expect(lostFences(checked.report, [8])).toEqual([]);
    expect(checked.report.runs.map((r) => r.metrics.total_token_throughput?.value)).toEqual([1]);
    expect(baselessClaims(checked.report, text)).toEqual([]);
  });
});

describe('fuzz regressions: result fences with a data language', () => {
  for (const lang of ['yaml', 'json']) {
    it(`should read or report a \`${lang}\` fence in a result admonition`, () => {
      // Found by "no block lost": YAML and JSON fences were skipped as data even where a result belongs.
      const text = resultsSection(
        ...resultAdmonition(`\`\`\`${lang}`, block),
        '',
        ...resultAdmonition(`\`\`\`${lang}`, ['{"request_throughput": 4.44}']),
      );
      const checked = run(text);
      expect(problems(checked, text)).toEqual([]);
      expect(lostFences(checked.report, [6, 14])).toEqual([]);
      expect(checked.report.runs.map((r) => r.fenceLine)).toEqual([6]);
      expect(checked.report.messages.filter((m) => m.ruleId === 'benchmark-unparsed').map((m) => m.line)).toEqual([14]);
    });
  }
});

describe('fuzz regressions: a claim never spans a line break', () => {
  it('should end a ratio claim before a `<br>` or a soft break between the number and its direction word', () => {
    // Found by "no claim on a line without a number": the claim text ran on to the next line (`0x\n  faster`),
    // so it did not stand at its line and column; in a cell the `<br>` became a newline the source does not have.
    const text = [
      '# Optimizing X Throughput on NVIDIA H100 GPUs',
      '',
      '## Conclusion',
      '',
      '| Benchmark Case | Baseline | Optimized |',
      '|---|---|---|',
      '| **ShareGPT** | Mean latency: 1.66s/req | Mean latency: 0.62s/req (2.7x<br>faster) |',
      '',
      '## Experiment Results',
      '',
      '- Summary: `A` Mean Latency = 5.32s, `B` Mean Latency = 25.15s. `A` is faster by 19.83s (4.73x',
      '  faster). TTFT = 68.48 ms vs 6456.42 ms, reduced by 6387.94 ms (94.29x<br>faster)',
      '',
    ].join('\n');
    const checked = run(text);
    expect(problems(checked, text)).toEqual([]);
    expect(baselessClaims(checked.report, text)).toEqual([]);
    const ratios = checked.report.claims.filter((c) => /x/.test(c.text)).map((c) => c.text);
    expect(ratios).toEqual(['2.7x', '4.73x', '94.29x']);
  });
});

describe('fuzz regressions: write-ups', () => {
  it('should compare two runs of a write-up when one prints a metric with a bad value, without an internal error', () => {
    // Found by a damage campaign over the write-up fixtures: a metric line whose value was damaged is in the run with
    // no number, and the comparison reader took it for a number and stopped with a TypeError.
    const path = join(import.meta.dirname, '..', 'fixtures', 'essay-pages', 'readme-dynamic-vs-static.md');
    const text = readFileSync(path, 'utf8').replace(/^(\s*Median TPOT \(ms\):)\s+[\d.]+$/m, '$1 ****');
    expect(text).toContain('Median TPOT (ms): ****');
    const checked = run(text);
    expect(problems(checked, text)).toEqual([]);
  });

  it('should read a write-up table whose row has more cells than its header, without an internal error', () => {
    // Found by the same campaign: the cells past the header's had no column, and the table reader stopped.
    const path = join(import.meta.dirname, '..', 'fixtures', 'essay-pages', 'vllm-pr-main-vs-this-pr.md');
    const source = readFileSync(path, 'utf8');
    const row = source.split('\n').find((l) => /^\|\s*Mean ITL/.test(l))!;
    expect(row).toBeDefined();
    const text = source.replace(row, `${row.replace(/\|\s*$/, '')}${' 1 |'.repeat(30)}`);
    expect(problems(run(text), text)).toEqual([]);
  });
});
