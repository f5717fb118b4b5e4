/**
 * `model-internal-error` (error): Building the page model stopped on an internal error; the page keeps what was read
 * so far.
 *
 * Examples: `examples` below holds an ok page and says why no page is not ok; the tests check it and docs/rules.md#model-internal-error
 * shows it.
 */
import type { Rule } from './types.js';

/**
 * The page model (sections, variants, commands, runs) threw while reading the page. perflab never throws on
 * content, so the page is kept with the runs read so far and this message says what stopped: the walk over the tree
 * (`extraction`) or the assembly of the model from what it read (`assembly`). The page model (`model/extract.ts`,
 * `model/walk/index.ts`) catches the error and hands it over; the pipeline turns it into this message with the
 * rule's `internal` stage.
 */
export const modelInternalError = {
  id: 'model-internal-error',
  severity: 'error',
  description: 'Building the page model stopped on an internal error; the page keeps what was read so far.',
  fix: 'Report it as a perflab bug with the page attached; the message names the error.',
  examples: {
    ok: `# Demo

A page the page model reads.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  internal: ({ error, where, line, column }) => ({
    ruleId: 'model-internal-error',
    severity: 'error',
    line,
    column,
    message: `Page model ${where === 'extraction' ? 'extraction ' : ''}stopped: ${String(error)}`,
  }),
} satisfies Rule;
