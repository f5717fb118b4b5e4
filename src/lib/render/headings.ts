// Heading ids: the pipeline's slugs when it has them, MkDocs slugs otherwise; unique per page.
import type { Root } from 'mdast';
import { githubSlugs, headingText, mkdocsSlug } from '../markdown/index.js';
import type { Report } from '../schemas/report.js';
import { pageNodes } from '../model/tree.js';

/**
 * Unique ids per page; MkDocs suffixes repeats with `_1`, `_2`, ... (skipping any id already taken, such as a
 * literal `slug_1` heading). The last suffix tried per base slug is kept, so n repeats cost O(n), not O(n²):
 * every suffix below it is already taken and ids are never released.
 */
function createSlugger() {
  const seen = new Set<string>();
  const next = new Map<string, number>();
  return (slug: string): string => {
    let unique = slug || '_';
    if (seen.has(unique)) {
      let n = next.get(slug) ?? 1;
      for (unique = `${slug}_${n}`; seen.has(unique); n++, unique = `${slug}_${n}`);
      next.set(slug, n + 1);
    }
    seen.add(unique);
    return unique;
  };
}

export interface HeadingInfo {
  depth: number;
  text: string;
  slug: string;
  /**
   * The heading's GitHub anchor (`中文标题`, repeats `-1`, `-2`), carried as a second anchor target so that a
   * table of contents written for GitHub resolves on the site; null when it equals an id the page already has.
   */
  githubSlug: string | null;
  line: number;
}

export function headingsOf(tree: Root, report: Pick<Report, 'headings'>): HeadingInfo[] {
  const known = new Map(report.headings.map((h) => [h.line, h.slug]));
  const unique = createSlugger();
  const out: HeadingInfo[] = [];
  for (const node of pageNodes(tree).headings) {
    if (!node.position) continue;
    const line = node.position.start.line;
    const text = headingText(node).trim();
    out.push({ depth: node.depth, text, line, slug: unique(known.get(line) ?? mkdocsSlug(text)), githubSlug: null });
  }
  const ids = new Set(out.map((h) => h.slug));
  githubSlugs(out.map((h) => h.text)).forEach((slug, i) => {
    if (slug === '' || ids.has(slug)) return;
    ids.add(slug);
    out[i].githubSlug = slug;
  });
  return out;
}

/** Every id a page exposes to links from elsewhere: headings, runs, metric lines and claims. */
export function anchorsOf(tree: Root, report: Report): Set<string> {
  const ids = new Set(headingsOf(tree, report).flatMap((h) => (h.githubSlug ? [h.slug, h.githubSlug] : [h.slug])));
  for (const run of report.runs) {
    ids.add(run.id);
    for (const m of Object.values(run.metrics)) ids.add(`${run.id}-m${m.line}`);
  }
  for (const claim of report.claims) ids.add(claim.id);
  return ids;
}
