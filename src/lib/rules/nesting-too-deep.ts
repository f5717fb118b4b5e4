/**
 * `nesting-too-deep` (error): Admonitions (16), lists and block quotes (32), emphasis (64 delimiters open) or link labels (32 open) nested deeper than the limit; the page is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#nesting-too-deep shows them.
 */
import { LIMITS } from '../limits.js';
import type { Rule } from './types.js';

const page = (depth: number, last: string) =>
  [
    '# Nested notes',
    '',
    ...Array.from({ length: depth }, (_, d) => `${'    '.repeat(d)}!!! note`),
    `${'    '.repeat(depth)}${last}`,
    '',
  ].join('\n');

/**
 * A page whose admonitions (`!!!` / `???`) nest deeper than `LIMITS.admonitionDepth` (a level is 4 columns of
 * indentation), or whose lists and block quotes nest deeper than `LIMITS.containerDepth` (markers opened on one
 * line, `- - - x`, or items indented under items), or whose paragraphs open more than `LIMITS.emphasisDepth` emphasis
 * delimiters or `LIMITS.bracketDepth` link labels before closing them (a tree as deep, and parser time growing with
 * the square or cube of the depth): the page is reported at the first line too deep and not parsed,
 * since deep nesting costs time and memory out of proportion to the page. Reported before parsing by `src/lib/limits.ts`; the companion
 * limits are `page-too-large` and `table-too-large`.
 */
export const nestingTooDeep: Rule = {
  id: 'nesting-too-deep',
  severity: 'error',
  description: `Admonitions nested deeper than ${LIMITS.admonitionDepth}, lists and block quotes deeper than ${LIMITS.containerDepth}, more than ${LIMITS.emphasisDepth} emphasis delimiters (\`*\`, \`_\`, \`~\`) or ${LIMITS.bracketDepth} link labels (\`[\`, \`![\`) open at once in a paragraph; the page is not parsed.`,
  fix: 'Flatten the nesting (put sibling blocks or items side by side instead of inside each other), or split the page.',
  examples: { ok: page(16, 'Sixteen levels deep.'), notOk: page(17, 'Seventeen levels deep.') },
  reportedBy: 'the page limits (`src/lib/limits.ts`), before parsing',
  check() {
    // Reported before parsing by the page limits; nothing to check on the tree.
  },
};
