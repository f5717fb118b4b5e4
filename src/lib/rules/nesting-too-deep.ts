/**
 * `nesting-too-deep` (error): Admonitions (16), lists and block quotes (32), emphasis (64 delimiters open) or link labels (32 open) nested deeper than the limit; the page is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#nesting-too-deep shows them.
 */
import type { Draft } from '../diagnostics.js';
import { LIMITS } from '../limit-scan.js';
import { inlineOver } from './shared/limits.js';
import type { Rule } from './types.js';

const page = (depth: number, last: string) =>
  [
    '# Nested notes',
    '',
    ...Array.from({ length: depth }, (_, d) => `${'    '.repeat(d)}!!! note`),
    `${'    '.repeat(depth)}${last}`,
    '',
  ].join('\n');

function tooDeep(line: number, column: number, depth: number, limit: number, what: string): Draft {
  const capital = what === 'admonitions' ? 'Admonitions' : 'Lists and block quotes';
  return {
    ruleId: 'nesting-too-deep',
    severity: 'error',
    line,
    column,
    message: `${capital} nested ${depth} deep are over the limit of ${limit}; the page is not parsed. Flatten the nesting.`,
    expected: `at most ${limit} nested ${what}`,
    actual: `${depth} nested ${what}`,
  };
}

/**
 * A page whose admonitions (`!!!` / `???`) nest deeper than `LIMITS.admonitionDepth` (a level is 4 columns of
 * indentation), or whose lists and block quotes nest deeper than `LIMITS.containerDepth` (markers opened on one
 * line, `- - - x`, or items indented under items), or whose paragraphs open more than `LIMITS.emphasisDepth` emphasis
 * delimiters or `LIMITS.bracketDepth` link labels before closing them (a tree as deep, and parser time growing with
 * the square or cube of the depth): the page is reported at the first line too deep and not parsed,
 * since deep nesting costs time and memory out of proportion to the page. Found before parsing (its `source` stage),
 * on the depths the line scan measures (the inline scan tests emphasis and link labels against their limits); the
 * companion limits are `page-too-large`, `table-too-large` and `inline-too-complex`.
 */
export const nestingTooDeep = {
  id: 'nesting-too-deep',
  severity: 'error',
  description: `Admonitions nested deeper than ${LIMITS.admonitionDepth}, lists and block quotes deeper than ${LIMITS.containerDepth}, more than ${LIMITS.emphasisDepth} emphasis delimiters (\`*\`, \`_\`, \`~\`) or ${LIMITS.bracketDepth} link labels (\`[\`, \`![\`) open at once in a paragraph; the page is not parsed.`,
  fix: 'Flatten the nesting (put sibling blocks or items side by side instead of inside each other), or split the page.',
  examples: { ok: page(16, 'Sixteen levels deep.'), notOk: page(17, 'Seventeen levels deep.') },
  source(m) {
    if (m.kind === 'admonitions' && m.depth > LIMITS.admonitionDepth) {
      return tooDeep(m.line, m.column, m.depth, LIMITS.admonitionDepth, 'admonitions');
    }
    if (m.kind === 'containers' && m.depth > LIMITS.containerDepth) {
      return tooDeep(m.line, m.column, m.depth, LIMITS.containerDepth, 'lists and block quotes');
    }
    const nested = m.kind === 'inline' && (m.over.what === 'emphasis' || m.over.what === 'brackets');
    return nested ? { ruleId: 'nesting-too-deep', ...inlineOver(m.over, m.line, m.column, 'Flatten the nesting') } : null;
  },
} satisfies Rule;
