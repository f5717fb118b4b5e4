/**
 * Lenient reading of flattened pages, where admonition bodies are not indented:
 * an empty admonition takes the block on the very next line as its body.
 * MkDocs renders such admonitions empty, so each one gets a warning.
 */
import type { BlockContent, Root, RootContent } from 'mdast';
import type { Admonition } from './mdast.js';

type Parent = { children: RootContent[] };

// Blocks that never belong to an admonition body, even when adjacent.
const NEVER_BODY = new Set(['heading', 'thematicBreak', 'yaml', 'definition', 'footnoteDefinition']);

export function flattenAdmonitions(tree: Root): void {
  visit(tree);
}

function visit(parent: Parent): void {
  const children = parent.children;
  if (children.some((node) => node.type === 'admonition' && node.children.length === 0)) {
    // Right to left, so `!!! a` + `!!! b` + block nests the block in `b`, then `b` in `a`. Built reversed, then
    // turned around once: no splice per adoption (a page of many flattened admonitions stays linear).
    const reversed: RootContent[] = [];
    for (let index = children.length - 1; index >= 0; index--) {
      const node = children[index];
      if (node.type === 'admonition' && node.children.length === 0 && adopt(reversed[reversed.length - 1], node)) reversed.pop();
      reversed.push(node);
    }
    parent.children = reversed.reverse();
  }
  for (const child of parent.children) {
    if ('children' in child && Array.isArray(child.children) && child.children.length > 0 && isBlockParent(child)) {
      visit(child as Parent);
    }
  }
}

function isBlockParent(node: RootContent): boolean {
  return (
    node.type === 'admonition' ||
    node.type === 'blockquote' ||
    node.type === 'list' ||
    node.type === 'listItem' ||
    node.type === 'footnoteDefinition'
  );
}

/**
 * Take `next` (the block right after an empty admonition) as its body when it starts on the very next line, and mark
 * the admonition `flattened` (the rule `admonition-flattened` reports it; one left empty is `admonition-empty`).
 */
function adopt(next: RootContent | undefined, node: Admonition): boolean {
  const line = node.position?.end.line ?? node.position?.start.line ?? 1;
  if (next && next.position && next.position.start.line === line + 1 && !NEVER_BODY.has(next.type)) {
    node.children.push(next as BlockContent);
    node.flattened = true;
    if (node.position) node.position.end = { ...next.position.end };
    return true;
  }
  return false;
}
