// mdast -> hast handlers for perflab's extra nodes. They emit bare structure only: classes, ids and titles are
// added after sanitising (see decorate.ts), so nothing trusted has to pass through the sanitiser.
import type { Element, ElementContent } from 'hast';
import type { Nodes, Parents } from 'mdast';
import type { Options } from 'remark-rehype';
import type { Admonition } from '../markdown/index.js';

type Handlers = NonNullable<Options['handlers']>;
type State = Parameters<NonNullable<Handlers['admonition']>>[0];

export type AdmonitionNode = Admonition;

export function isAdmonition(node: { type: string }): node is Admonition {
  return node.type === 'admonition';
}

function admonition(state: State, node: AdmonitionNode): Element {
  const children = state.wrap(state.all(node), true);
  const element: Element = {
    type: 'element',
    tagName: node.collapsible ? 'details' : 'div',
    properties: node.collapsible && node.open ? { open: true } : {},
    children,
  };
  state.patch(node, element);
  return element;
}

/** Unknown parents render their children, unknown leaves nothing: never lose content, never invent markup. */
function unknown(state: State, node: Nodes): ElementContent | ElementContent[] | undefined {
  if ('children' in node) return state.all(node as Parents);
  if ('value' in node && typeof node.value === 'string') return { type: 'text', value: node.value };
  return undefined;
}

export const handlers: Handlers = { admonition };
export const unknownHandler = unknown as unknown as NonNullable<Options['unknownHandler']>;
