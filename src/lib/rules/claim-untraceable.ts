/**
 * `claim-untraceable` (warning): A stated number that no run on its page prints or derives, or that no run reproduces while its source is not
 * certain (several plausible runs, or one found only by position): the message names the candidates with their evidence. It may be right, but
 * a reader cannot check it.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-untraceable shows them.
 */
import { emit } from '../diagnostics.js';
import { claimPage } from './shared/examples.js';
import type { Rule } from './types.js';

export const claimUntraceable: Rule = {
  id: 'claim-untraceable',
  severity: 'warning',
  description: `A stated number that no raw run on its page supports, or whose source is not certain (several plausible runs, or one found only by position); the message names the candidates with their evidence.`,
  fix: 'Add the raw run that prints or derives this number next to the claim, or state the number from a run the page has.',
  examples: {
    ok: claimPage('Total TPS: 150.00 (+50.0%)'),
    notOk: claimPage('Total TPS: 175.00 (+75.0%)'),
  },
  check({ report, file }) {
    for (const c of report.claims) {
      if (c.verdict !== 'untraceable') continue;
      const candidates = c.candidates ?? [];
      if (candidates.length === 0) {
        emit(file, 'claim-untraceable', 'warning', c, `No run on this page supports \`${c.text}\``, {
          expected: 'a result block on the page that prints or derives this value',
          actual: 'none found',
        });
        continue;
      }
      // A candidate that gives the stated value: a run prints it, but another number beside it names another run.
      const reproduced = candidates.some((k) => k.recomputed !== null && c.stated !== null && Math.abs(k.recomputed - c.stated) < 1e-9);
      const listed = candidates
        .map((k) => `line ${k.source.line}${k.recomputed !== null ? ` gives ${k.recomputed}` : ''} (${k.evidence})`)
        .join('; ');
      emit(
        file,
        'claim-untraceable',
        'warning',
        c,
        `${reproduced ? `The source of \`${c.text}\` is not certain` : `No run on this page reproduces \`${c.text}\`, and its source is not certain`}: ${listed}. Name the run the number comes from (its option, label or engine as the experiment's heading has it)`,
        {
          expected: 'one run the page names for this number',
          actual: `${candidates.length} candidate${candidates.length === 1 ? '' : 's'}: ${listed}`,
        },
      );
    }
  },
};
