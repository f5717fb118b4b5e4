// Every setting perflab reads from the environment is one row of the settings table in docs/config.md, and there are
// few; the test suite's own are rows of the second table. A name read and missing there, or a row no code reads,
// fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const NAME = /(?<![A-Za-z0-9_])PERFLAB_[A-Z0-9]+(?:_[A-Z0-9]+)*(?![A-Za-z0-9_])/g;

function sources(tops: string[], extra: string[] = []): string[] {
  const files = [...extra];
  for (const top of tops) {
    for (const e of readdirSync(join(ROOT, top), { recursive: true, withFileTypes: true })) {
      const file = join(e.parentPath, e.name);
      if (e.isFile() && /\.(ts|mts|mjs|js|astro)$/.test(e.name) && !file.includes(`${join('test', 'fixtures')}`)) files.push(file);
    }
  }
  return files.map((f) => (f.startsWith(ROOT) ? f : join(ROOT, f)));
}

/** The names read in `files`, each with the first file that reads it. */
function names(files: string[]): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of files) for (const [name] of readFileSync(file, 'utf8').matchAll(NAME)) if (!read.has(name)) read.set(name, file);
  return read;
}

const doc = readFileSync(join(ROOT, 'docs', 'config.md'), 'utf8');
const [product, suite] = doc
  .slice(doc.indexOf('## Environment variables'))
  .split("The test suite's settings")
  .map((part) => [...part.matchAll(/^\| `(PERFLAB_[A-Z0-9_]+)` \|/gm)].map((m) => m[1]));

/** Every name in `read` is a row of `rows` (or of `also`), and every row is read. */
function expectTable(read: Map<string, string>, rows: string[], who: string, also: string[] = []): void {
  expect(
    [...read.keys()].filter((n) => !rows.includes(n) && !also.includes(n)),
    `read by ${who}, missing from the table`,
  ).toEqual([]);
  expect(
    rows.filter((n) => !read.has(n)),
    `in the table, read by no ${who}`,
  ).toEqual([]);
}

it('should document every PERFLAB_* setting perflab reads in one table of docs/config.md, at most 12 of them', () => {
  // scripts/generalise.mjs runs a test of the suite, with the suite's setting.
  const read = names(sources(['src', 'scripts'], ['astro.config.mjs']).filter((f) => !f.endsWith('generalise.mjs')));
  expect(new Set(product).size, 'a setting has two rows').toBe(product.length);
  expectTable(read, product, 'perflab');
  expect(product.length).toBeGreaterThan(5);
  expect(product.length).toBeLessThanOrEqual(12);
  // No other document names a setting the tables lack (a setting renamed or merged away).
  for (const name of ['README.md', join('docs', 'pipeline.md'), join('docs', 'ci.md'), join('docs', 'cli.md')])
    for (const [used] of readFileSync(join(ROOT, name), 'utf8').matchAll(NAME))
      expect([...product, ...suite], `${name} names ${used}`).toContain(used);
});

it("should document the test suite's own settings in the second table", () => {
  expectTable(names(sources(['test'])), suite, 'test', product);
});
