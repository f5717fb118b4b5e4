/**
 * `site-link-unpublished` (warning): A relative link points to an existing file that is not a page of the site; the
 * site shows its text unlinked.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#site-link-unpublished shows them.
 */
import { dirname, posix, resolve } from 'node:path';
import { emit } from '../diagnostics.js';
import { isExternal, pageLinks, splitUrl } from '../model/tree.js';
import type { PageView } from '../schemas/report.js';
import type { Rule } from './types.js';

/** The paths of the pages of a set, normalised; built once per set (every page of it is checked against the same). */
const pathsOf = new WeakMap<readonly PageView[], ReadonlySet<string>>();
function pagePaths(reports: readonly PageView[]): ReadonlySet<string> {
  let paths = pathsOf.get(reports);
  if (!paths) pathsOf.set(reports, (paths = new Set(reports.map((r) => posix.normalize(r.path)))));
  return paths;
}

/**
 * A relative link to a file that exists but is not a page of the set being checked (a file of another folder, a
 * file that is not a report): the site publishes only its pages, so it keeps the link text without a link rather
 * than a dead link, without a word; `perflab check` says it. A missing file is `link-unresolved`; pages without a
 * file on disk are left to it.
 */
export const siteLinkUnpublished: Rule = {
  id: 'site-link-unpublished',
  severity: 'warning',
  description: 'A relative link points to an existing file that is not a page of the site; the site shows its text unlinked.',
  fix: "Link to a page of the checked folders, or to the file's published URL.",
  examples: {
    ok: `# Notes

See [the same page](ok.md).
`,
    notOk: `# Notes

See [the rules](rules.md).
`,
    folder: 'docs',
  },
  check({ report, reports, file, tree, absolutePath, exists }) {
    if (!absolutePath) return;
    const base = dirname(absolutePath);
    const pages = pagePaths(reports);
    for (const link of pageLinks(tree, false)) {
      if (isExternal(link.url) || link.url.startsWith('/') || link.url.startsWith('#')) continue;
      const { path } = splitUrl(link.url);
      if (!path || !exists(resolve(base, path))) continue;
      // A saved result file the page's runs were read from is published with the page.
      if (report.savedFiles?.some((f) => f.link === path && f.digest !== '')) continue;
      if (pages.has(posix.normalize(posix.join(posix.dirname(report.path), path)))) continue;
      emit(
        file,
        'site-link-unpublished',
        'warning',
        link,
        `Unexpected link to \`${path}\`: the file exists but is not a page of this site; the site shows the link as plain text`,
        { expected: 'a page of the site', actual: path },
      );
    }
  },
};
