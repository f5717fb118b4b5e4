// Constructs counted from the mdast; the site tests compare them with the rendered HTML.
import type { Root } from 'mdast';
import type { Counts } from '../site/entry.js';
import { pageNodes } from '../model/tree.js';

/** From the page's one node index (`pageNodes`), not a walk of its own. */
export function countConstructs(tree: Root): Counts {
  const nodes = pageNodes(tree);
  return {
    details: nodes.admonitions.filter((node) => node.collapsible).length,
    admonitions: nodes.admonitions.length,
    tables: nodes.tables.length,
    code: nodes.codes.length,
    images: nodes.images.filter((node) => node.type === 'image').length,
  };
}
