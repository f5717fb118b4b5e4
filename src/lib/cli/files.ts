import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Expand paths into Markdown files: folders recursively (`*.md`), files as given; sorted, deduplicated. */
export function collectMarkdown(paths: readonly string[]): { files: string[]; missing: string[] } {
  const files = new Set<string>();
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) files.add(full);
    }
  };
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      missing.push(p);
      continue;
    }
    if (st.isDirectory()) walk(p);
    else files.add(p);
  }
  return { files: [...files].sort(), missing };
}
