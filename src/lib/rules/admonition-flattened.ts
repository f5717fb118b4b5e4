/**
 * `admonition-flattened` (warning): An admonition's body is not indented; it is read leniently, but MkDocs renders
 * the admonition empty.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#admonition-flattened shows them.
 */
import { HARDWARE_NOTE, hardwareNote } from './shared/examples.js';
import { emit } from '../diagnostics.js';
import { pageNodes } from '../model/tree.js';
import type { Rule } from './types.js';

/**
 * An admonition whose body starts on the next line at column 1 (a page flattened by copying): perflab reads that
 * block as the body, so its runs and claims are still checked, and warns, since MkDocs shows an empty admonition.
 * The parser (`src/lib/markdown/flattened.ts`) marks such an admonition `flattened`; this rule reports it.
 */
export const admonitionFlattened: Rule = {
  id: 'admonition-flattened',
  severity: 'warning',
  description: "An admonition's body is not indented; it is read leniently, but MkDocs renders the admonition empty.",
  fix: 'Indent the body by four spaces under the `!!!` / `???` line.',
  examples: {
    ok: HARDWARE_NOTE,
    notOk: hardwareNote('\n8 x H100 GPUs.'),
  },
  check({ tree, file }) {
    for (const node of pageNodes(tree).admonitions) {
      if (!node.flattened) continue;
      emit(
        file,
        'admonition-flattened',
        'warning',
        node.position?.start ?? { line: 1, column: 1 },
        'Admonition body is not indented; MkDocs renders it empty. Indent the body by 4 spaces.',
        { expected: '4-space indented body', actual: 'unindented' },
      );
    }
  },
};
