// What the site cannot show of a page, found in the check stage so that `perflab check` says it: the renderer
// degrades these places without a word (a placeholder for an image, plain text for a link). Missing files are
// `image-missing` and `link-unresolved`, unknown anchors `anchor-missing`, claims it cannot mark
// `site-claim-unplaced` (see verify/); this adds what those leave out: files that exist but that the site does not
// publish.
import { existsSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import type { Analysis } from '../page.js';
import type { Message } from '../schemas/message.js';
import { isExternal, pageLinks, splitUrl } from '../model/tree.js';

/** The images the site publishes: raster formats only (an SVG opened directly would run its scripts on our origin). */
export const PUBLISHED_IMAGE = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * Per page (input order): a relative image whose file exists but is not a raster image (`site-image-missing`),
 * and a relative link to an existing file that is not a page of the set (`site-link-unpublished`). Pages without
 * a file on disk are left to `image-missing` and `link-unresolved`.
 */
export function siteFindings(analyses: readonly Analysis[], exists: (path: string) => boolean = existsSync): Message[][] {
  const pages = pagePaths(analyses.map((a) => a.report));
  return analyses.map((a) => siteFindingsOf(a, pages, exists));
}

/** The paths of the pages of a set, as `siteFindingsOf` compares them. */
export const pagePaths = (reports: readonly { path: string }[]): ReadonlySet<string> =>
  new Set(reports.map((r) => posix.normalize(r.path)));

/** `siteFindings` of one page of the set whose paths are `pages` (see `pagePaths`). */
export function siteFindingsOf(
  { report, tree, absolutePath }: Analysis,
  pages: ReadonlySet<string>,
  exists: (path: string) => boolean = existsSync,
): Message[] {
  if (!absolutePath) return [];
  const out: Message[] = [];
  const at = (l: { line: number; column: number }, ruleId: string, message: string, expected: string, actual: string) =>
    out.push({ file: report.path, line: l.line, column: l.column, ruleId, severity: 'warning', message, expected, actual });
  const base = dirname(absolutePath);
  for (const image of pageLinks(tree, true)) {
    if (isExternal(image.url) || image.url.startsWith('/')) continue;
    const { path } = splitUrl(image.url);
    if (!path || !exists(resolve(base, path)) || PUBLISHED_IMAGE.test(path)) continue;
    at(
      image,
      'site-image-missing',
      `Unexpected image \`${path}\`: the site publishes PNG, JPEG, GIF, WebP and AVIF images only; it shows a placeholder`,
      'a raster image',
      path,
    );
  }
  for (const link of pageLinks(tree, false)) {
    if (isExternal(link.url) || link.url.startsWith('/') || link.url.startsWith('#')) continue;
    const { path } = splitUrl(link.url);
    if (!path || !exists(resolve(base, path))) continue;
    if (pages.has(posix.normalize(posix.join(posix.dirname(report.path), path)))) continue;
    at(
      link,
      'site-link-unpublished',
      `Unexpected link to \`${path}\`: the file exists but is not a page of this site; the site shows the link as plain text`,
      'a page of the site',
      path,
    );
  }
  return out;
}
