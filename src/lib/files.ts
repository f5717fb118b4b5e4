import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { listFolder, realOf, type SkippedPath } from './listing.js';
import { compareText } from './order.js';

/** A usage problem (bad option, missing input, no input): exit code 2, nothing checked. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * A Markdown file to check: its name as shown (`file`), its path below its content folder (`path`), and that folder
 * as named (null for a file named alone).
 */
export interface CheckedFile {
  file: string;
  path: string;
  folder: string | null;
}

/**
 * Expand paths into Markdown files: folders recursively (`*.md`, listed as the site lists a content folder: see
 * ../listing.ts), files as given; sorted (code-unit order, so the same under every locale). A file reached twice
 * (named twice, or inside a folder also named, or through a link) is checked once, under the first name. A path that
 * does not exist, a file that is not Markdown (`.md`), or a folder without any Markdown file, is a usage error naming
 * it. `skipped`: what the folders' listing did not read, and why. A file named alone is not in a content folder
 * that is known: its `path` is its name.
 */
export function collectMarkdown(paths: readonly string[]): { files: string[]; pages: CheckedFile[]; skipped: SkippedPath[] } {
  const pages: CheckedFile[] = [];
  const skipped: SkippedPath[] = [];
  const real = new Set<string>();
  const add = (file: string, path: string, folder: string | null) => {
    // A file without a real path is read later, which says what is wrong with it.
    const key = realOf(file) ?? file;
    if (real.has(key)) return;
    real.add(key);
    pages.push({ file, path, folder });
  };
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    if (st.isDirectory()) {
      let found;
      try {
        found = listFolder(p, skipped);
      } catch (error) {
        throw new UsageError(`cannot read folder ${p}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
      if (found.length === 0) throw new UsageError(`no Markdown files found in ${p}`);
      for (const f of found) add(join(p, ...f.path.split('/')), f.path, p);
    } else if (!p.toLowerCase().endsWith('.md')) {
      throw new UsageError(`not a Markdown file (.md): ${p}`);
    } else if (!st.isFile()) {
      // A FIFO or a device named `x.md` would block the read, or never end it.
      throw new UsageError(`not a regular file: ${p}`);
    } else add(p, basename(p), null);
  }
  pages.sort((a, b) => compareText(a.file, b.file));
  return { files: pages.map((f) => f.file), pages, skipped };
}
