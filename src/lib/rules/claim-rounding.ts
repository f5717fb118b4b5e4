/**
 * `claim-rounding` (warning): A stated number that differs from what its page's raw runs give only in its last printed digit (truncated instead of rounded, or rounded the wrong way).
 *
 * Formula and tolerance: the claim's formula, as for `claim-mismatch`; the stated value is not reproduced (half-up to the stated precision, each input +/- half a unit of its last printed digit), yet its distance to the nearest value the inputs allow (the exact recomputation, or any point of its interval) is at most one unit of the stated value's last printed digit (10^-decimals: 0.1 for `+50.0%`, 0.01 for `5634.45`); a larger distance is `claim-mismatch`.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-rounding shows them.
 */
import { emit } from '../diagnostics.js';
import { expectedText } from './claim-mismatch.js';
import type { Rule } from './types.js';

/** A conclusion row whose percentage restates the two runs below it: `+50.1%` is right, `+50.0%` one unit off. */
const page = (percent: string) => `# Optimizing Demo-8B Throughput

## Conclusion

| Benchmark Case | baseline | Optimized |
|---|---|---|
| **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.09 (${percent}) |

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     10
    Benchmark duration (s):                  10.00
    Total input tokens:                      500
    Total generated tokens:                  500
    Request throughput (req/s):              1.00
    Output token throughput (tok/s):         50.00
    Total Token throughput (tok/s):          100.00
    ==================================================
    \`\`\`

SGLang
??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     10
    Benchmark duration (s):                  10.00
    Total input tokens:                      500
    Total generated tokens:                  1000
    Request throughput (req/s):              1.00
    Output token throughput (tok/s):         100.00
    Total Token throughput (tok/s):          150.09
    ==================================================
    \`\`\`
`;

export const claimRounding: Rule = {
  id: 'claim-rounding',
  severity: 'warning',
  description: `A stated number that differs from what its page's raw runs give only in its last printed digit (truncated instead of rounded, or rounded the wrong way).`,
  fix: 'Round the number half-up from the run it restates (`perflab check --fix` writes the expected value when the source is certain), or acknowledge it with a reason if it is kept as published.',
  formula: `the claim's formula, as for \`claim-mismatch\`; the stated value is not reproduced (half-up to the stated precision, each input +/- half a unit of its last printed digit), yet its distance to the nearest value the inputs allow (the exact recomputation, or any point of its interval) is at most one unit of the stated value's last printed digit (10^-decimals: 0.1 for \`+50.0%\`, 0.01 for \`5634.45\`); a larger distance is \`claim-mismatch\``,
  examples: {
    ok: page('+50.1%'),
    notOk: page('+50.0%'),
  },
  check({ report, file }) {
    for (const c of report.claims) {
      if (c.verdict !== 'mismatch' || !c.rounding) continue;
      const expected = expectedText(c);
      emit(
        file,
        'claim-rounding',
        'warning',
        c,
        `\`${c.text}\` differs only in its last digit: expected \`${expected}\` from ${c.formula ?? 'the raw run'}${c.source ? ` (line ${c.source.line})` : ''}, rounded half-up`,
        {
          expected,
          actual: c.text,
          ...(c.source ? { cause: { file: c.source.path, line: c.source.line, note: c.tolerance ?? undefined } } : {}),
        },
      );
    }
  },
};
