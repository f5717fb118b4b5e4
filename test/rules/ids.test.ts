/**
 * Every message id the tool can emit has its rule file (and so its section in docs/rules.md): the ids are read
 * from the source of `src/` wherever a message is made, so a new id without a rule file fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/lib/rules/index.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|astro)$/.test(name) ? [path] : [];
  });
}

const ID = String.raw`'([a-z][a-z0-9]*(?:-[a-z0-9]+)+)'`;
/** The ways a message is made in src/: a `ruleId` field, `draft(id, ...)`, `emit(file, id, ...)`, a local `at(place, id, ...)`. */
const MAKERS = [
  new RegExp(String.raw`\bruleId:\s*${ID}`, 'g'),
  new RegExp(String.raw`\bdraft\(\s*${ID}`, 'g'),
  new RegExp(String.raw`\bemit\(\s*\w+,\s*${ID}`, 'g'),
  new RegExp(String.raw`\bat\(\s*\w+,\s*${ID}`, 'g'),
];

/** Every id made anywhere in src/, with the first file that makes it. */
function emittedIds(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const maker of MAKERS) {
      for (const m of text.matchAll(maker)) if (!out.has(m[1])) out.set(m[1], relative(SRC, file));
    }
  }
  return out;
}

describe('message ids', () => {
  const emitted = emittedIds();

  it('should find the ids of every stage (parser, formats, limits, pipeline, rules, site)', () => {
    for (const id of [
      'frontmatter-invalid',
      'benchmark-unparsed',
      'page-too-large',
      'rule-internal-error',
      'claim-mismatch',
      'site-image-missing',
      'site-search-value',
    ]) {
      expect(emitted.has(id), id).toBe(true);
    }
    expect(emitted.size).toBeGreaterThan(40);
  });

  it('should have a rule file for every id emitted in src/', () => {
    const documented = new Set(rules.map((r) => r.id));
    const missing = [...emitted].filter(([id]) => !documented.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it('should emit every documented id somewhere (no rule file for an id nothing reports)', () => {
    expect(rules.map((r) => r.id).filter((id) => !emitted.has(id))).toEqual([]);
  });
});

describe('rules read the tree', () => {
  it('should not destructure `source` in any rule (it is for quoting a line in a message only)', () => {
    const dir = join(SRC, 'lib', 'rules');
    const offenders = sources(dir).filter(
      (file) =>
        /\bcheck\s*\(\s*\{[^}]*\bsource\b[^}]*\}/.test(readFileSync(file, 'utf8')) || /context\.source\b/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });
});
