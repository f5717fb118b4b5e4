/**
 * Views of a page's tree that several rules share: its code blocks, links and images, with their places.
 * Everything here reads mdast nodes and their positions, never the raw text.
 */
import type { Code, Definition, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** One code block (a fence) as parsed. */
export interface CodeBlock {
  node: Code;
  /** 1-based line of the opening fence. */
  line: number;
  /** 1-based line of the closing fence (or the last line when unclosed). */
  endLine: number;
  /** Info string: language and meta (`bash`, `{text}`, `` for none). */
  info: string;
  /**
   * Body lines with their 1-based line and the 1-based column their text starts at (the indentation of the
   * container and of the fence is not part of the text).
   */
  body: Array<{ text: string; line: number; column: number }>;
  /** Text of the list item the block belongs to (`Backend Parameters:`), or null. */
  listItem: string | null;
}

/** Every code block of the page, in document order. */
export function codeBlocks(tree: Root): CodeBlock[] {
  const out: CodeBlock[] = [];
  visit(tree, 'code', (node, _index, parent) => {
    const start = node.position?.start ?? { line: 1, column: 1 };
    const end = node.position?.end ?? start;
    const first = start.line + 1;
    const body = node.value === '' && end.line <= first ? [] : node.value.split('\n').map((text, k) => ({ text, line: first + k, column: start.column }));
    const head = parent?.type === 'listItem' ? parent.children[0] : undefined;
    out.push({
      node,
      line: start.line,
      endLine: end.line,
      info: [node.lang, node.meta].filter((s) => !!s).join(' '),
      body,
      listItem: head && head.type === 'paragraph' ? toString(head).trim() : null,
    });
  });
  return out;
}

/** True for a code block that holds benchmark output rather than a script. */
export function isResultBlock(block: CodeBlock): boolean {
  return block.body.some((l) => l.text.includes('Serving Benchmark Result') || l.text.trimStart().startsWith('Successful requests:'));
}

/** True for a code block that holds a shell script (bash/sh/shell/console, or no info string). */
export function isShellBlock(block: CodeBlock): boolean {
  return /^(?:bash|sh|shell|zsh|console)?$/i.test(block.info);
}

/** A link or image as written, with its place. */
export interface PlacedLink {
  url: string;
  text: string;
  line: number;
  column: number;
}

/**
 * Links (or images) of the page: inline ones and references resolved through their definitions, wherever they
 * sit (paragraphs, list items, table cells, headings), in document order. Code holds none.
 */
export function pageLinks(tree: Root, images: boolean): PlacedLink[] {
  const definitions = new Map<string, Definition>();
  visit(tree, 'definition', (node) => {
    if (!definitions.has(node.identifier)) definitions.set(node.identifier, node);
  });
  const out: PlacedLink[] = [];
  const place = (node: Nodes) => ({ line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
  visit(tree, (node) => {
    if (images) {
      if (node.type === 'image') out.push({ url: node.url, text: node.alt ?? '', ...place(node) });
      else if (node.type === 'imageReference') {
        const d = definitions.get(node.identifier);
        if (d) out.push({ url: d.url, text: node.alt ?? '', ...place(node) });
      }
    } else if (node.type === 'link') out.push({ url: node.url, text: toString(node), ...place(node) });
    else if (node.type === 'linkReference') {
      const d = definitions.get(node.identifier);
      if (d) out.push({ url: d.url, text: toString(node), ...place(node) });
    }
  });
  return out;
}

/** True for URLs with a scheme (`https:`, `mailto:`) or protocol-relative ones: not checked on disk. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Split `path#anchor` (URL-decoded path). */
export function splitUrl(url: string): { path: string; anchor: string | null } {
  const hash = url.indexOf('#');
  const rawPath = withoutQuery(hash < 0 ? url : url.slice(0, hash));
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // Keep the raw path: a malformed escape is still a path to look for.
  }
  return { path, anchor: hash < 0 ? null : url.slice(hash + 1) };
}

/** `path?query` -> `path`: what `.replace(/\?.*$/, '')` gives (the first `?` after the last line break), in one pass. */
function withoutQuery(text: string): string {
  const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'), text.lastIndexOf('\u2028'), text.lastIndexOf('\u2029'));
  const q = text.indexOf('?', lastBreak + 1);
  return q < 0 ? text : text.slice(0, q);
}
