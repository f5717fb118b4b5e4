// Constructs counted from the mdast; the site tests compare them with the rendered HTML.
import type { Root } from 'mdast';
import type { Counts } from '../site/entry.js';
import { visit } from 'unist-util-visit';

export function countConstructs(tree: Root): Counts {
  const counts: Counts = { details: 0, admonitions: 0, tables: 0, code: 0, images: 0 };
  visit(tree, (node) => {
    if (node.type === 'admonition') {
      counts.admonitions++;
      if (node.collapsible) counts.details++;
    } else if (node.type === 'table') counts.tables++;
    else if (node.type === 'code') counts.code++;
    else if (node.type === 'image') counts.images++;
  });
  return counts;
}
