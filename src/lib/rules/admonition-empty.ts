/**
 * `admonition-empty` (warning): An admonition has no body; MkDocs renders it empty.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#admonition-empty shows them.
 */
import { HARDWARE_NOTE, hardwareNote } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * An admonition (`!!! kind "title"`, `??? kind "title"`) with nothing indented under it and no block right below
 * it that could be its flattened body (a heading never is). Reported by the Markdown parser
 * (`src/lib/markdown/flattened.ts`); this file documents the id.
 */
export const admonitionEmpty: Rule = {
  id: 'admonition-empty',
  severity: 'warning',
  description: 'An admonition has no body; MkDocs renders it empty.',
  fix: "Indent the admonition's body by four spaces under its `!!!` / `???` line, or delete the empty admonition.",
  reportedBy: 'the Markdown parser (`src/lib/markdown/flattened.ts`)',
  examples: {
    ok: HARDWARE_NOTE,
    notOk: hardwareNote('\n\n## Results'),
  },
  check() {
    // Reported by the Markdown parser, not by a check of its own.
  },
};
