/** Shared helpers for the markdown tests. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Code, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Admonition } from '../../src/lib/markdown/index.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const corpusDir = join(root, '..', 'shared', 'corpus');
export const hasCorpus = existsSync(corpusDir);
if (!hasCorpus) console.warn(`[markdown tests] ${relative(root, corpusDir)} is absent: corpus tests are skipped.`);

export function read(path: string): string {
  return readFileSync(path, 'utf8');
}

export function page(relativePath: string): string {
  return read(join(root, 'test', 'fixtures', 'seed-pages', relativePath));
}

export function corpusPage(relativePath: string): string {
  return read(join(corpusDir, relativePath));
}

/** Every `.md` file under a folder, sorted. */
export function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...markdownFiles(path));
    else if (name.endsWith('.md')) out.push(path);
  }
  return out;
}

export function admonitions(tree: Root): Admonition[] {
  const out: Admonition[] = [];
  visit(tree, 'admonition', (node) => {
    out.push(node);
  });
  return out;
}

export function codes(tree: Nodes): Code[] {
  const out: Code[] = [];
  visit(tree, 'code', (node) => {
    out.push(node);
  });
  return out;
}

/** 1-based line numbers of lines matching `pattern`. */
export function grepLines(text: string, pattern: RegExp): number[] {
  return text.split(/\r?\n/).flatMap((line, index) => (pattern.test(line) ? [index + 1] : []));
}

type Compact = { [key: string]: unknown };

/** A small, readable projection of a tree for golden files: blocks with positions, inline as text. */
export function compact(node: Nodes): Compact {
  const p = node.position;
  const out: Compact = { type: node.type };
  if (p) out.position = `${p.start.line}:${p.start.column}-${p.end.line}:${p.end.column} @${p.start.offset}-${p.end.offset}`;
  switch (node.type) {
    case 'admonition':
      Object.assign(out, {
        kind: node.kind,
        title: node.title,
        collapsible: node.collapsible,
        open: node.open,
        flattened: node.flattened,
      });
      if (node.data?.classes) out.classes = node.data.classes;
      break;
    case 'code':
      Object.assign(out, { lang: node.lang ?? null, value: node.value });
      break;
    case 'heading':
      Object.assign(out, { depth: node.depth, text: toString(node) });
      return out;
    case 'paragraph':
    case 'tableCell':
      out.text = toString(node);
      return out;
    case 'yaml':
    case 'html':
      out.value = node.value;
      break;
  }
  if ('children' in node && node.type !== 'tableRow') out.children = node.children.map((c) => compact(c as Nodes));
  if (node.type === 'tableRow') out.cells = node.children.map((c) => toString(c));
  return out;
}
