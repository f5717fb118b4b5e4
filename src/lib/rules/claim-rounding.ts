/**
 * `claim-rounding` (warning): A stated number that differs from what its page's raw runs give only in its last printed digit (truncated instead of rounded, or rounded the wrong way).
 *
 * Formula and tolerance: the claim's formula, as for `claim-mismatch`; the stated value is not reproduced (half-up to the stated precision, each input +/- half a unit of its last printed digit), yet its distance to the nearest value the inputs allow (the exact recomputation, or any point of its interval) is at most one unit of the stated value's last printed digit (10^-decimals: 0.1 for `+50.0%`, 0.01 for `5634.45`); a larger distance is `claim-mismatch`.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-rounding shows them.
 */
import { emit } from '../diagnostics.js';
import { rawCause, rawLines } from '../claims/cite.js';
import { expectedText } from './claim-mismatch.js';
import { claimPage } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * A conclusion row whose percentage restates the two runs below it: `+50.1%` is right, `+50.0%` one unit off. The
 * SGLang run lasts 9.99 s so that its printed rates (150.09 tok/s total) agree with its token counts.
 */
const page = (percent: string) =>
  claimPage(`Total TPS: 150.09 (${percent})`, { duration: '9.99', outputRate: '100.10', totalRate: '150.09' });

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
        `\`${c.text}\` differs only in its last digit: expected \`${expected}\` from ${c.formula ?? 'the raw run'}${rawLines(c, report.claims)}, rounded half-up`,
        {
          expected,
          actual: c.text,
          ...(rawCause(c) ? { cause: { file: c.source!.path, line: c.source!.line, note: c.tolerance ?? undefined } } : {}),
        },
      );
    }
  },
};
