/**
 * claim-untraceable: a stated number that no run on its page supports (and no run on another page either;
 * see claim-other-page). The number may be right, but the reader cannot check it.
 *
 * ok:
 *   | **ShareGPT** | Total TPS: 100.00 | Total TPS: 150.00 (+50.0%) |   with runs printing 100.00 and 150.00
 * not ok:
 *   | **ShareGPT** | Total TPS: 100.00 | Total TPS: 175.00 (+75.0%) |   no run prints 175.00
 */
import { draft } from '../../diagnostics.js';
import type { Rule } from '../../rules/types.js';
import { EXAMPLE_NOT_OK, EXAMPLE_OK } from './examples.js';

export const claimUntraceable: Rule = {
  id: 'claim-untraceable',
  severity: 'warning',
  description: 'A stated number that no raw run on the page supports.',
  examples: { ok: EXAMPLE_OK, notOk: EXAMPLE_NOT_OK.replace('Total TPS: 150.00 (+50.0%)', 'Total TPS: 175.00 (+75.0%)') },
  check({ report }) {
    return report.claims
      .filter((c) => c.verdict === 'untraceable')
      .map((c) =>
        draft('claim-untraceable', 'warning', c, `No run on this page supports \`${c.text}\``, {
          expected: 'a result block on the page that prints or derives this value',
          actual: 'none found',
        }),
      );
  },
};
