/**
 * `benchmark-unparsed` (error): A fence in a benchmark-result admonition holds neither a result block nor a failure
 * stub.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-unparsed shows them.
 */
import { benchmarkOutput, engineChoicePage } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * A fence inside a `??? info "Benchmark result"` admonition (or the baseline/optimized results) from which no run
 * can be read: every result fence must yield runs or say why it cannot. Reported by the benchmark-output parser
 * (`src/lib/formats/index.ts`); this file documents the id.
 */
export const benchmarkUnparsed: Rule = {
  id: 'benchmark-unparsed',
  severity: 'error',
  description: 'A fence in a benchmark-result admonition holds neither a result block nor a failure stub.',
  fix: "Paste the run's output, or a stub such as `# Crash. FP8 not supported on A100` when it failed.",
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  examples: {
    ok: engineChoicePage(benchmarkOutput(['# Crash. FP8 not supported on this GPU'])),
    notOk: engineChoicePage(benchmarkOutput(['see the logs'])),
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
