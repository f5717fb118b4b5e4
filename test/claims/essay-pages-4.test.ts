import { describe, expect, it } from 'vitest';
import { parseProseNumbers } from '../../src/lib/claims/essay/sentence.js';
import { metricsIn } from '../../src/lib/claims/essay/vocab.js';
import { check, fixtureTests, read, type Fixture } from './essay-fixtures.js';

/**
 * Write-ups around output the earlier fixtures lack: a PR description comparing three `genai-perf profile` console
 * tables (NVIDIA GenAI-Perf | LLM Metrics: avg / min / max / p99 / p90 / p75 columns, rows such as `Time to first
 * token (ms)`, `Request throughput (per sec)`; the third run is not streamed, so it prints no TTFT or ITL); and a
 * README on three repeats of `vllm bench latency` (`Avg latency: ... seconds`, `10% percentile latency: ...`) whose
 * summary states `mean ± spread` over the runs (`453.4 ± 2.1 ms (mean ± sample standard deviation)`).
 *
 * A Chinese post compares two more genai-perf tables of two releases (`vLLM` and `Dynamo`); a Korean one compares
 * two older releases' tables, one in nanoseconds with its rates printed under it, one between the tool's log lines.
 *
 * What a `±` claim means: when the text speaks of repeated runs, the centre is the mean of the runs that print the
 * metric (those the sentence names, else those of its section), and the spread is a claim of its own, checked
 * against what the text says it is (a standard deviation, either kind when it does not say which; a standard
 * error; half the range); when the text does not say, the spread is untraceable, never an error.
 *
 * Measured on these pages (72 stated numbers, spreads included; 9 orders; 16 planted discrepancies of which 4 are
 * orders): before, 45 numbers and 7 orders found, 7 discrepancies flagged, 0 false errors (the repeats page: 3 runs
 * read, nothing found; the nanosecond run: its values and the changes against it untraceable); after, 72 numbers
 * and 9 orders found, 12 discrepancies flagged (two last-digit slips as rounding warnings), 0 false errors. The
 * other 4 stay untraceable: a change whose clause borrows its metric from the clause before, and three superlatives
 * over a section without runs. One spread, whose sentence does not say what it is, is untraceable by design.
 */

const fixtures: Record<string, Fixture> = {
  // Runs named by their headings (`TensorRT-LLM`, `vLLM`, `OpenAI completions`); the statistic as genai-perf
  // names it (`average`, `p99`), `request latency` for its end-to-end latency.
  'pr-triton-backends-genai-perf.md': {
    rows: [
      [104, '13.68 ms', 'verified'],
      [104, '22.04 ms', 'verified'],
      [105, '37.9%', 'verified'],
      [106, '1.86 ms', 'verified'],
      [106, '4.58 ms', 'verified'],
      [106, '2.46x faster', 'verified'],
      [107, '504.02 tok/s', 'verified'],
      // `2.38x the 212.04 tok/s of vLLM`: a multiple of a value, and a value followed by the run it is of.
      [107, '2.38x', 'verified'],
      [107, '212.04 tok/s', 'verified'],
      [108, '203.8 ms', 'mismatch'],
      // After a `;`, a value with no metric of its own takes the one of the value before it (borrowed: never certain).
      [108, '542.48 ms', 'verified'],
      [109, '72.4%', 'mismatch'],
      [110, '651.67 ms', 'mismatch'],
      [110, '25.73 ms', 'verified'],
      [111, '4.87 req/s', 'verified'],
      [111, '1.84 req/s', 'verified'],
      [112, '257.21 tok/s', 'verified'],
      [112, '495.28 ms', 'verified'],
      [119, '13.68', 'verified'],
      [119, '1.86', 'verified'],
      [119, '504.02', 'verified'],
      [119, '203.70', 'verified'],
      [120, '22.04', 'verified'],
      [120, '4.85', 'mismatch'],
      [120, '212.04', 'verified'],
      [120, '542.48', 'verified'],
      [121, '257.21', 'verified'],
      [121, '437.85', 'verified'],
    ],
    corrections: [
      ['request latency of TensorRT-LLM is 203.8 ms', 'request latency of TensorRT-LLM is 203.7 ms'],
      ['72.4% lower', '62.5% lower'],
      ['651.67 ms', '615.67 ms'],
      ['| 4.85 |', '| 4.58 |'],
      ['vLLM > OpenAI completions > TensorRT-LLM', 'TensorRT-LLM > OpenAI completions > vLLM'],
      ['vLLM has the highest request throughput', 'TensorRT-LLM has the highest request throughput'],
    ],
    // The wrong superlative stands in a section without runs: which runs it ranks is not certain, so untraceable.
    orders: [
      [113, '>', 'mismatch'],
      [113, '>', 'mismatch'],
      [114, 'lowest', 'verified'],
      [115, 'highest', 'untraceable'],
    ],
  },
  // Three repeats of `vllm bench latency` (the third cut short), labelled `Run 1` ... `Run 3`; the summary states
  // `mean ± spread` over the runs, saying what the spread is in all but one sentence, and some runs' own values.
  'readme-latency-repeats-spread.md': {
    rows: [
      [53, '453.4', 'verified'],
      [53, '± 2.1 ms', 'verified'],
      [55, '453.4', 'verified'],
      // The sentence does not say what the spread is: a standard deviation (either kind), a standard error and
      // half the range give 1.8, 1.5, 1.0 and 1.6; none of them is certain.
      [55, '± 1.8 ms', 'untraceable'],
      [57, '452.9', 'mismatch'],
      [57, '± 1.6 ms', 'verified'],
      [59, '454.4', 'verified'],
      [59, '± 0.9 ms', 'mismatch'],
      // Only two runs print p99: the mean and half the range of those two.
      [61, '455.2', 'verified'],
      [61, '± 2.1 ms', 'verified'],
      [63, '454.68 ms', 'verified'],
      [63, '451.01 ms', 'verified'],
      [64, '0.8%', 'verified'],
      [65, '454.61 ms', 'mismatch'],
      // A table of `mean ± spread` cells: the header says what the spread is and that it is over the runs.
      [69, '453.4', 'verified'],
      [69, '± 2.1', 'verified'],
      [70, '451.4', 'verified'],
      [70, '± 1.4', 'verified'],
      [71, '454.3', 'verified'],
      [71, '± 2.6', 'mismatch'],
    ],
    corrections: [
      ['452.9 ± 1.6 ms', '452.6 ± 1.6 ms'],
      ['454.3 ± 2.6', '454.3 ± 3.6'],
      ['454.4 ± 0.9 ms', '454.4 ± 2.4 ms'],
      ['average latency of 454.61 ms', 'average latency of 454.62 ms'],
    ],
    unmeasured: ['± 1.8 ms'],
    orders: [
      [63, 'highest', 'verified'],
      [63, 'lowest', 'verified'],
    ],
  },
  // Two genai-perf tables of two releases (lower-case labels; capitalised labels with a wrapped row) named by their
  // headings; Chinese statistics and metrics (`平均首字延迟`, `P99 首字延迟`, `平均请求延迟`), `低 9.5%`, `约是 … 的 1.1 倍`.
  'zh-dynamo-vs-vllm-genai-perf.md': {
    rows: [
      [48, '37.99 ms', 'verified'],
      [48, '39.13 ms', 'verified'],
      [49, '9.5%', 'verified'],
      [50, '17.96 ms', 'verified'],
      [50, '6.4%', 'verified'],
      [51, '1.1 倍', 'verified'],
      [52, '54.52 tok/s', 'verified'],
      // The change's clause names no metric: the sentence's is borrowed, so a wrong change is not certain.
      [52, '8.4%', 'untraceable'],
      [53, '1,951.41 ms', 'mismatch'],
      [54, '6%', 'verified'],
      [55, '0.52 req/s', 'verified'],
      [55, '0.55 req/s', 'verified'],
      [56, '1,802.39 ms', 'verified'],
    ],
    corrections: [
      ['提升 8.4%', '提升 5.8%'],
      ['1,951.41 ms', '1,915.41 ms'],
      ['vLLM 的 P99 首字延迟最低', 'Dynamo 的 P99 首字延迟最低'],
    ],
    // The wrong superlative stands in a section without runs: untraceable.
    orders: [
      [57, '最高', 'verified'],
      [58, '最低', 'untraceable'],
    ],
  },
  // Two older genai-perf releases: one prints its latencies in nanoseconds and both rates under the table, the other
  // sits between the tool's log lines. Korean statistics and metrics (`평균 요청 지연`, `p99 요청 지연`, `출력 처리량`),
  // seconds and milliseconds stated for nanoseconds, and changes across the two units (`9.6배`, `89.6% 짧습니다`).
  'ko-genai-perf-two-models.md': {
    rows: [
      [47, '3.93 s', 'verified'],
      [47, '3,936.86 ms', 'verified'],
      [48, '37,719.87 ms', 'verified'],
      [48, '9.6배', 'verified'],
      [49, '50,071.27 ms', 'mismatch'],
      [50, '89.6%', 'verified'],
      [51, '284.64 tok/s', 'verified'],
      [51, '91.19 tok/s', 'verified'],
      [52, '3.5배', 'mismatch'],
      [53, '2.54 req/s', 'verified'],
      [53, '0.20 req/s', 'verified'],
    ],
    corrections: [
      ['50,071.27 ms', '50,017.27 ms'],
      ['3.5배', '3.1배'],
      ['Qwen2.5 72B의 요청 처리량이 가장 높습니다', 'Llama 3 8B의 요청 처리량이 가장 높습니다'],
    ],
    // The wrong superlative stands in a section without runs: untraceable.
    orders: [[54, '가장 높', 'untraceable']],
  },
};

describe('essay pages 4: genai-perf console tables, mean ± spread over repeated runs', () => {
  fixtureTests(fixtures);
});

describe('latencies printed in nanoseconds', () => {
  it('should read them in the stated unit, and compare them with the same latency of a run in milliseconds', () => {
    const page = read('ko-genai-perf-two-models.md');
    const on = (line: string) => {
      const source = `${page.trimEnd()}\n\n${line}\n`;
      const lineNo = source.split('\n').indexOf(line) + 1;
      return check(source, 'ns.md')
        .claims.filter((c) => c.line === lineNo)
        .map((c) => [c.text, c.verdict, c.recomputed]);
    };
    expect(on('Llama 3 8B의 p90 요청 지연은 3,936.43 ms입니다.')).toEqual([['3,936.43 ms', 'verified', 3936.43]]);
    expect(on('Llama 3 8B의 p99 요청 지연은 3.94 s입니다.')).toEqual([['3.94 s', 'verified', 3.94]]);
    // 37,719.87 ms against 3,934,624,446 ns.
    expect(on('Qwen2.5 72B의 평균 요청 지연은 Llama 3 8B의 9.2배입니다.')).toEqual([['9.2배', 'mismatch', 9.6]]);
  });
});

describe('Chinese comparisons', () => {
  it('should read `低` and `高` before a percentage as its direction, but not in `最低` or `提高`', () => {
    expect(parseProseNumbers('P99 首字延迟比 vLLM 低 9.5%。')[0].direction).toBe('down');
    expect(parseProseNumbers('输出吞吐量高 5.8%。')[0].direction).toBe('up');
    // `低并发` is a setting, not the direction of the change.
    expect(parseProseNumbers('低并发时 TTFT 增加 20%。')[0].direction).toBe('up');
    expect(metricsIn('平均请求延迟').map((m) => [m.family, m.stat])).toEqual([['e2el', 'mean']]);
  });
  it('should read `N 倍` as a comparison that borrows the metric of its sentence', () => {
    const [, ratio] = parseProseNumbers('vLLM 的平均 ITL 为 19.19 ms，约是 Dynamo 的 1.1 倍。');
    expect([ratio.stated.claim, ratio.metric?.family, ratio.borrowed, ratio.approx]); // `约` stands before the run, not the number.toEqual(['1.1 倍', 'itl', true, false]);
  });
});

describe('a multiple of a value of another run', () => {
  it('should read `Nx the <value> of <run>` as a comparison, and the value as a restated one', () => {
    const [ratio, value] = parseProseNumbers('Output token throughput is 504.02 tok/s, 2.38x the 212.04 tok/s of vLLM.').slice(1);
    expect([ratio.stated.claim, ratio.kind, ratio.metric?.family, value.stated.claim, value.kind]).toEqual([
      '2.38x',
      'ratio',
      'output',
      '212.04 tok/s',
      'value',
    ]);
  });
  it('should take the metric of the value before a `;` for a value with none, as a guess', () => {
    const [, second] = parseProseNumbers('The average request latency of A is 203.70 ms; B needs 542.48 ms on average.');
    expect([second.stated.claim, second.metric?.family, second.borrowed]).toEqual(['542.48 ms', 'e2el', true]);
    expect(parseProseNumbers('The run took 20 minutes; B needs 542.48 ms on average.').map((n) => n.metric)).toEqual([null]);
  });
  it('should not read a value followed by `of` and a setting', () => {
    expect(parseProseNumbers('Output throughput settles after 30 s of warm-up.').map((n) => n.stated.claim)).toEqual([]);
  });
});

describe('a spread over repeated runs', () => {
  const base = read('readme-latency-repeats-spread.md');
  const on = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'spread.md');
    return {
      claims: report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict, c.recomputed]),
      errors: report.messages.filter((m) => m.line === lineNo && m.severity === 'error').length,
    };
  };
  it('should read the centre and the spread apart, and what the text says the spread is', () => {
    const [n] = parseProseNumbers('Over 3 runs the mean TTFT was 120 ± 8 ms (mean ± standard error).');
    expect([n.stated.claim, n.spread?.centre.claim, n.spread?.value.claim, n.spread?.kind, n.spread?.repeats]).toEqual([
      '120 ± 8 ms',
      '120',
      '± 8 ms',
      'sem',
      true,
    ]);
    expect(parseProseNumbers('输出吞吐量为 1,830 ± 40 tok/s（3 次运行的均值 ± 标准差）。')[0].spread?.kind).toBe('sd');
    expect(parseProseNumbers('The mean TTFT was 120 ± 8 ms.')[0].spread?.repeats).toBe(false);
  });
  it('should check a population or a sample standard deviation when the text does not say which', () => {
    // Sample 2.10 ms, population 1.72 ms.
    expect(on('Over the runs, the average latency is 453.4 ± 1.7 ms (mean ± standard deviation).')).toEqual({
      claims: [
        ['453.4', 'verified', 453.4],
        ['± 1.7 ms', 'verified', 1.7],
      ],
      errors: 0,
    });
    expect(on('Over the runs, the average latency is 453.4 ± 3.5 ms (mean ± standard deviation).').claims[1]).toEqual([
      '± 3.5 ms',
      'mismatch',
      2.1,
    ]);
    // The standard error of the mean: 2.10 / sqrt(3).
    expect(on('Over the runs, the average latency is 453.4 ± 1.2 ms (mean ± standard error).').claims[1]).toEqual([
      '± 1.2 ms',
      'verified',
      1.2,
    ]);
  });
  it('should leave the spread of a table cell untraceable when neither its header nor its row says what it is', () => {
    const table = '| Statistic | Over the runs (ms) |\n|---|---|\n| p50 latency | 453.4 ± 1.8 |';
    const source = `${base.trimEnd()}\n\n${table}\n`;
    const lineNo = source.split('\n').indexOf('| p50 latency | 453.4 ± 1.8 |') + 1;
    const report = check(source, 'table.md');
    expect(report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict, c.candidates?.length])).toEqual([
      ['453.4', 'verified', 0],
      ['± 1.8', 'untraceable', 4],
    ]);
  });
  it("should check the spread of a run that prints its own (llama-bench's mean ± std over its repetitions)", () => {
    const page = read('pr-llama-bench-models-ranking.md');
    const line = 'On pp512, Llama 3.3 70B reaches 1793.76 ± 13.25 t/s, and on tg128 34.05 ± 0.10 t/s.';
    const source = `${page.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    expect(
      check(source, 'std.md')
        .claims.filter((c) => c.line === lineNo)
        .map((c) => [c.text, c.verdict, c.recomputed]),
    ).toEqual([
      ['1793.76', 'verified', 1793.76],
      ['± 13.25 t/s', 'verified', 13.25],
      ['34.05', 'verified', 34.05],
      ['± 0.10 t/s', 'mismatch', 0.01],
    ]);
  });
  it('should not be certain of a mean over runs that are not repeats (a sweep of request rates)', () => {
    const sweep = read('sglang-qps-sweep-zh.md');
    const line = 'Over the three runs, the mean TTFT was 1,900.0 ± 100.0 ms (mean ± sample standard deviation).';
    const source = `${sweep.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'sweep.md');
    expect(report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict])).toEqual([
      ['1,900.0', 'untraceable'],
      ['± 100.0 ms', 'untraceable'],
    ]);
    expect(report.messages.filter((m) => m.line === lineNo && m.severity === 'error')).toEqual([]);
  });
  it('should read one run, not the mean, when the sentence names the run, and leave its spread untraceable', () => {
    expect(on('Over the runs, Run 2 has an average latency of 454.68 ± 0.5 ms.').claims).toEqual([
      ['454.68', 'verified', 454.68],
      ['± 0.5 ms', 'untraceable', null],
    ]);
  });
  it('should leave a centre that is neither the mean nor a run untraceable when the text does not speak of repeats', () => {
    expect(on('The average latency is 460.0 ± 2.1 ms (mean ± sample standard deviation).')).toEqual({
      claims: [
        ['460.0', 'untraceable', null],
        ['± 2.1 ms', 'untraceable', null],
      ],
      errors: 0,
    });
  });
  it('should read the latency of an offline run by its statistic, in English, Chinese and Korean', () => {
    const read = (t: string) => metricsIn(t).map((m) => [m.family, m.stat]);
    expect(read('average latency')).toEqual([['e2el', 'mean']]);
    expect(read('p99 latency')).toEqual([['e2el', 'p99']]);
    expect(read('latency')).toEqual([]);
    expect(read('平均延迟')).toEqual([['e2el', 'mean']]);
    // A statistic of another metric: `ITL 平均延迟` is the ITL.
    expect(read('ITL 平均延迟')).toEqual([['itl', 'mean']]);
    expect(read('평균 지연')).toEqual([['e2el', 'mean']]);
    expect(on('三次运行的平均延迟为 453.4 ± 2.1 ms（均值 ± 样本标准差）。').claims).toEqual([
      ['453.4', 'verified', 453.4],
      ['± 2.1 ms', 'verified', 2.1],
    ]);
  });
});
