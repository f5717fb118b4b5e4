/**
 * `admonition-empty` (warning): An admonition has no body; MkDocs renders it empty.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#admonition-empty shows them.
 */
import { HARDWARE_NOTE, hardwareNote } from './shared/examples.js';
import { emit } from '../diagnostics.js';
import { pageNodes } from '../model/tree.js';
import type { Rule } from './types.js';

/**
 * An admonition (`!!! kind "title"`, `??? kind "title"`) with nothing indented under it and no block right below
 * it that could be its flattened body (a heading never is): the parser (`src/lib/markdown/flattened.ts`) left it
 * without children.
 */
export const admonitionEmpty: Rule = {
  id: 'admonition-empty',
  severity: 'warning',
  description: 'An admonition has no body; MkDocs renders it empty.',
  fix: "Indent the admonition's body by four spaces under its `!!!` / `???` line, or delete the empty admonition.",
  examples: {
    ok: HARDWARE_NOTE,
    notOk: hardwareNote('\n\n## Results'),
  },
  check({ tree, file }) {
    for (const node of pageNodes(tree).admonitions) {
      if (node.children.length > 0) continue;
      emit(
        file,
        'admonition-empty',
        'warning',
        node.position?.start ?? { line: 1, column: 1 },
        'Admonition has no body; MkDocs renders it empty.',
        {
          expected: '4-space indented body',
          actual: 'nothing',
        },
      );
    }
  },
};
