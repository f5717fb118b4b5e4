/**
 * `profile-invalid` (warning): A benchmark profile's YAML fence does not parse.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#profile-invalid shows them.
 */
import type { Rule } from './types.js';

/**
 * Under a `#### Benchmark Profiles` heading, a `##### <profile>` heading with a YAML fence that is not valid YAML:
 * the profile is left out, so the runs that name it are read without its settings. Reported by the page model
 * (`src/lib/model/walk/code.ts`); this file documents the id.
 */
export const profileInvalid: Rule = {
  id: 'profile-invalid',
  severity: 'warning',
  description: "A benchmark profile's YAML fence does not parse.",
  fix: "Fix the profile's YAML so its settings can be read.",
  reportedBy: 'the page model (`src/lib/model/walk/code.ts`)',
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
  check() {
    // Reported by the page model, not by a check of its own.
  },
};
