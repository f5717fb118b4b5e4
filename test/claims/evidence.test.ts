import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { aliasesOf, namedByWords, type NamedRun } from '../../src/lib/claims/essay/runs.js';

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

/** The claims of a line of a page of test/fixtures/evidence/, as [text, verdict]. */
const onLine = (name: string, line: number) =>
  check(read(name), name)
    .claims.filter((c) => c.line === line)
    .map((c) => [c.text, c.verdict]);
const errorsOn = (name: string, line: number) =>
  check(read(name), name)
    .messages.filter((m) => m.line === line && m.severity === 'error')
    .map((m) => m.ruleId);

// The four inputs of issue 42 that made a wrong number pass: each an error or untraceable, never verified.
describe('inputs that made a wrong number pass', () => {
  it('should find no finite change over a baseline printed 0.00', () => {
    // The conclusion's baseline and the run print 0.00 tok/s; `(+60.0%)` over it has no finite value.
    const row = check(read('zero-baseline.md'), 'zero-baseline.md').claims.filter((c) => c.kind === 'improvement');
    const overZero = row.filter((c) => c.formula?.includes('/ 0.00 '));
    expect(overZero.map((c) => [c.text, c.verdict])).toEqual([
      ['+60.0%', 'mismatch'],
      ['+15.0%', 'mismatch'],
    ]);
    for (const c of overZero) {
      expect(c.recomputed).toBeNull();
      expect(c.tolerance).toContain('a divisor that may be 0 gives no finite result');
    }
    expect(errorsOn('zero-baseline.md', 16)).toContain('claim-mismatch');
  });

  it('should judge every number of a cell, not only the first', () => {
    // `Total TPS: 3200.00 9999.99`: both are stated; the run prints 3200.00.
    expect(onLine('cell-two-numbers.md', 16)).toContainEqual(['9999.99', 'mismatch']);
    // `<del>3200.00</del> 9999.99`: the struck value is withdrawn, the one after it is what the cell states.
    const struck = onLine('cell-deleted-number.md', 16);
    expect(struck).toContainEqual(['9999.99', 'mismatch']);
    expect(struck.map(([t]) => t)).not.toContain('3200.00');
    // Ruby fallback text (`<rp>`) is a word of its own, never glued to the number before it.
    expect(onLine('cell-ruby-fallback.md', 16)).toEqual(
      expect.arrayContaining([
        ['3200.00', 'verified'],
        ['9999.99', 'mismatch'],
      ]),
    );
    for (const name of ['cell-two-numbers.md', 'cell-deleted-number.md', 'cell-ruby-fallback.md'])
      expect(errorsOn(name, 16), name).toContain('claim-mismatch');
  });

  it('should read which run a sentence credits (swapped operands, exchanged values)', () => {
    for (const [name, lines] of [
      ['swapped-operands.md', [61, 63, 65]],
      ['report-swapped-operands.md', [119, 121, 123]],
    ] as const) {
      const [ratio, percent, values] = lines;
      // `vLLM is 1.25x faster than SGLang` where SGLang's runs are the faster: the size is right, the order wrong.
      expect(
        onLine(name, ratio).map(([, v]) => v),
        name,
      ).toEqual(['mismatch']);
      expect(
        onLine(name, percent).map(([, v]) => v),
        name,
      ).toEqual(['mismatch']);
      // Two engines' TTFTs exchanged in one sentence: each is the other run's value.
      expect(
        onLine(name, values).map(([, v]) => v),
        name,
      ).toEqual(['mismatch', 'mismatch']);
    }
    // The same sentence with the runs in their order verifies.
    expect(onLine('swapped-operands.md', 59)).toEqual([['1.25x faster', 'verified']]);
    const c = check(read('swapped-operands.md'), 'swapped-operands.md').claims.find((x) => x.line === 61)!;
    expect(c.formula).toContain('the runs say the other way round');
  });

  it('should report a character that prints nothing inside a number as an error at its column', () => {
    for (const [name, column] of [
      ['invisible-zwsp.md', 77],
      ['invisible-soft-hyphen.md', 80],
      ['invisible-word-joiner.md', 76],
    ] as const) {
      const report = check(read(name), name);
      expect(
        report.messages.filter((m) => m.ruleId === 'number-invisible-character').map((m) => [m.line, m.column, m.severity]),
        name,
      ).toEqual([[16, column, 'error']]);
      // No claim reads the broken number, and nothing computed from it is verified.
      expect(
        report.claims.filter((c) => c.line === 16 && c.verdict === 'verified' && c.kind === 'improvement'),
        name,
      ).toEqual([]);
    }
  });

  it('should read a decimal comma where the page writes one', () => {
    // `(+58,9%)` is 58.9 %: the runs give +60.0 %.
    expect(onLine('decimal-comma.md', 16)).toContainEqual(['+58,9%', 'mismatch']);
    const m = check(read('decimal-comma.md'), 'decimal-comma.md').messages.find((x) => x.ruleId === 'claim-mismatch')!;
    expect(m.expected).toBe('+60,0%');
    expect(onLine('decimal-comma-right.md', 16)).toContainEqual(['+60,0%', 'verified']);
  });
});

describe('a comparison whose sentence states the values it compares', () => {
  it('should take the runs the two values copy, and judge the change at its stated precision', () => {
    // Three runs, none named by the sentence; `2.50K` and `2.00K` are each one run's total throughput.
    expect(onLine('operands-in-sentence.md', 85)).toEqual([['26.0%', 'mismatch']]);
    expect(onLine('operands-in-sentence.md', 86)).toEqual([['25.0%', 'verified']]);
    const c = check(read('operands-in-sentence.md'), 'operands-in-sentence.md').claims.find((x) => x.line === 85)!;
    expect(c.formula).toBe('(2500.00 / 2000.00 - 1) x 100 = 25.00');
  });
});

describe('a number stated as the result of the arithmetic before it', () => {
  it('should judge it on its own expression, integers exact and decimals to half a unit', () => {
    // `1/(1 − 0.9) ≈ 10x` is 10.00: a bound from the arithmetic, not a comparison of the runs.
    expect(onLine('operands-in-sentence.md', 87)).toEqual([['10x', 'verified']]);
    // `300 × 0.12` is 34.5 to 37.5 for a rate shown as 0.12: 36.5 holds, 38.0 does not; `300 ×` is no ratio.
    expect(onLine('operands-in-sentence.md', 88)).toEqual([['36.5 ms', 'verified']]);
    expect(onLine('operands-in-sentence.md', 89)).toEqual([['38.0 ms', 'mismatch']]);
    const c = check(read('operands-in-sentence.md'), 'operands-in-sentence.md').claims.find((x) => x.line === 89)!;
    expect(c.formula).toBe('300 x 0.12 = 36.00');
    expect(c.tolerance).toContain('integers exact');
  });
});

describe('arithmetic worked out in a plain fence', () => {
  it('should judge each result on the expression before it, and a sum rewritten term by term on the terms it replaces', () => {
    const report = check(read('worked-arithmetic.md'), 'worked-arithmetic.md');
    expect(report.claims.map((c) => [c.line, c.text, c.verdict, c.formula])).toEqual([
      [8, '517.20', 'verified', '612.40 - 95.20 = 517.20'],
      // Units between the numbers are read past.
      [9, '0.126', 'verified', '517.20 / 4096 = 0.126'],
      // 256 × 0.126 = 32.256; the rate's half-unit allows 32.13 to 32.38.
      [10, '32.26', 'verified', '256 × 0.126 = 32.26'],
      [11, '516.1', 'verified', '4096 × 0.126 = 516.10'],
      // The term copied wrong: 32.62 for 32.26, outside what the inputs allow.
      [11, '32.62', 'mismatch', '256 × 0.126 = 32.26'],
      [11, '611.7', 'verified', '516.1 + 32.62 + 62.94 = 611.66'],
      [12, '32.62', 'mismatch', '256 × 0.126 = 32.26'],
      [12, '95.6', 'verified', '0 + 32.62 + 62.94 = 95.56'],
    ]);
    const wrong = report.claims.find((c) => c.verdict === 'mismatch')!;
    expect([wrong.column, wrong.recomputed, wrong.tolerance]).toEqual([
      55,
      32.26,
      'half-up to 2 decimals; decimal inputs +/- half a unit, integers exact (interval)',
    ]);
    // A fence of a command (or in a language) is not worked arithmetic; key=value and comparisons are no steps.
    expect(report.claims.filter((c) => c.line >= 13)).toEqual([]);
    expect(report.messages.filter((m) => m.ruleId === 'site-claim-unplaced')).toEqual([]);
  });
});

describe('a change after a word in a change column', () => {
  it('should judge `~unchanged (1.07x)` on the two values of its row, and leave bracketed ratios of other columns alone', () => {
    const report = check(read('worded-change.md'), 'worded-change.md');
    expect(report.claims.map((c) => [c.line, c.text, c.verdict, c.formula, c.recomputed])).toEqual([
      [5, '5.80x', 'verified', '512.40 / 88.35', 5.8],
      // 21.40 / 19.83 = 1.0792: 1.07 only by truncation.
      [6, '1.07x', 'mismatch', '21.40 / 19.83', 1.08],
    ]);
    expect(report.messages.map((m) => [m.ruleId, m.line])).toEqual([['claim-rounding', 6]]);
  });
});

describe('a number restated elsewhere on the page', () => {
  it('should judge a restatement left without a certain pair as the claim it restates, and keep the precision of `about 6.8%`', () => {
    const report = check(read('restated-change.md'), 'restated-change.md');
    const changes = report.claims.filter((c) => c.kind === 'essay-change');
    expect(changes.map((c) => [c.line, c.text, c.verdict, c.formula, c.recomputed])).toEqual([
      // 2134.90 / 2000.00 = 1.06745: 6.7%, an approximate word or not.
      [3, '6.8%', 'mismatch', '(2134.90 / 2000.00 - 1) x 100 = 6.75', 6.7],
      // Names one deployment of three; the pair of line 3 is among its candidates, with the same value.
      [87, '6.8%', 'mismatch', '(2134.90 / 2000.00 - 1) x 100 = 6.75', 6.7],
    ]);
    expect(changes[1].tolerance).toMatch(/restates line 3/);
    expect(changes[1].source).toEqual(changes[0].source);
  });
});

describe('lines of a paragraph that each end in a number', () => {
  it('should read each line as its own statement, with the metric it names', () => {
    expect(verdicts(read('value-lines.md'), 'value-lines.md')).toEqual([
      [58, '+25.0%', 'verified'],
      [59, '-18.2%', 'verified'],
      [60, '-20.8%', 'verified'],
    ]);
    const ttft = check(read('value-lines.md'), 'value-lines.md').claims.find((c) => c.text === '-18.2%')!;
    expect(ttft.formula).toBe('(1 - 180.00 / 220.00) x 100');
  });
});

describe('an order on every metric between two runs named by their words', () => {
  it('should judge `A underperforms B on every metric` when each side names a run by a word only its name has', () => {
    const report = check(read('every-metric-words.md'), 'every-metric-words.md');
    expect(report.claims.map((c) => [c.line, c.text, c.verdict])).toEqual([
      [57, 'underperforms Burst-Ready on every metric', 'verified'],
      // Setup Q is ahead on every metric: it trails on none.
      [59, 'trails Steady on every metric', 'mismatch'],
    ]);
    expect(report.claims[1].formula).toBe(
      '`Setup Q (TP8 Burst-Ready) raw output` 167.62 vs `Setup P (TP8 Steady) raw output` 209.52 (Benchmark duration (s))',
    );
  });
});

describe('a comparison of two runs in words', () => {
  it('should judge `A has lower TTFT than B` and a heading that compares, and leave a comparison with a number to the change', () => {
    const report = check(read('comparative-words.md'), 'comparative-words.md');
    expect(report.claims.map((c) => [c.line, c.kind, c.text, c.verdict])).toEqual([
      [1, 'ranking-order', 'higher than', 'verified'],
      // Setup P's mean TTFT is 220.00 ms against Setup Q's 180.00 ms.
      [57, 'ranking-order', 'lower TTFT than', 'mismatch'],
      [59, 'essay-change', '25%', 'verified'],
    ]);
    expect(report.messages.find((m) => m.ruleId === 'claim-mismatch')?.message).toMatch(
      /^Unexpected `lower TTFT than`, expected `higher TTFT than`/,
    );
  });
});

describe('derived columns of a table: an absolute change beside the percent', () => {
  it('should judge each difference as second - first and each percent on the two value columns, skipping the difference', () => {
    const report = check(read('difference-column.md'), 'difference-column.md');
    expect(report.claims.map((c) => [c.line, c.text, c.verdict, c.formula])).toEqual([
      [5, '+0.33', 'verified', '2.73 - 2.40'],
      [5, '+13.75%', 'verified', '(2.73 / 2.40 - 1) x 100'],
      [6, '-208.40', 'verified', '1604.10 - 1812.50'],
      [6, '-11.50%', 'verified', '(1604.10 / 1812.50 - 1) x 100'],
      [7, '-16.30', 'verified', '71.90 - 88.20'],
      [7, '-18.48%', 'verified', '(71.90 / 88.20 - 1) x 100'],
      // A digit slipped: 17210.30 - 20412.70 = -3202.40.
      [8, '-3102.40', 'mismatch', '17210.30 - 20412.70'],
      [8, '-15.69%', 'verified', '(17210.30 / 20412.70 - 1) x 100'],
      // Headers in Chinese: `提升绝对值` (the absolute gain), `提升百分比` (the gain in percent).
      [12, '+64.00', 'verified', '704.00 - 640.00'],
      [12, '+10.00%', 'verified', '(704.00 / 640.00 - 1) x 100'],
    ]);
  });
});

describe('a setting named as prose names it, and a superlative stated with its value', () => {
  it('should read `the 0.25 setting` as the run under `Setting 0.25`, and judge `fastest, at N tok/s` as a throughput', () => {
    const report = check(read('setting-words.md'), 'setting-words.md');
    expect(report.claims.map((c) => [c.line, c.kind, c.text, c.verdict])).toEqual([
      // Both runs served one workload (the same bench command), so the page's two runs are the field: 0.5 is faster.
      [69, 'ranking-order', 'fastest', 'mismatch'],
      [69, 'cell-value', '10289.39 tok/s', 'verified'],
      // Mean TTFT fell from 410.22 to 300.52 ms: 26.7%, not 40%.
      [71, 'essay-change', '40%', 'mismatch'],
      [71, 'ranking-order', 'lowest', 'verified'],
    ]);
    expect(aliasesOf('Setting 0.25')).toContain('0.25 setting');
    expect(aliasesOf('0.5 setting')).toContain('setting 0.5');
  });

  it('should take the workload of a bench command beside the serving one, and only the lengths at another load', () => {
    const { report } = analyze(read('command-other-load.md'), 'command-other-load.md');
    const setups = report.runs.map((r) => [r.setup.dataset, r.setup.inputLength, r.setup.maxConcurrency, r.setup.numPrompts]);
    expect(setups).toEqual([
      ['random', 512, 100, 500],
      // It printed `Maximum request concurrency: 8` and 64 requests: the command's lengths, not its load or count.
      ['random', 512, null, null],
    ]);
    expect(check(read('command-other-load.md'), 'command-other-load.md').messages.map((m) => m.ruleId)).not.toContain('run-incomplete');
  });
});

describe('a change said again without its metric', () => {
  it('should judge it as the earlier statement between the same runs, and leave one of its own unread', () => {
    const report = check(read('restated-no-metric.md'), 'restated-no-metric.md');
    expect(report.claims.map((c) => [c.line, c.text, c.verdict])).toEqual([
      [3, '2134.90', 'verified'],
      [3, '2000.00', 'verified'],
      // 2134.90 / 2000.00 is +6.7% in total throughput, not 8.5%.
      [3, '8.5%', 'mismatch'],
      // The conclusion names no metric: the same 8.5% between the same two deployments is the summary's claim again.
      [87, '8.5%', 'mismatch'],
      // `30% ahead` names no metric and restates nothing: which metric is not said, so it is not judged.
    ]);
  });
});
