import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compareText } from '../order.js';

/** A usage problem (bad option, missing input, no input): exit code 2, nothing checked. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Expand paths into Markdown files: folders recursively (`*.md`), files as given; sorted (code-unit order, so
 * the same under every locale), deduplicated. A path that does not exist, or a folder without any Markdown
 * file, is a usage error naming it.
 */
export function collectMarkdown(paths: readonly string[]): { files: string[] } {
  const files = new Set<string>();
  const walk = (dir: string, found: string[]) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      throw new UsageError(`cannot read folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full, found);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) found.push(full);
    }
  };
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    if (st.isDirectory()) {
      const found: string[] = [];
      walk(p, found);
      if (found.length === 0) throw new UsageError(`no Markdown files found in ${p}`);
      for (const f of found) files.add(f);
    } else files.add(p);
  }
  return { files: [...files].sort(compareText) };
}
