/** The message of an inline count over its limit, for the limit rules that share it (`nesting-too-deep`, `inline-too-complex`). */
import type { Draft } from '../../diagnostics.js';
import type { InlineOver } from '../../inline-scan.js';

const INLINE_WHAT = {
  emphasis: 'emphasis delimiters open at once (`*`, `_`, `~`)',
  brackets: 'link labels open at once (`[`, `![`)',
  'bracket-count': 'link labels (`[`, `![`) in one paragraph',
  'delimiter-count': 'emphasis delimiter runs (`*`, `_`, `~`) in one paragraph',
  'page-bracket-count': 'link labels (`[`, `![`) in one page',
} as const;

/** `over` at `line`:`column` as a limit rule's message (the rule adds its id), ending with what to do (`fix`). */
export function inlineOver(over: InlineOver, line: number, column: number, fix: string): Omit<Draft, 'ruleId'> {
  const what = INLINE_WHAT[over.what];
  return {
    severity: 'error',
    line,
    column,
    message: `${over.count} ${what} are over the limit of ${over.limit}; the page is not parsed. ${fix}.`,
    expected: `at most ${over.limit} ${what}`,
    actual: `${over.count} ${what}`,
  };
}
