/**
 * The anchors that name a page's headings: each heading's MkDocs slug (`toc`, what the site's ids are) and its
 * GitHub slug (what a README-style table of contents links, `#中文标题`, repeats suffixed `-1`, `-2`). The rendered
 * site carries both (the GitHub slug as a second anchor target of the heading), so a link to either resolves.
 */
import { githubSlugs } from '../../markdown/index.js';
import type { Heading } from '../../schemas/report.js';

/** Anchor -> the heading it names; a MkDocs slug wins over a GitHub slug that happens to equal it. */
export function headingAnchors<H extends Pick<Heading, 'slug' | 'text'>>(headings: readonly H[]): Map<string, H> {
  const out = new Map<string, H>();
  for (const h of headings) if (!out.has(h.slug)) out.set(h.slug, h);
  const github = githubSlugs(headings.map((h) => h.text));
  headings.forEach((h, i) => {
    if (github[i] !== '' && !out.has(github[i])) out.set(github[i], h);
  });
  return out;
}

/** `decodeURIComponent`, or the text itself when its %-escapes are malformed (`#%zz` is then an anchor no heading has). */
export function decodeOrSelf(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
