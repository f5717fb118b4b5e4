/**
 * `benchmark-ambiguous-metric` (error): A result block prints one metric twice with different values; the metric is unusable and its claims untraceable.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-ambiguous-metric shows them.
 */
import { page, resultBlock, SMALL_RUN } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

/**
 * A result block prints one metric twice with two different values (`Total Token throughput (tok/s): 100.00`, then
 * `120.00`): nobody can tell which is the run's value, so the metric is dropped from the run (its value is null)
 * and every claim that would trace to it is untraceable. The same value printed twice is only a
 * `benchmark-duplicate-metric` warning. The format parser (`src/lib/formats/block.ts`) records it as a note; this
 * rule says it.
 */
export const benchmarkAmbiguousMetric = noteRule({
  id: 'benchmark-ambiguous-metric',
  severity: 'error',
  description: 'A result block prints one metric twice with different values; the metric is unusable and its claims untraceable.',
  fix: 'Keep one result block per run: delete the duplicated line or split the block with a label line above each run.',
  examples: {
    ok: page('# Demo-8B on H100', resultBlock({ metrics: SMALL_RUN, engine: null })),
    notOk: page('# Demo-8B on H100', resultBlock({ metrics: [...SMALL_RUN, ['Total Token throughput (tok/s)', '120.00']], engine: null })),
  },
  say: (n) => ({
    message: `Ambiguous \`${n.label}\`: ${n.text} here, ${n.first.text} at line ${n.first.line}; claims from this metric are untraceable`,
    expected: `one value of \`${n.label}\``,
    actual: `${n.first.text} (line ${n.first.line}) and ${n.text} (line ${n.line})`,
  }),
});
