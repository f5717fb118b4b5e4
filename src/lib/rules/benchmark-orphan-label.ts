/**
 * `benchmark-orphan-label` (info): A label line in a result fence labels no result block.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-orphan-label shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

/**
 * In a fence that holds result blocks, a label line (`# BS=4`) followed by no block or failure stub: the label
 * names nothing, so a block the author meant to paste may be missing. The benchmark-output parser
 * (`src/lib/formats/index.ts`) records it as a note; this rule says it.
 */
export const benchmarkOrphanLabel = noteRule({
  id: 'benchmark-orphan-label',
  severity: 'info',
  description: 'A label line in a result fence labels no result block.',
  fix: 'Put the label right above the block it names, or delete it.',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN, before: '# BS=4' })),
    notOk: engineChoicePage(resultBlock({ metrics: H100_RUN, after: '# BS=8' })),
  },
  say: (n) => ({
    message: `Line \`${n.text}\` labels no result block`,
    expected: 'a result block or failure stub after the label',
    actual: 'none',
  }),
});
