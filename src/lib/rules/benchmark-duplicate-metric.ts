/**
 * `benchmark-duplicate-metric` (warning): A result block prints the same metric twice with the same value.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-duplicate-metric shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

/**
 * The same metric label twice in one result block with the same value: the run is still read (the value is
 * unambiguous) and the repeat is reported. Two different values are `benchmark-ambiguous-metric`. The
 * benchmark-output parser (`src/lib/formats/block.ts`) records it as a note; this rule says it.
 */
export const benchmarkDuplicateMetric = noteRule({
  id: 'benchmark-duplicate-metric',
  severity: 'warning',
  description: 'A result block prints the same metric twice with the same value.',
  fix: 'Delete the repeated line (a paste that doubled a line).',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: [...H100_RUN, H100_RUN[4]] })),
  },
  say: (n) => ({
    message: `Unexpected second \`${n.label}\` (${n.text}), already given at line ${n.first.line} (${n.first.text})`,
    expected: `one \`${n.label}\` line`,
    actual: `lines ${n.first.line} and ${n.line}`,
  }),
});
