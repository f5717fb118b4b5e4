/**
 * Anchors as MkDocs' `toc` extension makes them.
 */
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';

/**
 * Python-Markdown's default `slugify`: NFKD, drop non-ASCII, drop everything but
 * `[\w\s-]`, trim, lowercase, then runs of spaces and `-` become one `-`.
 */
export function mkdocsSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0080-\uffff]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-');
}

/** The plain text of a heading as `toc` sees it: inline markup kept as text, HTML tags dropped. */
export function headingText(node: Heading): string {
  return toString(node, { includeHtml: false });
}
