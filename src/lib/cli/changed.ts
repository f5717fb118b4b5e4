// `perflab check --changed [REF]`: the Markdown files that differ from a git ref (default HEAD: what is not yet
// committed), plus the untracked ones, under the paths given; as markdownlint-cli2 and ESLint users run them on a
// pull request's files only. Deleted files are left out; git is asked, never the file system's timestamps.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../files.js';

function git(args: string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  } catch {
    return null;
  }
}

/** Whether `file` is `dir` or inside it (both absolute). */
function within(file: string, dir: string): boolean {
  const rel = relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * The Markdown files under `paths` (files or folders, relative to `cwd`) changed against `ref` or untracked, as
 * paths relative to `cwd`, sorted. A folder that is not a git work tree or a ref git does not know is a usage error.
 */
export function changedMarkdown(ref: string, cwd: string, paths: readonly string[]): string[] {
  if (git(['rev-parse', '--is-inside-work-tree'], cwd)?.trim() !== 'true')
    throw new UsageError('--changed compares with git, and this folder is not in a git work tree');
  if (git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd) === null)
    throw new UsageError(`--changed: "${ref}" is not a git ref git knows (a path goes after the ref: --changed HEAD content/)`);
  // -z: names as git stores them, without quoting of unusual characters.
  const changed = git(['diff', '--name-only', '-z', '--diff-filter=d', '--relative', ref, '--'], cwd) ?? '';
  const untracked = git(['ls-files', '-z', '--others', '--exclude-standard'], cwd) ?? '';
  const roots = paths.map((p) => resolve(cwd, p));
  const files = new Set<string>();
  for (const name of [...changed.split('\0'), ...untracked.split('\0')]) {
    if (!name.toLowerCase().endsWith('.md')) continue;
    const full = resolve(cwd, name);
    if (existsSync(full) && roots.some((r) => within(full, r))) files.add(relative(cwd, full) || name);
  }
  return [...files].sort();
}
