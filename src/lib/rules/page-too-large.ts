/**
 * `page-too-large` (error): A page is over the size limit (1 MiB); it is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#page-too-large shows them.
 */
import type { Draft } from '../diagnostics.js';
import { LIMITS } from '../limit-scan.js';
import type { Rule } from './types.js';

/** `page-too-large` for a page of `bytes` bytes (also said of a page too large to be read at all). */
export function pageTooLargeDraft(bytes: number): Draft {
  return {
    ruleId: 'page-too-large',
    severity: 'error',
    line: 1,
    column: 1,
    message: `Page of ${bytes} bytes is over the limit of ${LIMITS.pageBytes} bytes; it is not parsed. Split it into several pages.`,
    expected: `at most ${LIMITS.pageBytes} bytes`,
    actual: `${bytes} bytes`,
  };
}

/**
 * A page larger than `LIMITS.pageBytes` (1 MiB): parsing time grows with the size, so such a page is reported and
 * not parsed, and the rest of the set is still checked. Found before parsing, on the page's bytes (its `source`
 * stage); the file listing says it of a file too large to be read at all.
 */
export const pageTooLarge = {
  id: 'page-too-large',
  severity: 'error',
  description: 'A page is over the size limit (1 MiB); it is not parsed.',
  fix: 'Split the page into several pages, or move raw data out of it.',
  examples: {
    ok: `# Raw dump

\`\`\`
run 1: 6595.66 tok/s
\`\`\`
`,
    notOk: `# Raw dump

\`\`\`
run 1: 6595.66 tok/s
\`\`\`
`,
    expand: {
      note: 'the fence line `run 1: 6595.66 tok/s` repeated 50,000 times (1.1 MB)',
      page: (shown) => shown.replace('run 1: 6595.66 tok/s\n', 'run 1: 6595.66 tok/s\n'.repeat(50_000)),
    },
  },
  source: (m) => (m.kind === 'page' && m.bytes > LIMITS.pageBytes ? pageTooLargeDraft(m.bytes) : null),
} satisfies Rule;
