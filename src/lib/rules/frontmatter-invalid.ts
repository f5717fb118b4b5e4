/**
 * `frontmatter-invalid` (error): The YAML front matter is not valid YAML, not a mapping, or a field has the wrong
 * type.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#frontmatter-invalid shows them.
 */
import { firstLine } from '../markdown/frontmatter.js';
import { noteRule } from './shared/notes.js';

/**
 * Front matter (`---` ... `---` at the top) that does not parse, is not a mapping, or gives a known field (`title`,
 * `model`, `gpu`, `gpus`, `objective`, `kind`) a value of the wrong type; the field is ignored and the page is read
 * without it. The front-matter reader (`src/lib/markdown/frontmatter.ts`) records it as a note; this rule says it.
 */
export const frontmatterInvalid = noteRule({
  id: 'frontmatter-invalid',
  severity: 'error',
  description: 'The YAML front matter is not valid YAML, not a mapping, or a field has the wrong type.',
  fix: 'Fix the YAML (`key: value` lines); the message names the field and the type it must have.',
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
  say: ({ problem: p }) =>
    p.kind === 'yaml'
      ? { message: `Invalid YAML frontmatter: ${p.detail}`, expected: 'valid YAML', ...(p.code !== null ? { actual: p.code } : {}) }
      : p.kind === 'not-mapping'
        ? { message: 'Frontmatter is not a YAML mapping', expected: 'a mapping (`key: value` lines)', actual: p.actual }
        : {
            message: `Front matter \`${p.field}\` must be ${p.expected}; got \`${firstLine(p.raw)}\` (ignored)`,
            expected: p.expected,
            actual: p.raw,
          },
});
