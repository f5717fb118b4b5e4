/**
 * `admonition-flattened` (warning): An admonition's body is not indented; it is read leniently, but MkDocs renders
 * the admonition empty.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#admonition-flattened shows them.
 */
import { HARDWARE_NOTE, hardwareNote } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * An admonition whose body starts on the next line at column 1 (a page flattened by copying): perflab reads that
 * block as the body, so its runs and claims are still checked, and warns, since MkDocs shows an empty admonition.
 * Reported by the Markdown parser (`src/lib/markdown/flattened.ts`); this file documents the id.
 */
export const admonitionFlattened: Rule = {
  id: 'admonition-flattened',
  severity: 'warning',
  description: "An admonition's body is not indented; it is read leniently, but MkDocs renders the admonition empty.",
  fix: 'Indent the body by four spaces under the `!!!` / `???` line.',
  reportedBy: 'the Markdown parser (`src/lib/markdown/flattened.ts`)',
  examples: {
    ok: HARDWARE_NOTE,
    notOk: hardwareNote('\n8 x H100 GPUs.'),
  },
  check() {
    // Reported by the Markdown parser, not by a check of its own.
  },
};
