// Markdown files under the content roots, with their ids (`qwen3-14b/h100`): the listing `perflab check` makes of a
// folder (../lib/listing.ts), so that both read the same pages and say the same of the links they do not follow.
import { statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { listFolder, readPage, type PageText, type SkippedPath } from '../listing.js';
import { compareText } from '../order.js';

export type { SkippedPath } from '../listing.js';

export interface SourceFile {
  /** Absolute path on disk. */
  absolutePath: string;
  /** Path relative to its content root, `/`-separated (`qwen3-14b/h100.md`): the report path. */
  path: string;
  /** Path relative to the project root (`content/qwen3-14b/h100.md`). */
  projectPath: string;
}

export function listMarkdown(roots: readonly string[], projectRoot: string, skipped: SkippedPath[] = []): SourceFile[] {
  const out: SourceFile[] = [];
  for (const root of roots) {
    for (const page of listFolder(root, skipped)) {
      const absolutePath = join(root, ...page.path.split('/'));
      out.push({ absolutePath, path: page.path, projectPath: relative(projectRoot, absolutePath).split(sep).join('/') });
    }
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
const read = new Map<string, { size: number; mtimeMs: number; ino: number; text: PageText }>();

/**
 * The text of a Markdown file, or its size when it is too large to be read (see `readPage`). With `remember` (a dev
 * server, which reads every page again on each reload), a file whose size, inode and modification time are as they
 * were when this process last read it is not read again.
 */
export function readSource(absolutePath: string, remember: boolean): PageText {
  if (!remember) return readPage(absolutePath);
  const stat = statSync(absolutePath);
  const known = read.get(absolutePath);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino) return known.text;
  const text = readPage(absolutePath);
  read.set(absolutePath, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, text });
  return text;
}

/** Forget the texts of files that are no longer listed (removed or renamed pages). */
export function keepSources(absolutePaths: readonly string[]): void {
  const listed = new Set(absolutePaths);
  for (const path of read.keys()) if (!listed.has(path)) read.delete(path);
}
