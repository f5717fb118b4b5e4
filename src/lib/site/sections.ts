// Where the Conclusion section ends in a page's rendered body, read from the page's headings (the outline the
// renderer produced), so the chart can follow the Conclusion instead of pushing it down.
import type { ListedEntry as Entry } from './entry.js';

type Heading = Entry['site']['headings'][number];

/** The heading that follows the Conclusion section (the next H1 or H2 after it), or null. */
export function afterConclusion(headings: readonly Heading[], conclusionLine: number | null): Heading | null {
  if (conclusionLine === null) return null;
  const own = headings.filter((h) => h.depth <= 2 && h.line <= conclusionLine).at(-1);
  if (!own) return null;
  return headings.find((h) => h.depth <= 2 && h.line > own.line) ?? null;
}

/** `html` cut before the element with id `slug` that is an H1 or H2: [before, from there on]; all before when absent. */
export function splitAtHeading(html: string, slug: string | null): [string, string] {
  if (slug === null) return [html, ''];
  const at = html.search(new RegExp(`<h[12] id="${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  return at < 0 ? [html, ''] : [html.slice(0, at), html.slice(at)];
}
