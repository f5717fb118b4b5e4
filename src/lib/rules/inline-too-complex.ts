/**
 * `inline-too-complex` (error): A paragraph or table row has more link labels (250) or emphasis delimiter runs (500) than the limit; the page is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#inline-too-complex shows them.
 */
import { LIMITS } from '../limit-scan.js';
import { inlineOver } from './shared/limits.js';
import type { Rule } from './types.js';

/**
 * A paragraph (the lines up to a blank line, a heading, a fence or a new list item) or a table row with more than
 * `LIMITS.paragraphBrackets` `[` / `![`, or more than `LIMITS.paragraphDelimiters` runs of `*`, `_`, `~` that can
 * open or close emphasis: the Markdown parser searches back over the labels and delimiters it could not close for
 * each new one, so its time grows with their square (`[a](` repeated 50,000 times on one line took 33 s). Found at
 * the character over the limit, before parsing (its `source` stage), on the counts the inline scan of the line scan
 * finds over their limits (nested ones are `nesting-too-deep`); the page is not parsed and the rest of the set is
 * still checked.
 */
export const inlineTooComplex = {
  id: 'inline-too-complex',
  severity: 'error',
  description: `A paragraph or table row has more than ${LIMITS.paragraphBrackets} link labels (\`[\`, \`![\`) or ${LIMITS.paragraphDelimiters} emphasis delimiter runs (\`*\`, \`_\`, \`~\`), or the page more than ${LIMITS.pageBrackets} link labels; the page is not parsed.`,
  fix: 'Split the paragraph, or put the text in a fenced block (code is not parsed for links or emphasis).',
  examples: {
    ok: `# Links

See [the H100 page](h100.md) and [the A100 page](a100.md).
`,
    notOk: `# Links

See [the H100 page](h100.md) and [the A100 page](a100.md).
`,
    expand: {
      note: 'the link `[the A100 page](a100.md)` repeated 250 times in the paragraph',
      page: (shown) => shown.replace('[the A100 page](a100.md)', '[the A100 page](a100.md) '.repeat(250)),
    },
  },
  source(m) {
    if (m.kind !== 'inline') return null;
    const what = m.over.what;
    if (what !== 'bracket-count' && what !== 'delimiter-count' && what !== 'page-bracket-count') return null;
    const fix =
      what === 'page-bracket-count' ? 'Split the page into several pages' : 'Split the paragraph, or put the text in a fenced block';
    return { ruleId: 'inline-too-complex', ...inlineOver(m.over, m.line, m.column, fix) };
  },
} satisfies Rule;
