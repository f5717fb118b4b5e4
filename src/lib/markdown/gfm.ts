/**
 * The GFM constructs MkDocs renders with the usual extensions (`tables`, `pymdownx.tilde`): pipe tables and
 * `~~strikethrough~~`. Not GFM's autolink literals, footnotes or task lists, which Python-Markdown leaves as
 * text; leaving them out is also cheaper (autolink literals look at every character).
 */
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import type { Processor } from 'unified';

export function remarkMkdocsGfm(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough({ singleTilde: false }));
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown());
}
