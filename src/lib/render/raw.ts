// The page's own HTML (raw nodes: `<br>`, `<span>`, comments, an image) made into elements by an HTML parser, as
// rehype-raw does, but block by block. rehype-raw passes the whole page through the parser, and a page is mostly
// benchmark output (a span per line) with no HTML of its own: at 1,000 generated reports that was 1.2 s of each
// loader thread. Here each top-level block that holds raw HTML goes through the parser alone (hast-util-raw, the
// library rehype-raw runs), and the others are left as they are. That is the same as one pass over the page when no
// block leaves anything open for the next: each block's raw HTML must close every element it opens, with no
// comment left open and none of the elements the parser reads in a mode of their own; otherwise the whole page
// goes through the parser, as before.
import type { Nodes, Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import { htmlVoidElements } from 'html-void-elements';
import type { VFile } from 'vfile';

const VOID = new Set(htmlVoidElements);

/**
 * Elements the parser reads in a mode of their own (their text is not markup, or is foreign content), or that belong
 * to the document around the page: a block that holds one goes with the whole page.
 */
const MODAL =
  /^(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext|template|svg|math|head|body|html|frameset|frame)$/;

/** One tag of raw HTML: `</name`, `<name`, and whether it closes itself. */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?:[^"'>]|"[^"]*"|'[^']*')*?(\/?)>/y;

/**
 * Whether a block's raw HTML (its raw nodes' texts, in order) stands alone: tags that each close what they open (by
 * name, in order), complete comments, and no other markup.
 */
export function standsAlone(texts: readonly string[]): boolean {
  const open: string[] = [];
  for (const text of texts) {
    let at = text.indexOf('<');
    while (at !== -1) {
      if (text.startsWith('<!--', at)) {
        const end = text.indexOf('-->', at + 4);
        if (end === -1) return false;
        at = text.indexOf('<', end + 3);
        continue;
      }
      TAG.lastIndex = at;
      const tag = TAG.exec(text);
      if (!tag) return false;
      const [whole, closing, rawName, selfClosing] = tag;
      const name = rawName.toLowerCase();
      if (MODAL.test(name)) return false;
      if (closing) {
        if (open.pop() !== name) return false;
      } else if (!VOID.has(name)) {
        if (selfClosing) return false;
        open.push(name);
      }
      at = text.indexOf('<', at + whole.length);
    }
  }
  return open.length === 0;
}

function rawTexts(node: Nodes, into: string[]): string[] {
  if (node.type === 'raw') into.push(node.value);
  else if ('children' in node) for (const child of node.children) rawTexts(child, into);
  return into;
}

/** The page with its raw HTML parsed into elements (in place where it can be: see above). */
export function parseRaw(tree: Root, file: VFile): Root {
  const blocks: Array<{ i: number; node: RootContent }> = [];
  for (const [i, node] of tree.children.entries()) {
    const texts = rawTexts(node, []);
    if (texts.length === 0) continue;
    if (!standsAlone(texts)) return raw(tree, { file }) as Root;
    blocks.push({ i, node });
  }
  // From the last block back, so that the places of the earlier ones stay put.
  for (const { i, node } of blocks.reverse()) {
    const parsed = raw(node, { file });
    tree.children.splice(i, 1, ...(parsed.type === 'root' ? parsed.children : [parsed as RootContent]));
  }
  return tree;
}

/** The unified plugin: rehype-raw's place in the render pipeline. */
export default function rehypeRawBlocks() {
  return (tree: Root, file: VFile): Root => parseRaw(tree, file);
}
