/**
 * `benchmark-unknown-metric` (warning): A line of a result block is not a metric of its format.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-unknown-metric shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

/**
 * A line inside a result block that is no metric label of the block's format (vllm, guidellm or sglang output). It
 * is kept with the run and reported, never dropped silently. The benchmark-output parser
 * (`src/lib/formats/block.ts`) records it as a note; this rule says it.
 */
export const benchmarkUnknownMetric = noteRule({
  id: 'benchmark-unknown-metric',
  severity: 'warning',
  description: 'A line of a result block is not a metric of its format.',
  fix: "Paste the tool's output unedited; a line the tool does not print was added or edited.",
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: [...H100_RUN, ['Speculative hit rate (%)', '71.2']] })),
  },
  say: (n) => ({
    message: `Unknown metric line \`${n.text}\``,
    expected: `a metric label of ${n.format} output`,
    actual: n.label,
  }),
});
