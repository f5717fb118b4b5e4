/**
 * `frontmatter-invalid` (error): The YAML front matter is not valid YAML, not a mapping, or a field has the wrong
 * type.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#frontmatter-invalid shows them.
 */
import type { Rule } from './types.js';

/**
 * Front matter (`---` ... `---` at the top) that does not parse, is not a mapping, or gives a known field
 * (`title`, `model`, `gpu`, `gpus`, `objective`, `kind`) a value of the wrong type; the field is ignored and the
 * page is read without it. Reported by the front-matter reader (`src/lib/markdown/frontmatter.ts`); this file
 * documents the id.
 */
export const frontmatterInvalid: Rule = {
  id: 'frontmatter-invalid',
  severity: 'error',
  description: 'The YAML front matter is not valid YAML, not a mapping, or a field has the wrong type.',
  fix: 'Fix the YAML (`key: value` lines); the message names the field and the type it must have.',
  reportedBy: 'the front-matter reader (`src/lib/markdown/frontmatter.ts`)',
  examples: {
    ok: `---
title: Demo report
gpus: 8
---

# Demo report
`,
    notOk: `---
title: Demo report
gpus: eight
---

# Demo report
`,
  },
  check() {
    // Reported by the front-matter reader, not by a check of its own.
  },
};
