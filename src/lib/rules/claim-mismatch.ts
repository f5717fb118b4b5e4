/**
 * `claim-mismatch` (error): A stated number that its own page's raw runs do not reproduce: a table cell that restates a run, an
 * improvement computed from two cells, a ranking value or relation, a summary-sentence number, a chain step.
 *
 * Formula and tolerance: the claim's formula (a restated metric, (optimized / baseline - 1) x 100, baseline / optimized, |A - B|, a chain step); half-up to the stated precision, each input +/- half a unit of its last printed digit (interval arithmetic); reported only when the distance to the nearest value the inputs allow exceeds one unit of the last printed digit (else `claim-rounding`) and the source is certain: the stated inputs themselves, or the one run the page's content names (by its label; the only run of the page or of the sentence's section, when no other run prints the value and the sentence speaks of no number from elsewhere (a target, an earlier build); a table row whose prompt count, concurrency or rate are that run's setup and no other row's) (else `claim-untraceable` with the candidates).
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-mismatch shows them.
 */
import { emit } from '../diagnostics.js';
import { rawCause, rawLines } from '../claims/cite.js';
import { formatFixed } from '../numbers/number.js';
import { replacement } from '../claims/restate.js';
import type { Claim } from '../schemas/claim.js';
import { claimPage } from './shared/examples.js';
import type { Rule } from './types.js';

export const claimMismatch: Rule = {
  id: 'claim-mismatch',
  severity: 'error',
  description: `A stated number that the raw runs on its page do not reproduce, by more than one unit of its last printed digit, from a source that is certain.`,
  fix: 'Correct the number to the expected value (`perflab check --fix` does it when the source is certain), or acknowledge it with a reason if it is kept as published.',
  formula: `the claim's formula (a restated metric, (optimized / baseline - 1) x 100, baseline / optimized, |A - B|, a chain step); half-up to the stated precision, each input +/- half a unit of its last printed digit (interval arithmetic); reported only when the distance to the nearest value the inputs allow exceeds one unit of the last printed digit (else \`claim-rounding\`) and the source is certain: the stated inputs themselves, or the one run the page's content names (by its label; the only run of the page or of the sentence's section, when no other run prints the value and the sentence speaks of no number from elsewhere (a target, an earlier build); a table row whose prompt count, concurrency or rate are that run's setup and no other row's) (else \`claim-untraceable\` with the candidates)`,
  examples: {
    ok: claimPage('Total TPS: 150.00 (+50.0%)'),
    notOk: claimPage('Total TPS: 150.00 (+5.0%)'),
  },
  check({ report, file }) {
    for (const c of report.claims) {
      if (c.verdict !== 'mismatch' || c.rounding) continue;
      const expected = expectedText(c);
      emit(
        file,
        'claim-mismatch',
        'error',
        c,
        `Unexpected \`${c.text}\`, expected \`${expected}\` from ${c.formula ?? 'the raw run'}${rawLines(c, report.claims)}`,
        {
          expected,
          actual: c.text,
          ...(rawCause(c) ? { cause: { file: c.source!.path, line: c.source!.line, note: c.tolerance ?? undefined } } : {}),
        },
      );
    }
  },
};

const OPPOSITE: Readonly<Record<string, string>> = {
  higher: 'lower',
  lower: 'higher',
  faster: 'slower',
  slower: 'faster',
  better: 'worse',
  worse: 'better',
  greater: 'smaller',
  smaller: 'larger',
  larger: 'smaller',
};

/**
 * What the page should read: the stated text restated with the recomputed value (`+46.8%` for `+10.7%`), as
 * `--fix` would write it; else the recomputed value at the stated precision, or the relation that holds.
 */
export function expectedText(c: Claim): string {
  const r = replacement(c);
  if ('text' in r) return r.text;
  // A comparative in words (`lower than`) the runs reverse: its opposite.
  const comparative = /^(higher|lower|faster|slower|better|worse|greater|smaller|larger)(\s.*than)$/is.exec(c.text);
  if (c.kind === 'ranking-order' && comparative) return `${OPPOSITE[comparative[1].toLowerCase()]}${comparative[2]}`;
  // A superlative in words (`fastest`) that another run beats: the runs say it is not.
  if (c.kind === 'ranking-order' && !/^[<>=]$/.test(c.text)) return `not ${c.text}`;
  if (c.recomputed === null) return /\s([<>=])\s/.exec(c.formula ?? '')?.[1] ?? 'a value the runs support';
  const decimals = /\.(\d+)/.exec(c.text)?.[1].length ?? 0;
  return formatFixed(c.recomputed, decimals);
}
