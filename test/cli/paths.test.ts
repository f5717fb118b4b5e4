// `perflab check` on hostile content folders: no page is lost while the check passes. Folder names that break a
// URL, two pages written to one route, links that alias a folder, one file named twice, a file that is not Markdown,
// and a page too large to read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/limits.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A working folder with a content folder `c` holding the given pages (path -> text). */
function project(pages: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'perflab-paths-'));
  for (const [path, text] of Object.entries(pages)) {
    mkdirSync(join(dir, 'c', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'c', path), text);
  }
  return dir;
}

function perflab(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'check', '--no-cache', ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const page = (title: string) => `# ${title}\n\nText of ${title}.\n`;

describe('perflab check: every path checked', () => {
  it('should fail naming both pages when `hash#dir` and `hash%23dir` hold one page each (one route), and each folder name', () => {
    project({ 'hash#dir/h100.md': page('A'), 'hash%23dir/h100.md': page('B') });
    const r = perflab(['c']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    const collision = lines.filter((l) => l.endsWith('route-collision'));
    expect(collision).toEqual([
      expect.stringMatching(/^c\/hash#dir\/h100\.md:1:1 {2}error {2}Page `c\/hash#dir\/h100\.md` .* as `c\/hash%23dir\/h100\.md`/),
      expect.stringMatching(/^c\/hash%23dir\/h100\.md:1:1 {2}error {2}Page `c\/hash%23dir\/h100\.md` .* as `c\/hash#dir\/h100\.md`/),
    ]);
    expect(lines).toContain(
      'c/hash#dir/h100.md:1:1  error  Folder name `hash#dir` contains `#`: the URL of this page would break there, so the page is unreachable; rename the folder  file-name-invalid',
    );
    expect(lines.some((l) => l.startsWith('c/hash%23dir/h100.md:1:1  error  Folder name `hash%23dir` contains `%`'))).toBe(true);
  });

  it('should check the folders below the content folder only, not the folder named on the command line', () => {
    project({ 'ok/page.md': page('A') });
    mkdirSync(join(dir, 'odd#name'));
    writeFileSync(join(dir, 'odd#name', 'page.md'), page('B'));
    expect(perflab(['c']).code).toBe(0);
    const r = perflab(['odd#name']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
  });

  it('should report `?` and control characters in folder names, with the code point', () => {
    project({ 'why?/a.md': page('A'), 'tab\there/b.md': page('B') });
    const r = perflab(['c']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Folder name `why?` contains `?`');
    expect(r.stdout).toContain('Folder name `tab<U+0009>here` contains U+0009');
  });

  it('should fail naming both pages for `a.md` and `a.MD`, and for a page whose Markdown copy is the folder of another', () => {
    // The Markdown copy of `b/x.md` is `reports/b/x.md`; the page of `b/x.md.md` is `reports/b/x.md/index.html`.
    project({ 'a.md': page('A'), 'b/x.md': page('X'), 'b/x.md.md': page('Y') });
    writeFileSync(join(dir, 'c', 'a.MD'), page('A2'));
    const r = perflab(['c']);
    expect(r.code).toBe(1);
    const named = r.stdout
      .split('\n')
      .filter((l) => l.endsWith('route-collision'))
      .map((l) => l.slice(0, l.indexOf(':')));
    expect(named.sort()).toEqual(['c/a.MD', 'c/a.md', 'c/b/x.md', 'c/b/x.md.md']);
  });

  it("should name a page whose data would overwrite the site's own `data/reports.json`", () => {
    project({ 'reports.md': page('R'), 'other.md': page('O') });
    const r = perflab(['c']);
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toBe(
      "c/reports.md:1:1  error  Page `c/reports.md` ends at the same place as the site's own `data/reports.json` (route `reports`): one would overwrite the other; rename the page  route-collision",
    );
  });

  it('should name two pages of two folders checked together that end at one route, as the site built from both would', () => {
    project({ 'same/page.md': page('A'), 'other.md': page('O') });
    mkdirSync(join(dir, 'd', 'same'), { recursive: true });
    writeFileSync(join(dir, 'd', 'same', 'page.md'), page('B'));
    const r = perflab(['c', 'd']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.endsWith('route-collision'))).toEqual([
      'c/same/page.md:1:1  error  Page `c/same/page.md` ends at the same place of the site as `d/same/page.md` (route `same/page`) when their folders are built together: one would overwrite the other; rename one  route-collision',
      'd/same/page.md:1:1  error  Page `d/same/page.md` ends at the same place of the site as `c/same/page.md` (route `same/page`) when their folders are built together: one would overwrite the other; rename one  route-collision',
    ]);
    // Each folder alone, and two files named alone, are fine.
    expect(perflab(['c']).code).toBe(0);
    expect(perflab(['c/same/page.md', 'd/same/page.md']).code).toBe(0);
  });

  it('should say `perflab tables` of a 1 GB page that it is too large, not fail reading it', () => {
    project({ 'a.md': page('A') });
    const big = join(dir, 'c', 'huge.md');
    writeFileSync(big, '');
    truncateSync(big, 1024 ** 3);
    const r = spawnSync(process.execPath, [BIN, 'tables', 'c/huge.md'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`c/huge.md:1:1  Page of ${1024 ** 3} bytes is over the limit`);
  });

  it('should keep a page whose folder a link aliases at its real path, and say on stderr that the link is skipped', () => {
    project({ 'm/real.md': page('Real'), 'index.md': '# Index\n\nSee [the real page](m/real.md).\n' });
    symlinkSync('m', join(dir, 'c', 'aliasdir'));
    const r = perflab(['c']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `perflab: ${join('c', 'aliasdir')}: not read: a symlink to \`m\`, which is read at its own path (a link would publish its pages twice)`,
    );
    expect(r.stderr).toMatch(/^2 files,/m);
    // The link to the real page resolves (it is a page of the set), so nothing is said of it.
    expect(r.stdout).toBe('');
  });

  it('should check one file once however it is named (twice, through `..`, through a link, inside a named folder)', () => {
    project({ 'a.md': '# A\n\nSee [missing](nope.md).\n' });
    symlinkSync(join(dir, 'c', 'a.md'), join(dir, 'link.md'));
    const r = perflab(['c/a.md', 'c/../c/a.md', 'link.md', 'c']);
    expect(r.stderr).toMatch(/^1 file,/m);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).not.toContain('duplicate');
  });

  it('should refuse a file that is not Markdown with exit 2, naming it', () => {
    project({ 'a.md': page('A') });
    writeFileSync(join(dir, 'notes.txt'), 'text\n');
    writeFileSync(join(dir, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    for (const name of ['notes.txt', 'image.png']) {
      const r = perflab(['c', name]);
      expect(r.code, name).toBe(2);
      expect(r.stderr.trim(), name).toBe(`perflab: not a Markdown file (.md): ${name}`);
    }
  });

  it('should report a 1 GB page as page-too-large with its byte count, without reading it, and check the rest', () => {
    project({ 'a.md': page('A'), 'b.md': '# B\n\nSee [missing](nope.md).\n' });
    const big = join(dir, 'c', 'huge.md');
    writeFileSync(big, '');
    truncateSync(big, 1024 ** 3);
    const r = perflab(['c']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `c/huge.md:1:1  error  Page of ${1024 ** 3} bytes is over the limit of ${LIMITS.pageBytes} bytes; it is not parsed. Split it into several pages.  page-too-large`,
    );
    expect(r.stdout).toContain('c/b.md:3:5');
    expect(r.stderr).not.toContain('ERR_STRING_TOO_LONG');
    // --fix has nothing to fix on it, and does not fail reading it.
    const fix = perflab(['--fix-dry-run', 'c']);
    expect(fix.code).toBe(1);
    expect(fix.stderr).toContain('would fix 0 numbers in 0 files');
    expect(fix.stderr).not.toContain('ERR_STRING_TOO_LONG');
    // A page just over the limit is read, and reported with the same count as before.
    truncateSync(big, LIMITS.pageBytes + 1);
    expect(perflab(['c/huge.md']).stdout).toContain(`Page of ${LIMITS.pageBytes + 1} bytes is over the limit`);
  });
});
