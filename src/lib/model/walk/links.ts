import type { Image, Link } from 'mdast';
import { columnOf, lineOf, plain } from '../text.js';
import type { WalkState } from './state.js';

/** A link, wherever it sits (paragraph, list item, table cell, heading, admonition). */
export function onLink(node: Link, { found }: WalkState): void {
  found.links.push({ url: node.url, text: plain(node), line: lineOf(node), column: columnOf(node) });
}

/** An image, wherever it sits. */
export function onImage(node: Image, { found }: WalkState): void {
  found.images.push({ url: node.url, alt: node.alt ?? '', line: lineOf(node), column: columnOf(node) });
}
