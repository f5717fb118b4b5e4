/**
 * `benchmark-empty-block` (warning): A result block has no metric lines.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-empty-block shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * A result block's banner line closed by its `=====` line with no metric line between: a run without
 * numbers, which no claim can use. Reported by the benchmark-output parser (`src/lib/formats/index.ts`); this file
 * documents the id.
 */
export const benchmarkEmptyBlock: Rule = {
  id: 'benchmark-empty-block',
  severity: 'warning',
  description: 'A result block has no metric lines.',
  fix: 'Paste the whole output of the run between its header and closing lines.',
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: [] })),
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
