// Heading ids: the pipeline's slugs when it has them, MkDocs slugs otherwise; unique per page.
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { headingText, mkdocsSlug } from '../markdown/index.js';
import type { Report } from '../schemas/report.js';

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
  line: number;
}

export function headingsOf(tree: Root, report: Pick<Report, 'headings'>): HeadingInfo[] {
  const known = new Map(report.headings.map((h) => [h.line, h.slug]));
  const unique = createSlugger();
  const out: HeadingInfo[] = [];
  visit(tree, 'heading', (node) => {
    if (!node.position) return;
    const line = node.position.start.line;
    const text = headingText(node).trim();
    out.push({ depth: node.depth, text, line, slug: unique(known.get(line) ?? mkdocsSlug(text)) });
  });
  return out;
}

/** Every id a page exposes to links from elsewhere: headings, runs, metric lines and claims. */
export function anchorsOf(tree: Root, report: Report): Set<string> {
  const ids = new Set(headingsOf(tree, report).map((h) => h.slug));
  for (const run of report.runs) {
    ids.add(run.id);
    for (const m of Object.values(run.metrics)) ids.add(`${run.id}-m${m.line}`);
  }
  for (const claim of report.claims) ids.add(claim.id);
  return ids;
}
