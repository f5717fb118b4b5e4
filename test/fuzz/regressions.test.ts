/** Minimal counterexamples the fuzz properties found, kept as plain regression tests. */
import { describe, expect, it } from 'vitest';
import { baselessClaims, lostFences, problems, run } from './oracle.js';

const block = [
  '============ Serving Benchmark Result ============',
  'Successful requests:   10',
  'Total Token throughput (tok/s):   1.00',
  '==================================================',
];

describe('fuzz regressions', () => {
  it('should keep a result fence under a list item that mentions parameters inside a result admonition', () => {
    // Found by "no block lost": the fence was read as backend parameters and its run vanished without a message.
    const text = ['## Experiment Results', '', '### 1. Engine', '', '??? info "Benchmark result"', '    - With tuned parameters:', '', '        ```', ...block.map((l) => `        ${l}`), '        ```', ''].join('\n');
    const checked = run(text);
    expect(problems(checked, text)).toEqual([]);
    expect(lostFences(checked.report, [8])).toEqual([]);
    expect(checked.report.runs.map((r) => r.metrics.total_token_throughput?.value)).toEqual([1]);
    expect(baselessClaims(checked.report, text)).toEqual([]);
  });
});
