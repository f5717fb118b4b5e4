/**
 * Views of a page's tree that several rules share: its code blocks, links and images, with their places.
 * Everything here reads mdast nodes and their positions, never the raw text.
 */
import { INVISIBLE_ANY } from './invisible.js';
import type {
  Code,
  Definition,
  Heading,
  Html,
  Image,
  ImageReference,
  InlineCode,
  Link,
  LinkReference,
  ListItem,
  Nodes,
  Parents,
  Root,
  Table,
  Text,
  Paragraph,
} from 'mdast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { isResultLine } from '../formats/registry.js';
import type { Admonition } from '../markdown/mdast.js';

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

/** The nodes rules read, gathered by the page's one walk (in document order) and kept on the tree. */
export interface PageNodes {
  codes: Array<{ node: Code; parent: Parents | undefined }>;
  links: Array<Link | LinkReference>;
  images: Array<Image | ImageReference>;
  /** HTML nodes that hold an `<img` tag (raw HTML images). */
  htmlImages: Html[];
  definitions: Map<string, Definition>;
  /** Inline code outside headings. */
  inlineCodes: InlineCode[];
  listItems: ListItem[];
  headings: Heading[];
  /** HTML nodes and text nodes that hold `<!--` (acknowledgement comments), with their parents. */
  comments: Array<{ node: Html | Text; parent: Parents | undefined }>;
  /** Admonitions (`!!!`, `???`), as the parser left them: a flattened one holds the block it took as its body. */
  admonitions: Admonition[];
  tables: Table[];
  paragraphs: Paragraph[];
  /** Every block whose parent holds blocks (the root, admonitions, list items, quotes, footnotes), with a position. */
  flow: Nodes[];
  /** The nodes whose text holds an invisible character (./invisible.ts), for `text-invisible`. */
  invisible: Array<Nodes & { value: string }>;
}

declare module 'mdast' {
  interface RootData {
    /** What the page's one walk gathered (see `collectNodes`): kept on the tree, so a copy of the tree keeps it. */
    pageNodes?: PageNodes;
  }
}

/** Nodes whose children are blocks: an `html` child of one is an HTML block on its own lines. */
export const FLOW = new Set(['root', 'admonition', 'listItem', 'blockquote', 'footnoteDefinition']);

/** How many trees were walked again for their nodes, because no walk had gathered them (read by tests). */
export const nodeWalks = { count: 0 };

/**
 * Gathers the nodes rules read, one node at a time, in document order: the page's one walk (`model/walk`) hands
 * every node here on its way, so no rule walks the tree again.
 */
export class NodeCollector {
  readonly nodes: PageNodes = {
    codes: [],
    links: [],
    images: [],
    htmlImages: [],
    definitions: new Map(),
    inlineCodes: [],
    listItems: [],
    headings: [],
    comments: [],
    admonitions: [],
    tables: [],
    paragraphs: [],
    flow: [],
    invisible: [],
  };
  private headingEnd = -1;

  add(node: Nodes, parent: Parents | undefined): void {
    const out = this.nodes;
    if (parent && FLOW.has(parent.type) && node.position) out.flow.push(node);
    if ('value' in node && typeof node.value === 'string' && INVISIBLE_ANY.test(node.value)) out.invisible.push(node);
    switch (node.type) {
      case 'code':
        out.codes.push({ node, parent });
        break;
      case 'link':
      case 'linkReference':
        out.links.push(node);
        break;
      case 'image':
      case 'imageReference':
        out.images.push(node);
        break;
      case 'definition':
        if (!out.definitions.has(node.identifier)) out.definitions.set(node.identifier, node);
        break;
      case 'heading':
        out.headings.push(node);
        this.headingEnd = node.position?.end.offset ?? this.headingEnd;
        break;
      case 'inlineCode':
        if ((node.position?.start.offset ?? Infinity) >= this.headingEnd) out.inlineCodes.push(node);
        break;
      case 'listItem':
        out.listItems.push(node);
        break;
      case 'admonition':
        out.admonitions.push(node);
        break;
      case 'table':
        out.tables.push(node);
        break;
      case 'paragraph':
        out.paragraphs.push(node);
        break;
      case 'html':
        if (/<img/i.test(node.value)) out.htmlImages.push(node);
        if (node.value.includes('<!--')) out.comments.push({ node, parent });
        break;
      case 'text':
        if (node.value.includes('<!--')) out.comments.push({ node, parent });
        break;
    }
  }

  /** Keeps what was gathered on the tree: `pageNodes(tree)` reads it from there, in this copy of the tree or another. */
  keepOn(tree: Root): void {
    tree.data = { ...tree.data, pageNodes: this.nodes };
  }
}

/**
 * The nodes rules read, as the page's walk gathered them. A tree no walk went over (a test's, a fragment) is
 * walked here once, and counted in `nodeWalks`.
 */
export function pageNodes(tree: Root): PageNodes {
  const kept = tree.data?.pageNodes;
  if (kept) return kept;
  nodeWalks.count++;
  const collector = new NodeCollector();
  visit(tree, (node, _index, parent) => collector.add(node, parent));
  collector.keepOn(tree);
  return collector.nodes;
}

const blockCache = new WeakMap<Root, CodeBlock[]>();

/** Every code block of the page, in document order. */
export function codeBlocks(tree: Root): CodeBlock[] {
  const known = blockCache.get(tree);
  if (known) return known;
  const out = pageNodes(tree).codes.map(({ node, parent }): CodeBlock => {
    const start = node.position?.start ?? { line: 1, column: 1 };
    const end = node.position?.end ?? start;
    const first = start.line + 1;
    const body =
      node.value === '' && end.line <= first
        ? []
        : node.value.split('\n').map((text, k) => ({ text, line: first + k, column: start.column }));
    const head = parent?.type === 'listItem' ? parent.children[0] : undefined;
    return {
      node,
      line: start.line,
      endLine: end.line,
      info: [node.lang, node.meta].filter((x) => !!x).join(' '),
      body,
      listItem: head && head.type === 'paragraph' ? toString(head).trim() : null,
    };
  });
  blockCache.set(tree, out);
  return out;
}

/** True for a code block that holds benchmark output rather than a script. */
export function isResultBlock(block: CodeBlock): boolean {
  return block.body.some((l) => isResultLine(l.text.trim()));
}

/** True for a code block that holds a shell script (bash/sh/shell/console, or no info string). */
export function isShellBlock(block: CodeBlock): boolean {
  return /^(?:bash|sh|shell|zsh|console)?$/i.test(block.info);
}

/** True for a fence whose info string names a shell (or is empty). */
export function isShellInfo(node: Code): boolean {
  return /^(?:bash|sh|shell|zsh|console)?$/i.test([node.lang, node.meta].filter((x) => !!x).join(' '));
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
  const nodes = pageNodes(tree);
  const out: PlacedLink[] = [];
  const place = (node: Nodes) => ({ line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
  if (images) {
    for (const node of nodes.images) {
      const url = node.type === 'image' ? node.url : nodes.definitions.get(node.identifier)?.url;
      if (url !== undefined) out.push({ url, text: node.alt ?? '', ...place(node) });
    }
    for (const node of nodes.htmlImages) out.push(...htmlImagesIn(node));
    out.sort((a, b) => a.line - b.line || a.column - b.column);
  } else {
    for (const node of nodes.links) {
      const url = node.type === 'link' ? node.url : nodes.definitions.get(node.identifier)?.url;
      if (url !== undefined) out.push({ url, text: toString(node), ...place(node) });
    }
  }
  return out;
}

/**
 * The `<img src>` of a raw HTML node, placed on the page: the node's HTML is parsed as the renderer parses it (a
 * fragment, by the HTML standard), so a tag split over lines or with odd quoting gives the same source.
 */
function htmlImagesIn(node: Html): PlacedLink[] {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const out: PlacedLink[] = [];
  visit(fromHtml(node.value, { fragment: true }), 'element', (el) => {
    if (el.tagName !== 'img') return;
    // An image without a source is kept with an empty URL: the site shows a box for it, and the check says why.
    const src = typeof el.properties.src === 'string' ? el.properties.src : '';
    const at = el.position?.start ?? { line: 1, column: 1 };
    const alt = el.properties.alt;
    out.push({
      url: src,
      text: typeof alt === 'string' ? alt : '',
      line: start.line + at.line - 1,
      column: at.line === 1 ? start.column + at.column - 1 : at.column,
    });
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
