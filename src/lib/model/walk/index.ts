import type { Nodes, Parents, Root } from 'mdast';
import { CONTINUE, visitParents } from 'unist-util-visit-parents';
import { NodeCollector } from '../tree.js';
import { plain } from '../text.js';
import { onCode } from './code.js';
import { onHeading } from './headings.js';
import { onImage, onLink } from './links.js';
import { onItemParagraph, onParagraph } from './prose.js';
import { newState, type Found } from './state.js';
import { onSavedLink } from './saved.js';
import { onTable } from './tables.js';
import type { SavedReader } from '../../saved/read.js';

export type { Found } from './state.js';

/** How many trees the walk has visited since the process started: one per page analysed (read by tests). */
export const walkCount = { roots: 0 };

/**
 * The one walk over a page's tree, in document order. Each node goes to the handler of its concern (headings,
 * fences, paragraphs, tables, links and images) with the section state; what a handler needs from above the node
 * (the admonition around it, the list item it is in) is read from its ancestors. On the way it gathers the nodes
 * the rules, the acknowledgements and the renderer read (`pageNodes`), so none of them walks the tree again.
 * `saved` reads the saved result files the page links to (their runs join the page's at the link).
 */
export function walk(tree: Root, saved: SavedReader | null = null): Found {
  const state = newState(saved);
  const nodes = new NodeCollector();
  try {
    visitParents(tree, (node: Nodes, ancestors: Parents[]) => {
      const parent = ancestors[ancestors.length - 1];
      nodes.add(node, parent);
      switch (node.type) {
        case 'root':
          walkCount.roots++;
          break;
        case 'heading':
          onHeading(node, state);
          break;
        case 'code':
          onCode(
            node,
            admonitionTitle(ancestors),
            parent?.type === 'listItem' ? itemTextBefore(parent, node) : listTextBefore(parent, node),
            state,
          );
          break;
        case 'paragraph':
          if (parent?.type === 'listItem') onItemParagraph(node, state);
          else onParagraph(node, admonitionTitle(ancestors), state);
          break;
        case 'table':
          onTable(node, state);
          break;
        case 'link':
          onLink(node, state);
          onSavedLink(node, state);
          break;
        case 'image':
          onImage(node, state);
          break;
      }
      return CONTINUE;
    });
    // What the rules and the renderer read of the tree goes with it (a walk cut short keeps nothing: it is gathered again).
    nodes.keepOn(tree);
  } catch (error) {
    // Never throw on content: an unexpected shape becomes a message and the page keeps what was read.
    state.found.failures.push({ error, where: 'extraction', line: 1, column: 1 });
  }
  return state.found;
}

/** Title (or kind) of the innermost admonition around a node; null outside admonitions. */
function admonitionTitle(ancestors: readonly Parents[]): string | null {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i];
    if (a.type === 'admonition') return a.title ?? a.kind;
  }
  return null;
}

/**
 * A fence right after a list whose last item ends in a colon (`- Backend Parameters:`) belongs to that item: pages
 * rendered flat (all indentation stripped) put the item's fence beside the list instead of in it.
 */
function listTextBefore(parent: Parents | undefined, node: Nodes): string | null {
  if (!parent) return null;
  const children = parent.children as Nodes[];
  const before = children[children.indexOf(node) - 1];
  if (before?.type !== 'list') return null;
  const item = before.children[before.children.length - 1];
  const last = item?.children[item.children.length - 1];
  const text = last?.type === 'paragraph' ? plain(last) : null;
  return text !== null && text.trimEnd().endsWith(':') ? text : null;
}

/** Text of the last paragraph before a node in its list item (`- Optimized Backend Parameters:` before a fence). */
function itemTextBefore(item: Parents, node: Nodes): string | null {
  const children = item.children as Nodes[];
  for (let i = children.indexOf(node) - 1; i >= 0; i--) {
    const child = children[i];
    if (child.type === 'paragraph') return plain(child);
  }
  return null;
}
