/**
 * claim-mismatch: a stated number that its own page's raw runs do not reproduce.
 *
 * Formula: the claim's own (cell values restate a metric; improvements are `(opt / base - 1) x 100`;
 * ratios `base / opt`; chains against the previous adopted step). Tolerance: half-up rounding to the
 * stated precision, with each input +/- half a unit of its last printed digit (interval arithmetic).
 *
 * ok:
 *   | Benchmark Case | baseline | Optimized |
 *   | **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |
 * not ok:
 *   | **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+5.0%) |   -> expected `+50.0%`
 */
import { formatFixed } from '../../claims/number.js';
import { draft } from '../../diagnostics.js';
import type { Claim } from '../../schemas/claim.js';
import type { Rule } from '../../rules/types.js';
import { EXAMPLE_NOT_OK, EXAMPLE_OK } from './examples.js';

export const claimMismatch: Rule = {
  id: 'claim-mismatch',
  severity: 'error',
  description: 'A stated number that the raw runs on its page do not reproduce.',
  formula: 'the claim formula (value, percent change, ratio, difference); half-up to the stated precision, inputs +/- half a unit (interval)',
  examples: { ok: EXAMPLE_OK, notOk: EXAMPLE_NOT_OK.replace('(+50.0%)', '(+5.0%)') },
  check({ report }) {
    return report.claims
      .filter((c) => c.verdict === 'mismatch')
      .map((c) => {
        const expected = expectedText(c);
        return draft(
          'claim-mismatch',
          'error',
          c,
          `Unexpected \`${c.text}\`, expected \`${expected}\` from ${c.formula ?? 'the raw run'}${c.source ? ` (line ${c.source.line})` : ''}`,
          {
            expected,
            actual: c.text,
            ...(c.source ? { cause: { file: c.source.path, line: c.source.line, note: c.tolerance ?? undefined } } : {}),
          },
        );
      });
  },
};

/** The recomputed value printed like the stated one (`21.0` for `+21.1%`), or the relation that holds. */
function expectedText(c: Claim): string {
  if (c.recomputed === null) return /\s([<>=])\s/.exec(c.formula ?? '')?.[1] ?? 'a value the runs support';
  const decimals = /\.(\d+)/.exec(c.text)?.[1].length ?? 0;
  return formatFixed(c.recomputed, decimals);
}
