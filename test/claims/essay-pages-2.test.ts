import { describe, expect, it } from 'vitest';
import { requotedDrafts } from '../../src/lib/formats/requote.js';
import { cellContent } from '../../src/lib/claims/essay/table.js';
import { analyze } from '../../src/lib/pipeline.js';
import { check, fixtureTests, read, type Row } from './essay-fixtures.js';

/**
 * Write-ups around output the first essay fixtures do not cover: a non-streaming (embeddings) `vllm bench serve`
 * run with no TTFT, TPOT or ITL; a result block re-quoted in part further down; CRLF line endings, tab-indented
 * metric lines and trailing blanks.
 */

const expected: Record<string, Row[]> = {
  // Request rate, token rate and E2E latency only; TTFT and ITL claims have nothing to trace to.
  'pr-embedding-no-stream.md': [
    [50, '44.7%', 'verified'],
    [50, '400 req/s', 'verified'],
    [51, '106,174.73 tok/s', 'verified'],
    [51, '153,600 tok/s', 'verified'],
    [52, '2.30 s', 'verified'],
    [52, '3.35 s', 'verified'],
    [52, '31.3%', 'verified'],
    [53, '2,466.42 ms', 'verified'],
    [53, '3,588.07 ms', 'verified'],
    [53, '1.45x faster', 'verified'],
    [54, '25%', 'mismatch'],
    [55, '2.50 s', 'verified'],
    [55, '3.62 s', 'verified'],
    [56, '40%', 'untraceable'],
    [56, '1.2 ms', 'untraceable'],
    [60, '276.50', 'verified'],
    [60, '400.00', 'verified'],
    [60, '+44.7%', 'verified'],
    [61, '106,174.73', 'verified'],
    [61, '153,600.00', 'verified'],
    [61, '+44.7%', 'verified'],
    [62, '3,347.99', 'verified'],
    [62, '2,301.57', 'verified'],
    [62, '-31.3%', 'verified'],
    [63, '3,588.07', 'verified'],
    [63, '2,466.42', 'verified'],
    [63, '1.58x faster', 'mismatch'],
  ],
  // Two full blocks, then two lines of the first quoted again in a fence and one inline: still two runs.
  'blog-tp-vs-pp-requoted.md': [
    [76, '24.1%', 'verified'],
    [77, '93.85 ms', 'verified'],
    [77, '70.14 ms', 'verified'],
    [77, '1.34x faster', 'verified'],
    [78, '10.2%', 'verified'],
    [79, '25%', 'mismatch'],
    [80, '434.40 tok/s', 'verified'],
    [80, '868.80 tok/s', 'verified'],
  ],
  // CRLF endings, tab-indented metric lines, trailing blanks and tabs after prose, headings and table rows.
  'crlf-tabs-embedding-batch.md': [
    [35, '2.44x higher', 'verified'],
    [36, '515,914.01 tok/s', 'verified'],
    [36, '211,711.04 tok/s', 'verified'],
    [37, '59%', 'verified'],
    [38, '63.19 req/s', 'verified'],
    [38, '414.91 req/s', 'verified'],
    [39, '211,171.04 tok/s', 'mismatch'],
    [43, '414.91', 'verified'],
    [43, '211,711.04', 'verified'],
    [44, '63.19', 'verified'],
    [44, '515,914.01', 'verified'],
  ],
  // `vllm bench throughput` runs labelled `# 第一次` inside the fence, per section; a one-line Chinese sentence; TTFT
  // that no offline run prints; a table row naming a label two sections share (uncertain, so untraceable).
  'offline-throughput-zh.md': [
    [28, '1.84 requests/s', 'verified'],
    [28, '17.2%', 'verified'],
    [29, '25%', 'mismatch'],
    [29, '276.63 tokens/s', 'verified'],
    [44, '1,887.75 tokens/s', 'verified'],
    [44, '1,883.84 tokens/s', 'verified'],
    [44, '0.2%', 'verified'],
    [48, '31.9%', 'verified'],
    [49, '30%', 'untraceable'],
    [53, '2,489.63', 'verified'],
    [53, '276.63', 'verified'],
    [54, '1,883.84', 'verified'],
    [54, '209.23', 'untraceable'],
  ],
};

/** The deliberately wrong numbers of each page, and what the runs say instead. */
const corrections: Record<string, Array<[string, string]>> = {
  'pr-embedding-no-stream.md': [
    ['Median E2E latency is 25% lower', 'Median E2E latency is 31.8% lower'],
    ['| 1.58x faster |', '| 1.45x faster |'],
  ],
  'blog-tp-vs-pp-requoted.md': [['is 25% higher', 'is 34.6% higher']],
  'crlf-tabs-embedding-batch.md': [['211,171.04', '211,711.04']],
  'offline-throughput-zh.md': [
    ['输出吞吐量提升了 25%', '输出吞吐量提升了 15.7%'],
    ['| 209.23 |', '| 209.32 |'],
  ],
};

/** Claims that stay untraceable on the corrected page: TTFT and ITL of runs that print neither. */
const noSuchMetric: Record<string, string[]> = { 'pr-embedding-no-stream.md': ['40%', '1.2 ms'], 'offline-throughput-zh.md': ['30%'] };

describe('essay pages 2: non-streaming runs, re-quoted lines, CRLF and tabs', () => {
  fixtureTests(
    Object.fromEntries(
      Object.entries(expected).map(([name, rows]) => [name, { rows, corrections: corrections[name], unmeasured: noSuchMetric[name] }]),
    ),
  );
});

describe('a non-streaming run (request rate, token rate and E2E latency only)', () => {
  const name = 'pr-embedding-no-stream.md';
  it('should read both runs without any TTFT, TPOT or ITL metric', () => {
    const runs = analyze(read(name), name).report.runs;
    expect(runs).toHaveLength(2);
    for (const r of runs) {
      expect(Object.keys(r.metrics).filter((k) => /ttft|tpot|itl/.test(k))).toEqual([]);
      expect(Object.keys(r.metrics)).toEqual(expect.arrayContaining(['request_throughput', 'total_token_throughput', 'mean_e2el_ms']));
    }
  });
  it('should leave a TTFT or ITL claim naming both runs untraceable, never a mismatch, however wrong', () => {
    const source = read(name)
      .replace('TTFT is 40% lower', 'TTFT is 4000% lower')
      .replace('ITL of this PR is 1.2 ms', 'ITL of this PR is 9999 ms');
    const claims = check(source, name).claims.filter((c) => c.line === 56);
    expect(claims.map((c) => [c.text, c.verdict])).toEqual([
      ['4000%', 'untraceable'],
      ['9999 ms', 'untraceable'],
    ]);
  });
  it('should trace an E2E latency in seconds to the millisecond line of the named run', () => {
    const c = check(read(name), name).claims.find((x) => x.text === '2.30 s')!;
    expect([c.source?.line, c.formula]).toEqual([42, 'Mean E2EL (ms) = 2301.57 / 1000']);
  });
});

describe('offline `vllm bench throughput` runs', () => {
  const name = 'offline-throughput-zh.md';
  it('should read each `Throughput:` line and its token counts as one run, labelled by the comment above it', () => {
    const runs = analyze(read(name), name).report.runs;
    expect(runs.map((r) => [r.line, r.format, r.label])).toEqual([
      [15, 'vllm-throughput', '第一次'],
      [19, 'vllm-throughput', '第二次'],
      [23, 'vllm-throughput', '第三次'],
      [35, 'vllm-throughput', '第一次'],
      [39, 'vllm-throughput', '第二次'],
    ]);
    expect(Object.keys(runs[0].metrics)).toEqual([
      'request_throughput',
      'total_token_throughput',
      'output_token_throughput',
      'total_input_tokens',
      'total_output_tokens',
    ]);
  });
  it('should leave a TTFT claim on a page of offline runs untraceable, never a mismatch, however wrong', () => {
    const source = read(name).replace('首 token 延迟降低了 30%', '首 token 延迟降低了 3000%');
    expect(
      check(source, name)
        .claims.filter((c) => c.line === 49)
        .map((c) => [c.text, c.verdict]),
    ).toEqual([['3000%', 'untraceable']]);
  });
  it('should read a one-line Chinese sentence under a run section as prose, not as a run label', () => {
    const claims = check(read(name), name).claims.filter((c) => c.line === 44);
    expect(claims.map((c) => c.text)).toEqual(['1,887.75 tokens/s', '1,883.84 tokens/s', '0.2%']);
  });
});

describe('a result block quoted again in part', () => {
  const name = 'blog-tp-vs-pp-requoted.md';
  it('should keep two runs and report no cut or headerless block for the quote', () => {
    const report = check(read(name), name);
    expect(report.runs.map((r) => r.line)).toEqual([16, 42]);
    expect(report.messages.filter((m) => m.line >= 68 && m.line <= 73)).toEqual([]);
    expect(report.messages.filter((m) => /duplicate|ambiguous|truncated|without-header/.test(m.ruleId))).toEqual([]);
  });
  it('should trace a quoted number to the line of the full block', () => {
    const c = check(read(name), name).claims.find((x) => x.text === '434.40 tok/s')!;
    expect(c.source?.line).toBe(22);
  });
  it('should keep an excerpt whose numbers differ from every earlier run as a run of its own', () => {
    const source = read(name).replace(
      'Mean TPOT (ms):                          70.14     \n```',
      'Mean TPOT (ms):                          71.14     \n```',
    );
    expect(source).not.toBe(read(name));
    expect(analyze(source, name).report.runs.map((r) => r.line)).toEqual([16, 42, 70]);
  });
  it('should keep a fence in a result admonition a run even when it repeats lines of an earlier run', () => {
    const quote = '```\nOutput token throughput (tok/s):         434.40    \nMean TPOT (ms):                          70.14     \n```';
    const source = read(name);
    expect(source).toContain(quote);
    const inAdmonition = source.replace(quote, `??? info "Benchmark result"\n    ${quote.split('\n').join('\n    ')}`);
    expect(analyze(inAdmonition, name).report.runs).toHaveLength(3);
  });
  it('should drop only drafts that print a strict part of an earlier run with the same text', () => {
    const report = analyze(read(name), name).report;
    const [full] = report.runs;
    const part = { ...full, metrics: { output_token_throughput: full.metrics.output_token_throughput } };
    expect(requotedDrafts([part, full], report.runs)).toEqual([part]);
    expect(requotedDrafts([{ ...part, failed: true }], report.runs)).toEqual([]);
  });
});

describe('CRLF line endings, tabs and trailing blanks', () => {
  const name = 'crlf-tabs-embedding-batch.md';
  it('should keep the fixture bytes: CRLF endings and tab-indented metric lines', () => {
    const raw = read(name);
    expect(raw.split('\r\n').length).toBeGreaterThan(40);
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
    expect(raw).toContain('\r\n\tRequest throughput (req/s):\t\t414.91    \r\n');
  });
  it('should read the same runs and claims as the LF copy with the blanks trimmed', () => {
    const raw = read(name);
    const clean = raw
      .split('\r\n')
      .map((l) => l.trimEnd())
      .join('\n');
    const strip = (s: string) => {
      const r = check(s, name);
      return {
        runs: r.runs.map((x) => [x.line, Object.entries(x.metrics).map(([k, m]) => [k, m.text, m.line])]),
        claims: r.claims.map((c) => [c.line, c.text, c.verdict, c.recomputed]),
      };
    };
    expect(strip(raw)).toEqual(strip(clean));
    expect(check(raw, name).runs.map((r) => Object.keys(r.metrics).length)).toEqual([5, 5]);
  });
  it('should read the last cell of a row that runs on past its closing pipe', () => {
    expect(cellContent(' 211,711.04 |  ')).toBe(' 211,711.04 ');
    expect(cellContent(' 515,914.01 |\t\r')).toBe(' 515,914.01 ');
    expect(cellContent(' a \\| b ')).toBe(' a \\| b');
    expect(cellContent('')).toBe('');
  });
});

describe('units and rates as write-ups spell them', () => {
  const base = read('pr-embedding-no-stream.md');
  const claimsOn = (sentence: string) => {
    const source = base.replace('## Summary\n', `## Summary\n\n${sentence}\n`);
    const line = source.split('\n').indexOf(sentence) + 1;
    return check(source, 'p.md')
      .claims.filter((c) => c.line === line)
      .map((c) => [c.text, c.verdict]);
  };
  it('should read req/sec, QPS, tokens per second and milliseconds', () => {
    expect(claimsOn('This PR serves 400.00 req/sec, or 153,600 tokens per second of total throughput.')).toEqual([
      ['400.00 req/sec', 'verified'],
      ['153,600 tokens per second', 'verified'],
    ]);
    expect(claimsOn('On dev the request throughput is 276.5 QPS.')).toEqual([['276.5 QPS', 'verified']]);
    expect(claimsOn('The mean E2E latency of this PR is 2301.57 milliseconds.')).toEqual([['2301.57 milliseconds', 'verified']]);
    expect(claimsOn('The total throughput of this PR is 153,600.00 tokens/sec.')).toEqual([['153,600.00 tokens/sec', 'verified']]);
  });
  it('should read elapsed and wall-clock time, 耗时 and 用时, as the benchmark duration', () => {
    expect(claimsOn('The elapsed time of this PR is 2.50 s against 3.62 s on dev.')).toEqual([
      ['2.50 s', 'verified'],
      ['3.62 s', 'verified'],
    ]);
    expect(claimsOn('本 PR 总耗时 2.50 s，dev 用时 3.62 s。')).toEqual([
      ['2.50 s', 'verified'],
      ['3.62 s', 'verified'],
    ]);
  });
  it('should take a bare rate for the rate its unit names, never with certainty, and a rate setting for none', () => {
    expect(claimsOn('This PR reaches 153,600 tok/s.')).toEqual([['153,600 tok/s', 'verified']]);
    expect(claimsOn('This PR reaches 999 tok/s.')).toEqual([['999 tok/s', 'untraceable']]);
    expect(claimsOn('This PR reaches 999 QPS.')).toEqual([['999 QPS', 'untraceable']]);
    expect(claimsOn('At a request rate of 999 req/s this PR keeps up.')).toEqual([]);
  });
});

describe('a `from A to B` sentence in a write-up', () => {
  it('should be read by the write-up prose kind with its own metric, not as a family throughput transition', () => {
    const base = read('vllm-pr-main-vs-this-pr.md');
    const line = 'With this PR, mean TTFT drops from 1,073.16 ms to 313.28 ms.';
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const claims = check(source, 'from-to.md').claims.filter((c) => c.line === lineNo);
    expect(claims.map((c) => c.kind).filter((k) => k === 'transition')).toEqual([]);
    expect(claims.map((c) => [c.text, c.verdict])).toEqual([
      ['1,073.16 ms', 'verified'],
      ['313.28 ms', 'verified'],
    ]);
  });
});

describe('numbers written without a unit', () => {
  const base = read('vllm-pr-main-vs-this-pr.md');
  const claimsOn = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'bare.md');
    return {
      claims: report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict]),
      errors: report.messages.filter((m) => m.severity === 'error' && m.line === lineNo),
    };
  };

  it('should be claims where they reproduce a printed value of the metric the sentence names', () => {
    expect(claimsOn('Mean TTFT falls to 313.28 with this PR (main: 1,073.16).').claims).toEqual([
      ['313.28', 'verified'],
      ['1,073.16', 'verified'],
    ]);
  });

  it('should never be an error or a warning when they reproduce nothing, nor be read in versions, dates or counts', () => {
    const wrong = claimsOn('Mean TTFT falls to 313.99 with this PR (main: 1,073.16).');
    expect(wrong.claims).toEqual([['1,073.16', 'verified']]);
    expect(wrong.errors).toEqual([]);
    expect(claimsOn('Mean TTFT was measured with vLLM 0.11.0 on build 2024.05.01 with 1,000 prompts.').claims).toEqual([]);
  });
});

describe('two values of one metric in one clause', () => {
  it('should not take the run the clause names for the source of both (a false error on a correct number)', () => {
    // Found by writing a new page through the CLI: `9.15 ms with the cache on against 72.74 ms with it off` named
    // only the first run, and the correct 72.74 ms was reported as a mismatch against it.
    const line = 'Mean TPOT is 9.15 ms with this PR against 72.74 ms on the old build.';
    const source = `${read('vllm-pr-main-vs-this-pr.md').trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'shared-clause.md');
    expect(report.claims.filter((c) => c.line === lineNo).map((c) => [c.text, c.verdict])).toEqual([
      ['9.15 ms', 'verified'],
      ['72.74 ms', 'verified'],
    ]);
    expect(report.messages.filter((m) => m.line === lineNo && m.severity === 'error')).toEqual([]);
    // `from A to B` in a clause that names the run of B: A is the other run's, not a mismatch against B.
    const fromTo = 'Turning this PR on cut median TTFT from 1022.13 ms to 287.00 ms (-71.9%).';
    const withFromTo = `${source.trimEnd()}\n\n${fromTo}\n`;
    const fromToLine = withFromTo.split('\n').indexOf(fromTo) + 1;
    const fromToReport = check(withFromTo, 'shared-clause.md');
    expect(fromToReport.claims.filter((c) => c.line === fromToLine).map((c) => [c.text, c.verdict])).toEqual([
      ['1022.13 ms', 'verified'],
      ['287.00 ms', 'verified'],
      ['-71.9%', 'verified'],
    ]);
    // A wrong value there is not certain either: untraceable, never an error.
    const wrong = source.replace(line, line.replace('72.74 ms', '77.74 ms'));
    const checked = check(wrong, 'shared-clause.md');
    expect(checked.claims.find((c) => c.text === '77.74 ms')?.verdict).toBe('untraceable');
    expect(checked.messages.filter((m) => m.line === lineNo && m.severity === 'error')).toEqual([]);
  });
});

describe('values about something other than the named run', () => {
  const base = read('vllm-pr-main-vs-this-pr.md');
  const verdictOf = (line: string) => {
    const source = `${base.trimEnd()}\n\n${line}\n`;
    const lineNo = source.split('\n').indexOf(line) + 1;
    const report = check(source, 'elsewhere.md');
    const errors = report.messages.filter((m) => m.line === lineNo && m.severity === 'error').length;
    return [report.claims.filter((c) => c.line === lineNo).map((c) => `${c.text} ${c.verdict}`), errors];
  };

  it('should not make an error of a target, an upstream figure or an earlier test', () => {
    // Found by writing a new page through the CLI: each of these was a certain mismatch against the named run.
    expect(verdictOf('Upstream reported 250 ms median TTFT with this PR on a larger GPU.')[1]).toBe(0);
    expect(verdictOf('The target was a median TTFT under 500 ms for this PR.')[1]).toBe(0);
    expect(verdictOf('In an earlier test, this PR gave 310 ms median TTFT.')[1]).toBe(0);
    // Far from the named run and printed by no run: not certain, whatever the wording.
    expect(verdictOf('On the A100 box this PR reached 610 ms median TTFT.')).toEqual([['610 ms untraceable'], 0]);
  });

  it('should take a rate the text sets for a setting, not a measurement', () => {
    expect(verdictOf('For this PR we used 100 prompts at 4 req/s and a 30 s warm-up.')).toEqual([[], 0]);
    // A rate reached with something in use is measured.
    expect(verdictOf('Using this PR, total throughput reaches 3,133.35 tok/s.')[0]).toEqual(['3,133.35 tok/s verified']);
  });

  it('should still make an error of a slip and of the other run cited', () => {
    expect(verdictOf('this PR: median TTFT 297.00 ms.')).toEqual([['297.00 ms mismatch'], 1]);
    expect(verdictOf('this PR: median TTFT 1022.13 ms.')).toEqual([['1022.13 ms mismatch'], 1]);
  });
});

describe('what counts as a quote of an earlier run', () => {
  it('should keep a later fence of counts alone as a run: only a measurement makes a quote', () => {
    const draft = (metrics: Record<string, { value: number; text: string; unit: string }>) => ({ metrics, failed: false }) as never;
    const earlier = [
      {
        failed: false,
        metrics: {
          successful_requests: { value: 1000, text: '1000', unit: 'req' },
          total_token_throughput: { value: 4934.95, text: '4934.95', unit: 'tok/s' },
        },
      },
    ] as never;
    expect(requotedDrafts([draft({ successful_requests: { value: 1000, text: '1000', unit: 'req' } })], earlier)).toEqual([]);
    const quote = draft({ total_token_throughput: { value: 4934.95, text: '4934.95', unit: 'tok/s' } });
    expect(requotedDrafts([quote], earlier)).toEqual([quote]);
  });
});
