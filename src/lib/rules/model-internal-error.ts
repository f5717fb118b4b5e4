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
 * content, so the page is kept with the runs read so far and this message says what stopped. Reported by the page
 * model (`src/lib/model/extract.ts`, `src/lib/pipeline.ts`); this file documents the id.
 */
export const modelInternalError: Rule = {
  id: 'model-internal-error',
  severity: 'error',
  description: 'Building the page model stopped on an internal error; the page keeps what was read so far.',
  fix: 'Report it as a perflab bug with the page attached; the message names the error.',
  reportedBy: 'the page model (`src/lib/model/extract.ts`, `src/lib/pipeline.ts`)',
  examples: {
    ok: `# Demo

A page the page model reads.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  check() {
    // Reported by the page model, not by a check of its own.
  },
};
