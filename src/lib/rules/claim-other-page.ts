/**
 * `claim-other-page` (error): A stated number that no run of its own page supports but a run on ANOTHER page prints: a value copied
 * from another report. Runs over the whole set of pages checked together.
 *
 * Examples: `examples` below holds an ok and a not-ok page and the page both are checked together with; the tests check
 * them and docs/rules.md#claim-other-page shows them.
 */
import { emit } from '../diagnostics.js';
import { claimPage, reportPage, resultBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

export const claimOtherPage: Rule = {
  id: 'claim-other-page',
  severity: 'error',
  description: `A stated number that no run of its page prints but a run of another page does: a value copied between reports.`,
  fix: 'Quote the run on this page, or add the run this number comes from to this page.',
  examples: {
    ok: claimPage('Total TPS: 150.00 (+50.0%)'),
    notOk: claimPage('Total TPS: 160.00 (+60.0%)'),
    // Another report whose run prints the 160.00 the not-ok page states.
    context: reportPage({
      title: 'Optimizing Other-8B Throughput',
      results: [
        '### 1. Choosing the Inference Engine',
        resultBlock({
          metrics: servingMetrics({
            requests: 10,
            duration: '10.00',
            input: 600,
            generated: 1000,
            requestRate: '1.00',
            outputRate: '100.00',
            totalRate: '160.00',
          }),
        }),
      ],
    }),
  },
  check({ report, file }) {
    for (const c of report.claims) {
      if (c.verdict === 'verified') continue;
      const foreign = [c.source, ...c.sources].find((s) => s && s.path !== report.path);
      if (!foreign) continue;
      emit(
        file,
        'claim-other-page',
        'error',
        c,
        `\`${c.text}\` is printed by no run of this page but by a run of ${foreign.path} (line ${foreign.line})`,
        {
          expected: c.recomputed !== null ? String(c.recomputed) : 'a run on this page',
          actual: `${c.text}, as in ${foreign.path}:${foreign.line}`,
          cause: { file: foreign.path, line: foreign.line, note: 'the run that prints this value' },
        },
      );
    }
  },
};
