/**
 * `profile-invalid` (warning): A benchmark profile's YAML fence does not parse.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#profile-invalid shows them.
 */
import { noteRule } from './shared/notes.js';

/**
 * Under a `#### Benchmark Profiles` heading, a `##### <profile>` heading with a YAML fence that is not valid YAML:
 * the profile is left out, so the runs that name it are read without its settings. The page model
 * (`src/lib/model/walk/code.ts`) records it as a note; this rule says it.
 */
export const profileInvalid = noteRule({
  id: 'profile-invalid',
  severity: 'warning',
  description: "A benchmark profile's YAML fence does not parse.",
  fix: "Fix the profile's YAML so its settings can be read.",
  examples: {
    ok: `# Demo

## Experimental Setup

#### Benchmark Profiles

##### ShareGPT 8RPS

\`\`\`yaml
rate: 8
\`\`\`
`,
    notOk: `# Demo

## Experimental Setup

#### Benchmark Profiles

##### ShareGPT 8RPS

\`\`\`yaml
rate: [8
\`\`\`
`,
  },
  say: (n) => ({ message: `Profile \`${n.profile}\` is not valid YAML` }),
});
