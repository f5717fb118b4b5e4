// Every site URL is built here, so the base path is applied once.
import { routeUrl } from '../route.js';

export { slugOf } from '../route.js';

/** `/` or `/docs/` -> always ends with `/`. */
export function normalizeBase(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** Report page: `qwen3-14b/h100` -> `/reports/qwen3-14b/h100/` (the route Astro writes it under, percent-encoded). */
export function reportUrl(base: string, slug: string): string {
  return `${normalizeBase(base)}reports/${routeUrl(slug)}/`;
}

/** Site-relative URL of any page (`verification/`, `data/reports.json`). */
export function siteUrl(base: string, path = ''): string {
  return `${normalizeBase(base)}${path.replace(/^\//, '')}`;
}
