/**
 * `benchmark-truncated` (warning): A result block has no closing `=====` line.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-truncated shows them.
 */
import { engineChoicePage, H100_RUN, resultBlock } from './shared/examples.js';
import { clip, noteRule } from './shared/notes.js';

/**
 * A result block that ends at the end of its fence (or at the next block's header) without its closing line: it is
 * read as far as it goes, and the cut is reported since lines may be missing. The benchmark-output parser
 * (`src/lib/formats/index.ts`) records it as a note; this rule says it.
 */
export const benchmarkTruncated = noteRule({
  id: 'benchmark-truncated',
  severity: 'warning',
  description: 'A result block has no closing `=====` line.',
  fix: 'Paste the rest of the output, up to its closing line.',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: H100_RUN })),
    notOk: engineChoicePage(resultBlock({ metrics: H100_RUN, close: false })),
  },
  say: (n) => ({
    message: `Result block at line ${n.blockLine} has no closing \`${n.closer.slice(0, 5)}\` line`,
    expected: `a closing \`${n.closer}\` line`,
    actual: n.cutBy ? `\`${clip(n.cutBy.text)}\` at line ${n.cutBy.line}` : 'the end of the fence',
  }),
});
