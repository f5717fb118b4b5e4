/**
 * Anchors as MkDocs' `toc` extension makes them, and as GitHub makes them for a README-style page.
 */
import GithubSlugger from 'github-slugger';
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

/**
 * The anchors GitHub gives a page's headings, in page order (github-slugger, GitHub's own algorithm): lowercase,
 * punctuation dropped, letters of every script kept (`中文标题` stays), spaces to `-`; a repeated slug is suffixed
 * `-1`, `-2`, ... A table of contents written for GitHub links these.
 */
export function githubSlugs(texts: readonly string[]): string[] {
  const slugger = new GithubSlugger();
  return texts.map((t) => slugger.slug(t));
}

/** The plain text of a heading as `toc` sees it: inline markup kept as text, HTML tags dropped. */
export function headingText(node: Heading): string {
  return toString(node, { includeHtml: false });
}
