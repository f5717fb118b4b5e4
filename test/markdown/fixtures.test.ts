/**
 * Golden files: each `test/fixtures/markdown/<case>/input.md` sits beside the
 * `expected.json` it must produce. A mismatch writes `expected-changed.json` to
 * diff; a missing expectation is written once locally and is an error under CI.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/lib/markdown/index.js';
import { parseInternalError } from '../../src/lib/rules/parse-internal-error.js';
import { compact, root } from './helpers.js';

const dir = join(root, 'test', 'fixtures', 'markdown');
const cases = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function actual(name: string): string {
  const input = readFileSync(join(dir, name, 'input.md'), 'utf8');
  const { tree, frontmatter, failures, notes } = parseMarkdown(input);
  // What the parse stage reports: what stopped the parser, as its rule words it.
  const messages = failures.map(parseInternalError.internal);
  return `${JSON.stringify({ tree: compact(tree), frontmatter, messages, ...(notes.length > 0 ? { notes } : {}) }, null, 2)}\n`;
}

describe('golden fixtures', () => {
  it('should have fixtures to check', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases)('should produce expected.json for %s', (name) => {
    const got = actual(name);
    const expectedPath = join(dir, name, 'expected.json');
    if (!existsSync(expectedPath)) {
      if (process.env.CI) throw new Error(`Missing ${expectedPath}; run the tests locally to create it, then review it.`);
      writeFileSync(expectedPath, got);
    }
    const expected = readFileSync(expectedPath, 'utf8');
    if (got !== expected) writeFileSync(join(dir, name, 'expected-changed.json'), got);
    expect(JSON.parse(got)).toEqual(JSON.parse(expected));
  });
});
