// Every site URL is built here, so the base path is applied once.

/** `/` or `/docs/` -> always ends with `/`. */
export function normalizeBase(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** Report page: `qwen3-14b/h100` -> `/reports/qwen3-14b/h100/`. */
export function reportUrl(base: string, slug: string): string {
  return `${normalizeBase(base)}reports/${slug}/`;
}

/** A content path (`qwen3-14b/h100.md`) to its entry id / slug. */
export function slugOf(contentPath: string): string {
  return contentPath.replace(/\.md$/i, '');
}

/** Site-relative URL of any page (`verification/`, `data/reports.json`). */
export function siteUrl(base: string, path = ''): string {
  return `${normalizeBase(base)}${path.replace(/^\//, '')}`;
}
