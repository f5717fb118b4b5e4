// The page's raw HTML is parsed block by block when each block's HTML stands alone (src/lib/render/raw.ts): the
// result must be what rehype-raw's one pass over the whole page makes, on the real pages and on pages made to test
// the edges (HTML that spans blocks, that a parser reads in a mode of its own, that leaves an element open).
import type { Element, Nodes, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { toHtml } from 'hast-util-to-html';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lib/pipeline.js';
import { handlers, unknownHandler } from '../../src/lib/render/handlers.js';
import { parseRaw, standsAlone } from '../../src/lib/render/raw.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';
import { readFileSync } from 'node:fs';

const toHast = unified().use(remarkRehype, { allowDangerousHtml: true, handlers, unknownHandler }).freeze();

/** A page's hast before its raw HTML is parsed (remark-rehype, as the renderer runs it). */
function hastOf(source: string, path = 'page.md'): { tree: Root; file: VFile } {
  const a = analyze(source, path, `/site/${path}`);
  const file = new VFile({ value: source, path });
  return { tree: toHast.runSync(structuredClone(a.tree), file) as Root, file };
}

/** What later stages read of a tree: its HTML, and each element's tag and source place. */
function reading(tree: Root): { html: string; places: string[] } {
  const places: string[] = [];
  visit(tree as Nodes, 'element', (node: Element) => {
    places.push(`${node.tagName}@${node.position?.start.offset ?? '-'}-${node.position?.end.offset ?? '-'}`);
  });
  return { html: toHtml(tree, { allowDangerousHtml: true }), places };
}

/** Whether every block's raw HTML stands alone (the renderer then parses block by block). */
function byBlocks(tree: Root): boolean {
  return tree.children.every((block) => {
    const texts: string[] = [];
    visit(block as Nodes, 'raw', (node) => {
      texts.push(node.value);
    });
    return standsAlone(texts);
  });
}

function same(source: string, path?: string): { blockwise: boolean } {
  const one = hastOf(source, path);
  const two = hastOf(source, path);
  const expected = reading(raw(one.tree, { file: one.file }) as Root);
  const blockwise = byBlocks(two.tree);
  expect(reading(parseRaw(two.tree, two.file))).toEqual(expected);
  return { blockwise };
}

describe('standsAlone', () => {
  it.each([
    [['<br>'], true],
    [['<br/>', '<img src="a>b" alt=\'x\'>'], true],
    [['<span style="color:red">', '</span>'], true],
    [['<!-- a note -->'], true],
    [['<details>'], false],
    [['<span>'], false],
    [['</p>'], false],
    [['<!-- open'], false],
    [['<b>', '<i>', '</b>', '</i>'], false],
    [['<script>', '</script>'], false],
    [['<textarea>', '</textarea>'], false],
    [['<div/>'], false],
    [['<?php ?>'], false],
    [['a < b'], false],
  ])('should say %j stands alone: %s', (texts, expected) => {
    expect(standsAlone(texts)).toBe(expected);
  });
});

describe('raw HTML parsed block by block', () => {
  it('should render the real pages as one pass over the whole page does, most of them block by block', () => {
    const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];
    expect(files.length).toBeGreaterThan(4);
    let blockwise = 0;
    for (const file of files) if (same(readFileSync(file, 'utf8'), file).blockwise) blockwise++;
    // The seeds' raw HTML (line breaks in cells, coloured spans, comments, images) stands alone in each block.
    expect(blockwise).toBeGreaterThan(files.length / 2);
  });

  it.each([
    ['a break in a cell', '| a | b |\n|---|---|\n| 1<br>2 | <span class="x">3</span> |\n'],
    ['a comment between blocks', 'Text\n\n<!-- note -->\n\nMore text\n'],
    ['an image block', '<img src="chart.png" alt="chart">\n\nText\n'],
    ['details that span blocks', '<details>\n<summary>Runs</summary>\n\nInside **bold**\n\n</details>\n\nAfter\n'],
    ['a span left open', 'One <span class="a">open\n\nNext paragraph\n'],
    ['a closing tag with no opening', 'Text</div> more\n\nNext\n'],
    ['a script', 'Text <script>alert(1)</script>\n\nNext\n'],
    ['a raw paragraph inside a paragraph', 'Before <p>inner</p> after\n\nNext\n'],
    ['misnested formatting', 'A <b>bold <i>both</b> italic</i>\n\nNext\n'],
    ['a table in raw HTML', '<table><tr><td>1</td></tr></table>\n\n| a |\n|---|\n| b |\n'],
    ['a list item in a paragraph', 'Text <li>item</li> text\n\nNext\n'],
  ])('should render %s as one pass does', (_, source) => {
    same(source);
  });

  it('should take the whole page through the parser when a block leaves an element open', () => {
    const { blockwise } = same('<details>\n\nInside\n\n</details>\n');
    expect(blockwise).toBe(false);
    expect(same('Line<br>break\n\n<span>x</span>\n').blockwise).toBe(true);
  });
});
