// Markdown files under the content roots, with their ids (`qwen3-14b/h100`).
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compareText } from '../lib/order.js';

export interface SourceFile {
  /** Absolute path on disk. */
  absolutePath: string;
  /** Path relative to its content root, `/`-separated (`qwen3-14b/h100.md`): the report path. */
  path: string;
  /** Path relative to the project root (`content/qwen3-14b/h100.md`). */
  projectPath: string;
}

export function listMarkdown(roots: readonly string[], projectRoot: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (root: string, dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(root, full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) {
        out.push({
          absolutePath: full,
          path: relative(root, full).split(sep).join('/'),
          projectPath: relative(projectRoot, full).split(sep).join('/'),
        });
      }
    }
  };
  for (const root of roots) walk(root, root);
  return out.sort((a, b) => compareText(a.path, b.path));
}
