/**
 * `benchmark-orphan-label` (info): A label line in a result fence labels no result block.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-orphan-label shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * In a fence that holds result blocks, a label line (`# BS=4`) followed by no block or failure stub: the label
 * names nothing, so a block the author meant to paste may be missing. Reported by the benchmark-output parser
 * (`src/lib/formats/index.ts`); this file documents the id.
 */
export const benchmarkOrphanLabel: Rule = {
  id: 'benchmark-orphan-label',
  severity: 'info',
  description: 'A label line in a result fence labels no result block.',
  fix: 'Put the label right above the block it names, or delete it.',
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN, before: '# BS=4' })),
    notOk: engineChoicePage(resultBlock({ metrics: H100_RUN, after: '# BS=8' })),
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
