/**
 * `route-collision` (error): Two pages, or a page and a file of the site's own, end at one place of the site (one route after percent-escaping, Unicode normalisation or the `.md` suffix dropped, or one's file where the other needs a folder): one would overwrite the other.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#route-collision shows them.
 */
import { emit } from '../diagnostics.js';
import { routeCollisions, routeOf, showName, showNames, slugOf } from '../route.js';
import type { Rule } from './types.js';

/**
 * Pages whose site files meet (`routeCollisions`, src/lib/route.ts, with the same route function as the site):
 * `café.md` written with `é` and with `e` and a combining accent (the route is NFC; the message shows both by code point), `a.md` and `a.MD`, `a.md` and `A.md` (one file where file names ignore case, as on macOS and Windows), `x#y.md`
 * and `x%23y.md` (Astro writes `#` as `%23`), `a.md` and `a.md.md` (the Markdown copy of one is the folder of the
 * other), `reports.md` and the site's own `data/reports.json` (the page's data; that one is found by the listing, which
 * knows a page's path below its content folder: `siteFileFindings`, src/lib/listing.ts). Only one of them would be published, and which one is not said: each page is an error naming the others.
 */
export const routeCollision: Rule = {
  id: 'route-collision',
  severity: 'error',
  description:
    "Two pages, or a page and a file of the site's own, end at one place of the site (one route after percent-escaping, Unicode normalisation or the `.md` suffix dropped, or one's file where the other needs a folder): one would overwrite the other.",
  fix: 'Rename one of the pages (or its folder) so that each has a route of its own.',
  examples: {
    ok: `# Context twin

A page beside \`context.md\`, under a name of its own.
`,
    notOk: `# Context twin

A page named \`context.MD\`, beside \`context.md\`: both are the page \`/reports/context/\`.
`,
    context: `# Context

The other page.
`,
    notOkPath: 'context.MD',
  },
  check({ report, file, reports }) {
    const at = indexOf(reports);
    const i = at.byPath.get(report.path);
    const others = i === undefined ? [] : (at.collisions.get(i) ?? []).map((j) => reports[j].path);
    if (others.length === 0) return;
    // The route below the folders the pages share (the CLI names pages with the folder it was given).
    const route = routeOf(
      slugOf(
        report.path
          .split('/')
          .slice(sharedFolders([report.path, ...others]))
          .join('/'),
      ),
    );
    const [mine, ...theirs] = showNames([report.path, ...others]);
    emit(
      file,
      'route-collision',
      'error',
      { line: 1, column: 1 },
      `Page \`${mine}\` ends at the same place of the site as \`${theirs.join('`, `')}\` (route \`${showName(route)}\`${caseNote([report.path, ...others])}): one would overwrite the other; rename one`,
      { expected: 'a route of its own', actual: [mine, ...theirs].join(' and ') },
    );
  },
};

/** Said when the pages' routes differ only in case: one file on a case-insensitive file system (macOS, Windows). */
function caseNote(paths: readonly string[]): string {
  const routes = new Set(paths.map((p) => routeOf(slugOf(p))));
  return routes.size > 1 ? ', on a case-insensitive file system' : '';
}

/** How many leading folders every path shares. */
function sharedFolders(paths: readonly string[]): number {
  const split = paths.map((p) => p.split('/').slice(0, -1));
  let n = 0;
  while (split.every((parts) => n < parts.length && parts[n] === split[0][n])) n++;
  return n;
}

const indexes = new WeakMap<readonly { path: string }[], { byPath: Map<string, number>; collisions: Map<number, number[]> }>();

/** The collisions of a set of pages, found once per set (the rule runs once per page). */
function indexOf(reports: readonly { path: string }[]) {
  let index = indexes.get(reports);
  if (!index) {
    const paths = reports.map((r) => r.path);
    index = { byPath: new Map(paths.map((p, i) => [p, i])), collisions: routeCollisions(paths) };
    indexes.set(reports, index);
  }
  return index;
}
