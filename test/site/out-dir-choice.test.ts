// Which output folders a build may write: never the project, a content folder or the cache, never a folder that holds
// one of them, never inside a content folder, and an existing folder only when it is empty or holds an earlier
// build's marker (src/lib/site/out-dir.mjs). A property test over a small tree of folders, then each case by name.
import { existsSync, mkdirSync, readdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outDirProblem, SITE_MARKER } from '../../src/lib/site/out-dir.mjs';

let base = '';
let root = '';
const folders = ['', 'proj', 'proj/content', 'proj/content/a', 'proj/docs', 'proj/dist', 'proj/empty', 'proj/cache', 'other', 'other/site'];
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'perflab-outdir-choice-'));
  root = join(base, 'proj');
  for (const f of folders) mkdirSync(join(base, f), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{}');
  writeFileSync(join(root, 'content', 'a', 'r.md'), '# r\n');
  writeFileSync(join(root, 'docs', 'x.md'), 'x');
  writeFileSync(join(root, 'dist', SITE_MARKER), 'earlier build');
  writeFileSync(join(root, 'dist', 'index.html'), 'site');
  writeFileSync(join(base, 'other', 'site', SITE_MARKER), 'earlier build');
  writeFileSync(join(root, 'cache', 'x.bin'), 'x');
  symlinkSync(root, join(base, 'link-to-proj'));
});
afterAll(() => base && rmSync(base, { recursive: true, force: true }));

const project = () => ({ root, contents: [join(root, 'content')], cacheDir: join(root, 'cache') });
const inside = (outer: string, inner: string) => {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep));
};

describe('the output folder', () => {
  it('should be refused exactly when it is, holds or lies in a protected folder, or holds files of no earlier build', () => {
    const candidates = [...folders, 'proj/new', 'proj/content/new', 'other/new', 'proj/dist/sub', 'link-to-proj', 'link-to-proj/dist'];
    fc.assert(
      fc.property(fc.constantFrom(...candidates), (rel) => {
        const out = join(base, rel).replace(/link-to-proj/, 'proj');
        const problem = outDirProblem(join(base, rel), project());
        const p = project();
        const protectedHit = [p.root, ...p.contents, p.cacheDir].some((d) => inside(out, d)) || p.contents.some((c) => inside(c, out));
        const names = existsSync(out) ? readdirSync(out) : [];
        const foreign = names.length > 0 && !names.includes(SITE_MARKER);
        expect(problem !== null, `${rel}: ${problem}`).toBe(protectedHit || foreign);
      }),
    );
  });

  it.each([
    ['proj', 'is the project folder'],
    ['link-to-proj', 'is the project folder'],
    ['', 'contains the project folder'],
    ['proj/content', 'is a content folder'],
    ['proj/content/a', 'lies inside the content folder'],
    ['proj/content/new', 'lies inside the content folder'],
    ['proj/cache', 'is the cache folder'],
    ['proj/docs', 'holds files perflab did not write'],
  ])('should refuse %j: %s', (rel, reason) => {
    expect(outDirProblem(join(base, rel), project())).toContain(reason);
  });

  it.each([['proj/dist'], ['proj/empty'], ['proj/new'], ['other/site'], ['other/new']])('should accept %j', (rel) => {
    expect(outDirProblem(join(base, rel), project())).toBeNull();
  });
});
