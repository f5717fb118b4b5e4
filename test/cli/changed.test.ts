// `perflab check --changed [REF]`: only the Markdown files changed against a git ref (default HEAD) and the untracked
// ones, under the paths given, in a temporary git repository.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedMarkdown } from '../../src/lib/cli/changed.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');
const run = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    stdio: 'pipe',
  });
const page = (title: string) => `# ${title}\n\nSee the [other page](missing-page.md).\n`;

/** A repository with four committed pages, then: a.md edited, d.md deleted, b.md and notes.txt added untracked. */
function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-changed-'));
  writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  mkdirSync(join(dir, 'content', 'm'), { recursive: true });
  for (const name of ['a', 'c', 'd']) writeFileSync(join(dir, 'content', 'm', `${name}.md`), page(name));
  writeFileSync(join(dir, 'README.md'), page('readme'));
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'pages');
  writeFileSync(join(dir, 'content', 'm', 'a.md'), `${page('a')}\nA new line.\n`);
  rmSync(join(dir, 'content', 'm', 'd.md'));
  writeFileSync(join(dir, 'content', 'm', 'b.md'), page('b'));
  writeFileSync(join(dir, 'content', 'notes.txt'), 'not Markdown\n');
  return dir;
}

describe('perflab check --changed', () => {
  it('should list the changed and untracked Markdown files under the paths, leaving out deleted and unchanged ones', () => {
    const dir = repo();
    expect(changedMarkdown('HEAD', dir, ['content'])).toEqual(['content/m/a.md', 'content/m/b.md']);
    expect(changedMarkdown('HEAD', dir, ['.'])).toEqual(['content/m/a.md', 'content/m/b.md']);
    expect(changedMarkdown('HEAD', dir, ['content/m/b.md'])).toEqual(['content/m/b.md']);
  });

  it('should check only those files, against HEAD by default or against the ref given', () => {
    const dir = repo();
    const r = run(['check', '--changed'], dir);
    // Each page links a missing page: an error, so exit 1.
    expect(r.status).toBe(1);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(':')[0]),
    ).toEqual(['content/m/a.md', 'content/m/b.md']);
    expect(r.stderr).toMatch(/^2 files, /m);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'edits');
    expect(run(['check', '--changed'], dir).stderr).toBe('perflab: no Markdown file changed against HEAD\n');
    const since = run(['check', '--changed', 'HEAD~1', 'content'], dir);
    expect(since.stderr).toMatch(/^2 files, /m);
    expect(since.stdout).toContain('content/m/b.md:3:9');
  });

  it('should be a usage error (exit 2) for an unknown ref, outside a git work tree, and with --watch', () => {
    const dir = repo();
    const bad = run(['check', '--changed', 'no-such-ref'], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"no-such-ref" is not a git ref');
    const plain = mkdtempSync(join(tmpdir(), 'perflab-nogit-'));
    writeFileSync(join(plain, 'package.json'), '{"private": true}\n');
    expect(run(['check', '--changed'], plain).status).toBe(2);
    expect(run(['check', '--changed', '--watch'], dir).status).toBe(2);
  });
});
