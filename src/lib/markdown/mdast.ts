/**
 * mdast utility: turn admonition tokens into `admonition` nodes.
 */
import type { BlockContent, Data, Parent } from 'mdast';
import type { CompileContext, Extension, Handle, Token } from 'mdast-util-from-markdown';
import type { Point } from 'unist';

/** Data of an admonition: extra CSS class words (`!!! note inline end`). */
export interface AdmonitionData extends Data {
  classes?: string[];
}

/** A MkDocs admonition (`!!! kind "title"`) or pymdownx details block (`???`, `???+`). */
export interface Admonition extends Parent {
  type: 'admonition';
  /** First word after the marker, e.g. `note`, `info`, `tip`. */
  kind: string;
  /** Quoted title; `null` when absent or `""`. */
  title: string | null;
  /** `???` or `???+`. */
  collapsible: boolean;
  /** Rendered open: `!!!` and `???+`. */
  open: boolean;
  /** The body was taken leniently from the unindented block on the next line. */
  flattened: boolean;
  children: BlockContent[];
  data?: AdmonitionData;
}

declare module 'mdast' {
  interface RootContentMap {
    admonition: Admonition;
  }
  interface BlockContentMap {
    admonition: Admonition;
  }
}

// End of each header line, so the node can end at its content, not after trailing blank lines.
const headerEnds = new WeakMap<Admonition, Point>();

function current(context: CompileContext): Admonition | undefined {
  const node = context.stack[context.stack.length - 1];
  return node && node.type === 'admonition' ? node : undefined;
}

const enterAdmonition: Handle = function (token) {
  const node: Admonition = {
    type: 'admonition',
    kind: '',
    title: null,
    collapsible: false,
    open: true,
    flattened: false,
    children: [],
  };
  this.enter(node, token);
};

const exitMarker: Handle = function (token) {
  const node = current(this);
  if (!node) return;
  const marker = this.sliceSerialize(token);
  node.collapsible = marker.startsWith('?');
  node.open = !node.collapsible || marker.endsWith('+');
};

const exitKind: Handle = function (token) {
  const node = current(this);
  if (node) node.kind = this.sliceSerialize(token);
};

const exitClass: Handle = function (token) {
  const node = current(this);
  if (!node) return;
  const data: AdmonitionData = node.data ?? (node.data = {});
  (data.classes ??= []).push(this.sliceSerialize(token));
};

const exitTitleString: Handle = function (token) {
  const node = current(this);
  if (node) node.title = this.sliceSerialize(token);
};

const exitHeader: Handle = function (token: Token) {
  const node = current(this);
  if (node) headerEnds.set(node, { line: token.end.line, column: token.end.column, offset: token.end.offset });
};

const exitAdmonition: Handle = function (token) {
  const node = current(this);
  this.exit(token);
  if (!node || !node.position) return;
  const last = node.children[node.children.length - 1];
  const end = last?.position?.end ?? headerEnds.get(node);
  if (end) node.position.end = { line: end.line, column: end.column, offset: end.offset };
};

/** Create the `mdast-util-from-markdown` extension for admonitions. */
export function admonitionFromMarkdown(): Extension {
  return {
    enter: { admonition: enterAdmonition },
    exit: {
      admonition: exitAdmonition,
      admonitionHeader: exitHeader,
      admonitionMarker: exitMarker,
      admonitionKind: exitKind,
      admonitionClass: exitClass,
      admonitionTitleString: exitTitleString,
    },
  };
}
