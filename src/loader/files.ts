// Markdown files under the content roots, with their ids (`qwen3-14b/h100`). Symlinks are never followed out of
// a root: a linked file or folder is listed only when its real path lies inside the same root (and each real
// folder is walked once, so a link cycle cannot loop); anything else is skipped with a reason the loader logs.
import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { compareText } from '../lib/order.js';
import { isInside } from './media.js';

export interface SourceFile {
  /** Absolute path on disk. */
  absolutePath: string;
  /** Path relative to its content root, `/`-separated (`qwen3-14b/h100.md`): the report path. */
  path: string;
  /** Path relative to the project root (`content/qwen3-14b/h100.md`). */
  projectPath: string;
}

/** A file or folder the listing did not follow, and why. */
export interface SkippedPath {
  path: string;
  reason: string;
}

export function listMarkdown(roots: readonly string[], projectRoot: string, skipped: SkippedPath[] = []): SourceFile[] {
  const out: SourceFile[] = [];
  const realOf = (p: string): string | null => {
    try {
      return realpathSync(p);
    } catch {
      return null;
    }
  };
  const walk = (root: string, realRoot: string, dir: string, seen: Set<string>) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const real = realOf(full);
        if (!real || !isInside(realRoot, real)) {
          if (entry.name.toLowerCase().endsWith('.md') || (real && statSync(real, { throwIfNoEntry: false })?.isDirectory())) {
            skipped.push({ path: full, reason: real ? 'a symlink that leaves its content folder' : 'a broken symlink' });
          }
          continue;
        }
        const stat = statSync(real);
        isDir = stat.isDirectory();
        isFile = stat.isFile();
      }
      if (isDir) {
        const real = realOf(full);
        if (!real || seen.has(real)) continue;
        seen.add(real);
        walk(root, realRoot, full, seen);
      } else if (isFile && entry.name.toLowerCase().endsWith('.md')) {
        out.push({
          absolutePath: full,
          path: relative(root, full).split(sep).join('/'),
          projectPath: relative(projectRoot, full).split(sep).join('/'),
        });
      }
    }
  };
  for (const root of roots) {
    const realRoot = realOf(root) ?? root;
    walk(root, realRoot, root, new Set([realRoot]));
  }
  return out.sort((a, b) => compareText(a.path, b.path));
}

/** The content folders the site is built from (PERFLAB_CONTENT, comma-separated; default `content`), absolute. */
export function contentRoots(projectRoot: string, env: string | undefined = process.env.PERFLAB_CONTENT): string[] {
  const roots = env?.split(',').filter(Boolean) ?? ['content'];
  return roots.map((r) => resolve(projectRoot, r));
}

/**
 * The Markdown files of a project's content folders, for the Astro config's hooks (the heap setting, the parse ahead);
 * none when a folder cannot be read: the loader then stops the build with a message that names it.
 */
export function contentFiles(projectRoot: string, env: string | undefined = process.env.PERFLAB_CONTENT): SourceFile[] {
  try {
    return listMarkdown(contentRoots(projectRoot, env), projectRoot);
  } catch {
    return [];
  }
}

/** Texts read by this process, with what `stat` said of each file then (see `readSource`). */
const read = new Map<string, { size: number; mtimeMs: number; ino: number; text: string }>();

/**
 * The text of a Markdown file. With `remember` (a dev server, which reads every page again on each reload), a file
 * whose size, inode and modification time are as they were when this process last read it is not read again.
 */
export function readSource(absolutePath: string, remember: boolean): string {
  if (!remember) return readFileSync(absolutePath, 'utf8');
  const stat = statSync(absolutePath);
  const known = read.get(absolutePath);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino) return known.text;
  const text = readFileSync(absolutePath, 'utf8');
  read.set(absolutePath, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, text });
  return text;
}

/** Forget the texts of files that are no longer listed (removed or renamed pages). */
export function keepSources(absolutePaths: readonly string[]): void {
  const listed = new Set(absolutePaths);
  for (const path of read.keys()) if (!listed.has(path)) read.delete(path);
}
