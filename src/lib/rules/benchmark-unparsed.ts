/**
 * `benchmark-unparsed` (error): A fence in a benchmark-result admonition holds neither a result block nor a failure
 * stub.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-unparsed shows them.
 */
import { benchmarkOutput, engineChoicePage } from './shared/examples.js';
import { clip, noteRule } from './shared/notes.js';

/**
 * A fence inside a `??? info "Benchmark result"` admonition (or the baseline/optimized results) from which no run
 * can be read: every result fence must yield runs or say why it cannot. The benchmark-output parser
 * (`src/lib/formats/index.ts`) records it as a note; this rule says it.
 */
export const benchmarkUnparsed = noteRule({
  id: 'benchmark-unparsed',
  severity: 'error',
  description: 'A fence in a benchmark-result admonition holds neither a result block nor a failure stub.',
  fix: "Paste the run's output, or a stub such as `# Crash. FP8 not supported on A100` when it failed.",
  examples: {
    ok: engineChoicePage(benchmarkOutput(['# Crash. FP8 not supported on this GPU'])),
    notOk: engineChoicePage(benchmarkOutput(['see the logs'])),
  },
  say: (n) => ({
    message: 'Expected a benchmark result or a failure stub in this fence',
    expected: 'a `Serving Benchmark Result` block or a stub such as `# Crash` or `RuntimeError: ...`',
    actual: n.first === null ? 'an empty fence' : `\`${clip(n.first)}\``,
  }),
});
