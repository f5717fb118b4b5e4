/**
 * `claim-untraceable` (warning): A stated number that no run on its page prints or derives, or that no run reproduces while its source is not
 * certain (several plausible runs, or one found only by position): the message names the candidates with their evidence. It may be right, but
 * a reader cannot check it.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-untraceable shows them.
 */
import { emit } from '../diagnostics.js';
import { untraceableReason } from '../claims/cite.js';
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
        emit(file, 'claim-untraceable', 'warning', c, `No run on this page prints or derives \`${c.text}\``, {
          expected: 'a result block on the page that prints or derives this value',
          actual: 'none found',
        });
        continue;
      }
      const listed = candidates
        .map((k) => `line ${k.source.line}${k.recomputed !== null ? ` gives ${k.recomputed}` : ''} (${k.evidence})`)
        .join('; ');
      const reason = untraceableReason(c);
      emit(
        file,
        'claim-untraceable',
        'warning',
        c,
        `${reason[0].toUpperCase()}${reason.slice(1)}. Name the run the number comes from (its option, label or engine as the experiment's heading has it)`,
        {
          expected: 'one run the page names for this number',
          actual: `${candidates.length} candidate${candidates.length === 1 ? '' : 's'}: ${listed}`,
        },
      );
    }
  },
};
