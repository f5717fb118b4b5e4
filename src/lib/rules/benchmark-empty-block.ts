/**
 * `benchmark-empty-block` (warning): A result block has no metric lines.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-empty-block shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

/**
 * A result block's banner line closed by its `=====` line with no metric line between: a run without numbers, which
 * no claim can use. The benchmark-output parser (`src/lib/formats/index.ts`) records it as a note; this rule says
 * it.
 */
export const benchmarkEmptyBlock = noteRule({
  id: 'benchmark-empty-block',
  severity: 'warning',
  description: 'A result block has no metric lines.',
  fix: 'Paste the whole output of the run between its header and closing lines.',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: [] })),
  },
  say: (n) => ({
    message: `Result block at line ${n.blockLine} has no metric lines`,
    expected: 'metric lines such as `Successful requests: 100`',
    actual: 'none',
  }),
});
