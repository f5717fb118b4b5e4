import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compareText } from '../order.js';

/** A usage problem (bad option, missing input, no input): exit code 2, nothing checked. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A file whose name breaks its page: `#`/`?` cut its URL, or its name equals another's after Unicode normalisation. */
export interface NameProblem {
  file: string;
  message: string;
  expected: string;
  actual: string;
}

/**
 * Expand paths into Markdown files: folders recursively (`*.md`), files as given; sorted (code-unit order, so
 * the same under every locale), deduplicated. A path that does not exist, or a folder without any Markdown
 * file, is a usage error naming it.
 */
export function collectMarkdown(paths: readonly string[]): { files: string[]; problems: NameProblem[] } {
  const files = new Set<string>();
  const walk = (dir: string, found: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
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
  const sorted = [...files].sort(compareText);
  return { files: sorted, problems: nameProblems(sorted) };
}

/** Names that make a page unreachable or collide with another page once Unicode-normalised (NFC vs NFD). */
export function nameProblems(files: readonly string[]): NameProblem[] {
  const out: NameProblem[] = [];
  const byNfc = new Map<string, string[]>();
  for (const file of files) {
    const name = basename(file);
    const bad = [...new Set(name.match(/[#?]/g) ?? [])];
    if (bad.length > 0) {
      out.push({
        file,
        message: `File name \`${name}\` contains ${bad.map((c) => `\`${c}\``).join(' and ')}: its page URL would end there, so the page is unreachable; rename it`,
        expected: 'a file name without `#` or `?`',
        actual: name,
      });
    }
    const key = file.normalize('NFC');
    byNfc.set(key, [...(byNfc.get(key) ?? []), file]);
  }
  for (const group of byNfc.values()) {
    if (group.length < 2) continue;
    for (const file of group) {
      const others = group.filter((f) => f !== file);
      out.push({
        file,
        message: `File name \`${file}\` is the same text as \`${others.join('`, `')}\` in another Unicode normalisation (NFC/NFD): both would become one page; rename one`,
        expected: 'file names that differ after Unicode NFC normalisation',
        actual: `${file} and ${others.join(', ')}`,
      });
    }
  }
  return out;
}
