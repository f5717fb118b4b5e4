/**
 * `benchmark-duplicate-metric` (warning): A result block prints the same metric twice with the same value.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-duplicate-metric shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * The same metric label twice in one result block with the same value: the run is still read (the value is
 * unambiguous) and the repeat is reported. Two different values are `benchmark-ambiguous-metric`. Reported by the
 * benchmark-output parser (`src/lib/formats/block.ts`); this file documents the id.
 */
export const benchmarkDuplicateMetric: Rule = {
  id: 'benchmark-duplicate-metric',
  severity: 'warning',
  description: 'A result block prints the same metric twice with the same value.',
  fix: 'Delete the repeated line (a paste that doubled a line).',
  reportedBy: 'the benchmark-output parser (`src/lib/formats/block.ts`)',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: [...H100_RUN, H100_RUN[4]] })),
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
