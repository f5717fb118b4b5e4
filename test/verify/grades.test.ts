import { describe, expect, it } from 'vitest';
import { checkPercentChange, checkValue } from '../../src/lib/claims/check.js';
import { withinOneUnit } from '../../src/lib/claims/result.js';
import { checkAll, analyze } from '../../src/lib/pipeline.js';

/** A vLLM result block with the given Total TPS (and request counts). */
function run(label: string, tps: string, { ok = 10, failed = 0, input = 500 } = {}): string {
  return `${label}
??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     ${ok}
${failed ? `    Failed requests:                         ${failed}\n` : ''}    Benchmark duration (s):                  10.00
    Total input tokens:                      ${input}
    Total generated tokens:                  500
    Request throughput (req/s):              1.00
    Output token throughput (tok/s):         50.00
    Total Token throughput (tok/s):          ${tps}
    ==================================================
    \`\`\`
`;
}

function page(row: string, runs: string[], summary = ''): string {
  return `# Optimizing Demo-8B Throughput

## Conclusion

| Benchmark Case | baseline | Optimized |
|---|---|---|
${row}

## Experiment Results

${runs.join('\n')}
${summary}`;
}

function check(text: string) {
  const [report] = checkAll([analyze(text, 'demo/h100.md')]);
  return report;
}

describe('rounding vs mismatch at the boundary (one unit of the last printed digit)', () => {
  const op = (value: number, decimals: number) => ({ value, decimals });
  it('should call a truncated value a rounding difference', () => {
    // 5634.45 rounds half-up to 5634.5; 5634.4 is the truncation: 0.05 away.
    const r = checkValue(op(5634.4, 1), { value: 5634.45, decimals: 2 });
    expect(r).toMatchObject({ verdict: 'mismatch', rounding: true, recomputed: 5634.5 });
  });
  it('should call a value exactly one unit away a rounding difference, and one more than that a mismatch', () => {
    expect(checkValue(op(100.01, 2), { value: 100.0, decimals: 2 })).toMatchObject({ verdict: 'mismatch', rounding: true });
    expect(checkValue(op(100.02, 2), { value: 100.0, decimals: 2 })).toMatchObject({ verdict: 'mismatch', rounding: false });
  });
  it('should measure a percentage against the interval its inputs allow', () => {
    // (150.09 / 100.00 - 1) x 100 = 50.09, inputs +/- 0.005 give 50.07 .. 50.11: +50.0% is 0.07 away, +49.9% 0.17.
    expect(checkPercentChange(op(50.0, 1), op(100.0, 2), op(150.09, 2))).toMatchObject({ verdict: 'mismatch', rounding: true });
    expect(checkPercentChange(op(49.9, 1), op(100.0, 2), op(150.09, 2))).toMatchObject({ verdict: 'mismatch', rounding: false });
    expect(checkPercentChange(op(50.1, 1), op(100.0, 2), op(150.09, 2))).toMatchObject({ verdict: 'verified', rounding: false });
  });
  it('should compute the distance to the nearest allowed value', () => {
    expect(withinOneUnit(op(21.1, 1), 21.04, { lo: 21.03, hi: 21.05 })).toBe(true);
    expect(withinOneUnit(op(47.1, 1), 46.87, { lo: 46.86, hi: 46.88 })).toBe(false);
    expect(withinOneUnit(op(1, 0), Number.NaN, { lo: 0, hi: 2 })).toBe(false);
  });
});

describe('graded verdicts through the whole pipeline', () => {
  const base = run('vLLM', '100.00');
  const grade = (text: string, claimText: string) => {
    const report = check(text);
    const claim = report.claims.find((c) => c.text === claimText);
    const rules = report.messages.filter((m) => m.line === claim?.line && m.column === claim?.column).map((m) => m.ruleId);
    return { claim, rules };
  };

  it('verified: sourced inputs and arithmetic that holds', () => {
    const { claim, rules } = grade(
      page('| **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |', [base, run('SGLang', '150.00')]),
      '+50.0%',
    );
    expect(claim).toMatchObject({ verdict: 'verified', caveats: [] });
    expect(rules).toEqual([]);
  });
  it('consistent: the arithmetic holds on a cell that no run prints', () => {
    const text = page('| **ShareGPT** | Total TPS: 100.00 | Total TPS: 175.00 (+75.0%) |', [base, run('SGLang', '150.00')]);
    expect(grade(text, '+75.0%')).toMatchObject({ claim: { verdict: 'consistent' }, rules: [] });
    expect(grade(text, '175.00')).toMatchObject({ claim: { verdict: 'untraceable' }, rules: ['claim-untraceable'] });
  });
  it('mismatch: a wrong percentage of certain inputs is claim-mismatch (error)', () => {
    const text = page('| **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+5.0%) |', [base, run('SGLang', '150.00')]);
    expect(grade(text, '+5.0%')).toMatchObject({
      claim: { verdict: 'mismatch', rounding: false, recomputed: 50 },
      rules: ['claim-mismatch'],
    });
  });
  it('rounding: a last-digit difference is claim-rounding (warning), not claim-mismatch', () => {
    const text = page('| **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.09 (+50.0%) |', [base, run('SGLang', '150.09')]);
    const { claim, rules } = grade(text, '+50.0%');
    expect(claim).toMatchObject({ verdict: 'mismatch', rounding: true, recomputed: 50.1 });
    expect(rules).toEqual(['claim-rounding']);
    expect(check(text).messages.find((m) => m.ruleId === 'claim-rounding')?.severity).toBe('warning');
  });
  it('caveats: a source run with failed requests, and compared runs of unequal workloads', () => {
    const text = page('| **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |', [
      base,
      run('SGLang', '150.00', { ok: 6, failed: 4, input: 300 }),
    ]);
    const cell = grade(text, '150.00').claim;
    expect(cell?.verdict).toBe('verified');
    expect(cell?.caveats?.map((c) => c.kind)).toEqual(['low-success-rate']);
    expect(cell?.caveats?.[0].note).toMatch(/6 of 10 requests \(60\.0%\)/);
    const gain = grade(text, '+50.0%').claim;
    expect(gain?.caveats?.map((c) => c.kind)).toEqual(['low-success-rate', 'unequal-workload']);
  });
});

describe('chain summaries: mismatch only when the source is certain', () => {
  const experiments = `### 1. Choosing the Inference Engine

${run('vLLM', '100.00')}
${run('SGLang', '120.00')}

### 2. Quantization in SGLang

${run('FP8', '150.00')}
`;
  const chain = (rows: string[]) =>
    check(
      page(
        '| **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |',
        [experiments],
        `
### Summary of Optimization Options

| Optimization Option | Throughput Improvement |
|---|---|
${rows.join('\n')}
`,
      ),
    );
  const steps = (rows: string[]) =>
    chain(rows)
      .claims.filter((c) => c.kind === 'improvement' && c.text !== '+50.0%')
      .map((c) => [c.text, c.verdict, c.recomputed, c.candidates?.length ?? 0]);

  it('should verify steps named by content, each against the previous adopted step', () => {
    expect(steps(['| Engine Selection | +20.0% |', '| Quantization | +25.0% |'])).toEqual([
      ['+20.0%', 'verified', 20, 0],
      ['+25.0%', 'verified', 25, 0],
    ]);
  });
  it('should report a wrong step of a row named by content as a mismatch', () => {
    expect(steps(['| Engine Selection | +20.0% |', '| Quantization | +35.0% |'])).toEqual([
      ['+20.0%', 'verified', 20, 0],
      ['+35.0%', 'mismatch', 25, 0],
    ]);
  });
  it('should not carry a step guessed by position forward: both rows untraceable, with candidates, never a mismatch', () => {
    const report = chain(['| Step A | +21.0% |', '| Step B | +35.0% |']);
    const got = report.claims.filter((c) => c.text === '+21.0%' || c.text === '+35.0%');
    expect(got.map((c) => c.verdict)).toEqual(['untraceable', 'untraceable']);
    expect(got[0].candidates?.map((k) => k.evidence)).toEqual([
      expect.stringMatching(/only the next one in order/),
      expect.stringMatching(/only the next one in order/),
    ]);
    expect(report.messages.filter((m) => m.ruleId === 'claim-mismatch')).toEqual([]);
    expect(report.messages.find((m) => m.ruleId === 'claim-untraceable' && m.line === got[0].line)?.message).toMatch(
      /source is not certain: line \d+ gives 0 .*; line \d+ gives 20/,
    );
  });
  it('should hold no step against a first run that no number of the page cites as the baseline', () => {
    const report = check(`# Optimizing Demo-8B Throughput

## Experiment Results

${experiments}
### Summary of Optimization Options

| Optimization Option | Throughput Improvement |
|---|---|
| Engine Selection | +35.0% |
`);
    expect(report.claims.find((c) => c.text === '+35.0%')?.verdict).toBe('untraceable');
    // With the conclusion citing the first run as the baseline, the same row is a mismatch.
    expect(steps(['| Engine Selection | +35.0% |'])).toEqual([['+35.0%', 'mismatch', 20, 0]]);
  });
  it('should leave the reference uncertain when the rows are not in the order of the experiments', () => {
    const report = chain(['| Quantization | +35.0% |', '| Engine Selection | +20.0% |']);
    expect(report.claims.filter((c) => c.text === '+35.0%').map((c) => c.verdict)).toEqual(['untraceable']);
    expect(report.messages.filter((m) => m.ruleId === 'claim-mismatch')).toEqual([]);
  });
});

/** A variant with its serving script (label line, then the command) and its result block. */
function served(label: string, command: string, tps: string): string {
  return `${label}
??? info "Serving script"
    \`\`\`bash
    ${command}
    \`\`\`
${run('', tps).trimStart()}`;
}

describe('rankings: a value is a mismatch only against the one run its name points at', () => {
  const vllm = (tps: string, flag = '') => served('vLLM', `vllm serve Demo/Demo-8B ${flag}`, tps);
  const sglang = (tps: string) => served('SGLang', 'python3 -m sglang.launch_server --model-path Demo/Demo-8B', tps);
  const ranking = (result: string, runs: string[]) =>
    check(`# Optimizing Demo-8B Throughput

## Experiment Results

### 1. vLLM options

${runs.join('\n')}
${result}
`);

  it('should report a wrong value of a uniquely named variant as a mismatch', () => {
    const report = ranking('Result: SGLang (130.00 tok/s) > vLLM (100.00 tok/s)', [vllm('100.00'), sglang('120.00')]);
    expect(report.claims.find((c) => c.text === '130.00')).toMatchObject({ verdict: 'mismatch', recomputed: 120 });
  });
  it('should not pick the first of several variants an engine name could mean', () => {
    const sg = (label: string, flag: string, tps: string) =>
      served(label, `python3 -m sglang.launch_server --model-path Demo/Demo-8B ${flag}`, tps);
    const runs = [
      vllm('100.00'),
      sg('SGLang fa3', '--attention-backend fa3', '120.00'),
      sg('SGLang triton', '--attention-backend triton', '125.00'),
    ];
    const report = ranking('Result: SGLang (130.00 tok/s) > vLLM (100.00 tok/s)', runs);
    expect(report.claims.find((c) => c.text === '130.00')?.verdict).toBe('untraceable');
    expect(report.messages.filter((m) => m.ruleId === 'claim-mismatch')).toEqual([]);
  });
});
