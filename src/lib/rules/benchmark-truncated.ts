/**
 * `benchmark-truncated` (warning): A result block has no closing `=====` line.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-truncated shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * A result block that ends at the end of its fence (or at the next block's header) without its closing line: it is
 * read as far as it goes, and the cut is reported since lines may be missing. Reported by the benchmark-output
 * parser (`src/lib/formats/index.ts`); this file documents the id.
 */
export const benchmarkTruncated: Rule = {
  id: 'benchmark-truncated',
  severity: 'warning',
  description: 'A result block has no closing `=====` line.',
  fix: 'Paste the rest of the output, up to its closing line.',
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: H100_RUN, close: false })),
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
