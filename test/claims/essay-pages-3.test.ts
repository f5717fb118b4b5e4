import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProseNumbers } from '../../src/lib/claims/essay/sentence.js';
import { metricsIn } from '../../src/lib/claims/essay/vocab.js';
import { check, fixtureTests, read, type Fixture } from './essay-fixtures.js';

/**
 * Write-ups in layouts the first essay fixtures do not cover, around real output: a Korean blog post on two `vllm
 * bench serve` runs (처리량, 지연, 향상, 감소, 배); a README on llama-bench tables at several power caps, with an
 * observations table (bold, `16.6K`, `t/s`, changes against a run named in the column header) and prose; a PR
 * description ranking three models' llama-bench rows (`A > B`, `the slowest`, `5.7x`, `1.35×`, `about`, a number
 * and its unit split across two lines);
 *
 * and a Chinese post on three `sglang.bench_serving` runs at different request rates (`从 A 降到 B`, `最高`, `最低`).
 *
 * Measured on these pages (98 stated numbers, 11 orders, 15 planted discrepancies of which 3 are orders): before
 * the parser knew these layouts, 39 numbers and no order found, 5 discrepancies flagged, 0 false errors; after, 98
 * numbers and 11 orders found, 14 discrepancies flagged (the 15th, a superlative over a section without runs, is
 * untraceable), 0 false errors.
 */

const fixtures: Record<string, Fixture> = {
  // Runs named by their headings (`기존 커널`, `swap AB`); Korean metric names, statistics, particles and directions.
  'ko-blog-swap-ab-moe.md': {
    rows: [
      [70, '719.03 tok/s', 'verified'],
      [70, '383.60 tok/s', 'verified'],
      [70, '87.4%', 'verified'],
      [71, '1.88배', 'verified'],
      [72, '10.49 ms', 'verified'],
      [72, '41.7%', 'mismatch'],
      [73, '224.35 ms', 'verified'],
      // `A는 224.35 ms, B는 318.00 ms`: the second clause takes the metric of the first.
      [73, '318.00 ms', 'verified'],
      [74, '56.8%', 'verified'],
      [75, '1.28 req/s', 'verified'],
      [75, '2.40 req/s', 'verified'],
      // `2배 가까이`: nearly twice.
      [75, '2배', 'verified'],
      [76, '375.39 s', 'verified'],
      [76, '200.27 s', 'verified'],
      [76, '2.4배', 'mismatch'],
      [80, '383.60', 'verified'],
      [80, '719.03', 'verified'],
      [80, '+87.4%', 'verified'],
      [81, '330.34', 'verified'],
      [81, '200.57', 'verified'],
      [81, '-39.3%', 'verified'],
      [82, '19.74', 'verified'],
      [82, '10.51', 'verified'],
      [82, '-46.8%', 'verified'],
      [83, '22.97', 'verified'],
      [83, '11.98', 'mismatch'],
      [83, '-48.2%', 'verified'],
    ],
    corrections: [
      ['기존 커널보다 41.7% 감소', '기존 커널보다 47.1% 감소'],
      ['평균 ITL은 2.4배', '평균 ITL은 1.9배'],
      ['| 11.98 |', '| 11.89 |'],
    ],
    orders: [[85, '모든 지표에서 앞섭', 'verified']],
  },
  // Each llama-bench row is a run; the heading above its table (`### 600W`) names the table's rows; `pp512` and
  // `tg128` name the metric and the row.
  'llama-bench-power-limit.md': {
    rows: [
      [76, '16.6K', 'verified'],
      [76, '278.95', 'verified'],
      [77, '16,060.49', 'verified'],
      [77, '279.04', 'verified'],
      [77, '-3.4%', 'verified'],
      [77, '+0.0%', 'verified'],
      [78, '12.8K', 'verified'],
      [78, '260.42', 'verified'],
      [78, '-23.0%', 'verified'],
      [78, '-6.6%', 'verified'],
      [79, '9,115.39', 'verified'],
      [79, '198.82', 'mismatch'],
      [79, '-45.2%', 'verified'],
      [79, '-32.0%', 'verified'],
      [81, '279 t/s', 'verified'],
      [82, '16,634.04 t/s', 'verified'],
      [83, '12,802.05 t/s', 'verified'],
      [83, '23.0%', 'verified'],
      [83, '4.6%', 'mismatch'],
      [85, '189.82 t/s', 'verified'],
      [85, '1.47x faster', 'verified'],
      [86, '1.8×', 'verified'],
    ],
    corrections: [
      ['| 198.82 |', '| 189.82 |'],
      ['loses only 4.6%', 'loses only 6.6%'],
    ],
    orders: [[88, 'fastest', 'verified']],
  },
  // Runs named by model headings without their weight format (`Qwen3 30B-A3B` for `Qwen3 30B-A3B Q4_K_M`).
  'pr-llama-bench-models-ranking.md': {
    rows: [
      [56, '7.4K t/s', 'verified'],
      [56, '251.04 t/s', 'verified'],
      [59, '5.7x faster', 'verified'],
      [59, '193.30', 'verified'],
      [59, '34.05 t/s', 'verified'],
      // `2,419.45 t/s is 1.35×`: a value followed by `is` restates its run.
      [60, '2,419.45 t/s', 'verified'],
      [60, '1.35×', 'verified'],
      [61, '3.1x faster', 'mismatch'],
      [62, '34.05', 'verified'],
      [62, '193.30 t/s', 'verified'],
      [62, '+467.7%', 'verified'],
      // The unit is on the next line: the claim is the number.
      [63, '1,793.76', 'verified'],
      [64, '34.50 t/s', 'mismatch'],
      [68, '1.79K', 'verified'],
      [68, '34.05', 'verified'],
      [69, '2,419.45', 'verified'],
      [69, '193.30', 'verified'],
      [70, '7,432.36', 'verified'],
      [70, '215.04', 'mismatch'],
    ],
    corrections: [
      ['about 3.1x faster', 'about 4.1x faster'],
      ['tg128 of 34.50 t/s', 'tg128 of 34.05 t/s'],
      ['| 215.04 |', '| 251.04 |'],
      ['On pp512, gpt-oss 120B > Qwen3 30B-A3B', 'On pp512, Qwen3 30B-A3B > gpt-oss 120B'],
    ],
    orders: [
      [57, '>', 'verified'],
      [57, '>', 'verified'],
      [58, '>', 'mismatch'],
      [63, 'slowest', 'verified'],
      // Each run of the 70B against the other models' runs of the same test.
      [63, 'worse on every metric', 'verified'],
    ],
  },
  // Three `sglang.bench_serving` runs named by their request rate (`QPS=4`); Chinese superlatives with the metric
  // between name and word (`QPS=16 的输出吞吐量最低`); `高 24.8%`; a restating clause (`QPS=16 为 613.88 ms`); the
  // older `Total throughput (tok/s)` line. The fork's ITL lines print 0.00, so each block's E2E identity fails: the
  // page acknowledges that above each block.
  'sglang-qps-sweep-zh.md': {
    rows: [
      [109, '2.1K tok/s', 'verified'],
      [109, '2,155.46 tok/s', 'verified'],
      [110, '2,074.09 ms', 'verified'],
      [110, '1,871.91 ms', 'verified'],
      [110, '9.7%', 'verified'],
      [111, '15,341.33 ms', 'verified'],
      [111, '12,291.71 ms', 'verified'],
      [111, '24.8%', 'verified'],
      [112, '596.52 ms', 'verified'],
      [112, '613.88 ms', 'verified'],
      [113, '631.88 ms', 'mismatch'],
      [114, '819.97 tok/s', 'verified'],
      [115, '1.1 倍', 'verified'],
      [116, '1.8 倍', 'mismatch'],
      [117, '5.2%', 'mismatch'],
      [119, '264.25', 'verified'],
      [120, '260.14 s', 'verified'],
      [124, '2,121.89', 'verified'],
      [124, '2,155.46', 'verified'],
      [124, '2,106.55', 'verified'],
      [125, '2,074.09', 'verified'],
      [125, '1,871.91', 'verified'],
      [125, '2,096.71', 'verified'],
      [126, '28.33', 'verified'],
      [126, '26.86', 'verified'],
      [126, '39.92', 'verified'],
      [127, '3.77', 'verified'],
      [127, '3.83', 'verified'],
      [127, '3.47', 'mismatch'],
    ],
    corrections: [
      ['QPS=16 的中位 E2E 延迟为 631.88 ms', 'QPS=16 的中位 E2E 延迟为 613.88 ms'],
      ['快 1.8 倍', '快 1.5 倍'],
      ['高 5.2%', '高 2.4%'],
      ['QPS=2 的平均 TTFT 最低', 'QPS=4 的平均 TTFT 最低'],
      ['| 3.47 |', '| 3.74 |'],
      ['QPS=16 各项指标都优于 QPS=2', 'QPS=4 各项指标都优于 QPS=16'],
    ],
    // The wrong superlative is in a section without runs: which runs it ranks is not certain, so untraceable.
    orders: [
      [109, '最高', 'verified'],
      [114, '最低', 'verified'],
      [118, '最低', 'untraceable'],
      [129, '各项指标都优于', 'mismatch'],
    ],
  },
};

describe('essay pages 3: a Korean post, llama-bench tables with observations, a ranking PR', () => {
  fixtureTests(fixtures);
});

describe('Korean metric names and words', () => {
  it('should read 처리량, 지연 and their statistics as metrics', () => {
    const read = (t: string) => metricsIn(t).map((m) => [m.family, m.stat]);
    expect(read('출력 처리량')).toEqual([['output', null]]);
    expect(read('총 처리량')).toEqual([['total', null]]);
    expect(read('요청 처리량')).toEqual([['request', null]]);
    expect(read('평균 TTFT')).toEqual([['ttft', 'mean']]);
    expect(read('중앙값 TPOT')).toEqual([['tpot', 'median']]);
    expect(read('첫 토큰 지연')).toEqual([['ttft', null]]);
    expect(read('벤치마크 소요 시간')).toEqual([['duration', null]]);
  });
  it('should read 배 as a ratio, 약 and 가까이 as approximate, and the direction of 감소 and 증가', () => {
    const [ratio] = parseProseNumbers('총 처리량은 약 1.88배 늘었습니다.');
    expect([ratio.kind, ratio.approx, ratio.multiple, ratio.metric?.family]).toEqual(['ratio', true, true, 'total']);
    expect(parseProseNumbers('요청 처리량이 2배 가까이 증가했습니다.')[0].approx).toBe(true);
    expect(parseProseNumbers('평균 TPOT가 47.1% 감소했습니다.')[0].direction).toBe('down');
    expect(parseProseNumbers('출력 처리량이 87.4% 증가했습니다.')[0].direction).toBe('up');
  });
});

describe('llama-bench tests as metrics', () => {
  it('should read `pp512` and `tg128` as the token rate of that test, and `t/s` as tokens per second', () => {
    expect(metricsIn('pp512 and tg128, not pp5120x').map((m) => [m.family, m.test])).toEqual([
      ['total', 'pp512'],
      ['total', 'tg128'],
    ]);
    const [n] = parseProseNumbers('tg128 stays at 279.04 t/s.');
    expect([n.stated.unit, n.metric?.test]).toEqual(['tok/s', 'tg128']);
  });
  it('should leave a value of a test no named row prints untraceable, never an error', () => {
    const name = 'llama-bench-power-limit.md';
    const line = 'pp512 at 450W is 15,999.99 t/s.';
    const source = `${read(name).trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, name);
    // 450W names the pp512 row: the wrong value is certain.
    expect(report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict])).toEqual([['15,999.99 t/s', 'mismatch']]);
    // Without a row named, four pp512 rows could be meant: not certain.
    const loose = source.replace(line, 'pp512 once reached 15,999.99 t/s.');
    const claims = check(loose, name).claims.filter((c) => c.line === lineNo);
    expect(claims.map((c) => [c.text, c.verdict])).toEqual([['15,999.99 t/s', 'untraceable']]);
  });
  it('should not read a `K` suffix on a latency cell', () => {
    const name = 'ko-blog-swap-ab-moe.md';
    const source = read(name).replace('| 330.34 |', '| 0.33K |');
    expect(check(source, name).claims.some((c) => c.text === '0.33K')).toBe(false);
  });
});

describe('a from-to pair with its unit written once', () => {
  const base = read('ko-blog-swap-ab-moe.md');
  const claimsOn = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'pair.md');
    return {
      claims: report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict]),
      errors: report.messages.filter((m) => m.line === lineNo && m.severity === 'error').length,
    };
  };
  it('should read the first number in the unit of the second, in English, Chinese and Korean', () => {
    expect(claimsOn('Output throughput rose from 384 to 719 tok/s with swap AB.').claims).toEqual([
      ['384', 'verified'],
      ['719 tok/s', 'verified'],
    ]);
    expect(claimsOn('输出吞吐量从 384 到 719 tok/s。').claims).toEqual([
      ['384', 'verified'],
      ['719 tok/s', 'verified'],
    ]);
    expect(claimsOn('출력 처리량은 384에서 719 tok/s로 늘었습니다.').claims).toEqual([
      ['384', 'verified'],
      ['719 tok/s', 'verified'],
    ]);
  });
  it('should leave a wrong first number untraceable (either run may be meant), and read no pair into a setting', () => {
    expect(claimsOn('Output throughput rose from 390 to 719 tok/s with swap AB.')).toEqual({
      claims: [
        ['390', 'untraceable'],
        ['719 tok/s', 'verified'],
      ],
      errors: 0,
    });
    expect(claimsOn('We went from 2 to 8 GPUs, and output throughput reached 719 tok/s.').claims).toEqual([['719 tok/s', 'verified']]);
  });
});

describe('an order on every metric', () => {
  const base = read('ko-blog-swap-ab-moe.md');
  const on = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    return check(source, 'every.md')
      .claims.filter((c) => c.line === lineNo)
      .map((c) => [c.kind, c.text, c.verdict]);
  };
  it('should hold when the first run is better (or worse) than the other on each metric both print', () => {
    expect(on('기존 커널 is worse on every metric than swap AB.')).toEqual([['ranking-order', 'worse on every metric', 'verified']]);
    expect(on('swap AB is better across all metrics than 기존 커널.')).toEqual([
      ['ranking-order', 'better across all metrics', 'verified'],
    ]);
  });
  it('should be a mismatch when two named runs are compared the wrong way round', () => {
    expect(on('swap AB is worse on every metric than 기존 커널.')).toEqual([['ranking-order', 'worse on every metric', 'mismatch']]);
  });
});

describe('multiples of a setting and Korean superlatives', () => {
  const base = read('ko-blog-swap-ab-moe.md');
  const on = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'setting.md');
    return {
      claims: report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict]),
      errors: report.messages.filter((m) => m.line === lineNo && m.severity === 'error').length,
    };
  };
  it('should not read how much a setting changed as a result (a false error before)', () => {
    expect(on('동시성을 4배로 늘리자 출력 처리량은 1.87배 늘었습니다.')).toEqual({ claims: [['1.87배', 'verified']], errors: 0 });
    expect(on('并发提高 4 倍后，输出吞吐量提升了 87.4%。')).toEqual({ claims: [['87.4%', 'verified']], errors: 0 });
  });
  it('should read 가장 높다 / 가장 낮다 after the run they rank', () => {
    expect(on('출력 처리량은 swap AB가 가장 높습니다.').claims).toEqual([['가장 높', 'verified']]);
    // Over a section without runs, a wrong superlative is not certain.
    expect(on('평균 TTFT는 기존 커널이 가장 낮습니다.')).toEqual({ claims: [['가장 낮', 'untraceable']], errors: 0 });
  });
});

describe('end-to-end latency as other tools name it', () => {
  it('should trace `request latency` to a genai-perf run, with its statistic', () => {
    const raw = readFileSync(new URL('../fixtures/formats/real-genai-perf-chat/raw.txt', import.meta.url), 'utf8');
    const page = (line: string) => `# genai-perf\n\n### chat\n\n\`\`\`\n${raw.trimEnd()}\n\`\`\`\n\n## Notes\n\n${line}\n`;
    const on = (line: string) =>
      check(page(line), 'genai.md')
        .claims.filter((c) => c.line === page(line).split('\n').indexOf(line) + 1)
        .map((c) => [c.text, c.verdict]);
    expect(on('The chat run has an avg request latency of 1,915.41 ms and a p99 request latency of 2,016.50 ms.')).toEqual([
      ['1,915.41 ms', 'verified'],
      ['2,016.50 ms', 'verified'],
    ]);
    expect(on('The p90 request latency of the chat run is 1,999.99 ms.')).toEqual([['1,999.99 ms', 'mismatch']]);
  });
});

describe('runs named by their request rate', () => {
  const base = read('sglang-qps-sweep-zh.md');
  const on = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    return check(source, 'rate.md')
      .claims.filter((c) => c.line === lineNo)
      .map((c) => [c.text, c.verdict]);
  };
  it('should read a token rate of a named throughput in a clause that names a request rate', () => {
    expect(on('At a request rate of 4, output throughput is 839.01 tok/s.')).toEqual([['839.01 tok/s', 'verified']]);
  });
  it('should still take a rate the clause caps or uses for a setting', () => {
    expect(on('We capped the load at 2,000 tok/s of output throughput.')).toEqual([]);
    expect(on('At a request rate of 999 req/s the server keeps up.')).toEqual([]);
  });
});

describe('llama-bench tests at a depth', () => {
  // Rows of real llama-bench output (gpt-oss 20B on an RTX PRO 6000, a llama.cpp pull request).
  const table = [
    '| model                          |       size |     params | backend    | ngl | n_ubatch | fa |            test |                  t/s |',
    '| ------------------------------ | ---------: | ---------: | ---------- | --: | -------: | -: | --------------: | -------------------: |',
    '| gpt-oss 20B MXFP4 MoE          |  11.27 GiB |    20.91 B | CUDA       |  99 |     2048 |  1 |           pp128 |      5127.80 ± 43.97 |',
    '| gpt-oss 20B MXFP4 MoE          |  11.27 GiB |    20.91 B | CUDA       |  99 |     2048 |  1 |           tg128 |        391.20 ± 0.39 |',
    '| gpt-oss 20B MXFP4 MoE          |  11.27 GiB |    20.91 B | CUDA       |  99 |     2048 |  1 |    pp128 @ d512 |     5115.11 ± 120.84 |',
    '| gpt-oss 20B MXFP4 MoE          |  11.27 GiB |    20.91 B | CUDA       |  99 |     2048 |  1 |    tg128 @ d512 |        383.66 ± 1.09 |',
  ].join('\n');
  const page = (line: string) => `# Streams\n\n### this PR\n\n\`\`\`\n${table}\n\`\`\`\n\n## Notes\n\n${line}\n`;
  const on = (line: string) =>
    check(page(line), 'depth.md')
      .claims.filter((c) => c.line === page(line).split('\n').indexOf(line) + 1)
      .map((c) => [c.text, c.verdict, c.source?.line]);
  it('should tell `tg128 @ d512` from `tg128`', () => {
    expect(on('At depth 512, tg128 @ d512 is 383.66 t/s against 391.20 t/s for tg128.')).toEqual([
      ['383.66 t/s', 'verified', 11],
      ['391.20 t/s', 'verified', 9],
    ]);
    expect(on('With this PR, tg128 @ d512 reaches 391.20 t/s.')).toEqual([['391.20 t/s', 'mismatch', 11]]);
  });
});
