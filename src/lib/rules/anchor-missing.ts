/**
 * `anchor-missing` (error): An in-page or cross-page `#anchor` matches no heading of its target page, by its MkDocs slug or
 * its GitHub slug.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#anchor-missing shows them.
 */
import { emit } from '../diagnostics.js';
import { isExternal, pageLinks, splitUrl } from '../model/tree.js';
import { linkedPage } from './shared/pages.js';
import { decodeOrSelf, headingAnchors } from './shared/anchors.js';
import { reportPage } from './shared/examples.js';
import type { Rule } from './types.js';

/** A link from the engine-choice step to `#anchor`. */
const page = (anchor: string) =>
  reportPage({
    title: 'Optimizing Demo-8B Throughput',
    results: ['### 1. Choosing the Inference Engine', `See [the engine choice](#${anchor}).`],
  });

/**
 * An anchor that matches no heading: `#anchor` on the same page, or `page.md#anchor` on another page of the
 * set. A heading answers to its MkDocs `toc` slug (lowercase, punctuation including `.` dropped, spaces to `-`)
 * and to its GitHub slug (letters of every script kept, repeats suffixed `-1`, `-2`): a table of contents written
 * for GitHub (`#中文标题`) resolves there, and the site carries both anchors. Anchors into pages outside the checked set are not judged (the file check is
 * `link-unresolved`'s).
 */
export const anchorMissing: Rule = {
  id: 'anchor-missing',
  severity: 'error',
  description: 'An in-page or cross-page `#anchor` matches no heading of its target page, by its MkDocs slug or its GitHub slug.',
  fix: "Point the link at an existing heading's slug (the message suggests the nearest), or add the heading.",
  examples: { ok: page('1-choosing-the-inference-engine'), notOk: page('1-choosing-an-inference-engine') },
  check({ report, file, tree, reports }) {
    const byPage = new Map<string, ReturnType<typeof headingAnchors>>();
    for (const link of pageLinks(tree, false)) {
      if (isExternal(link.url)) continue;
      const { path, anchor } = splitUrl(link.url);
      if (!anchor) continue;
      const target = path ? linkedPage(report.path, path, reports) : report;
      if (!target) continue;
      let anchors = byPage.get(target.path);
      if (!anchors) byPage.set(target.path, (anchors = headingAnchors(target.headings)));
      if (anchors.has(anchor) || anchors.has(decodeOrSelf(anchor))) continue;
      const near = closest(anchor, [...new Set(target.headings.map((h) => h.slug))]);
      emit(
        file,
        'anchor-missing',
        'error',
        { line: link.line, column: link.column },
        `Unexpected anchor \`#${anchor}\`: no heading of ${path ? `\`${target.path}\`` : 'this page'} has that slug${near ? `; did you mean \`#${near}\`?` : ''}`,
        {
          expected: near ?? 'a heading slug',
          actual: anchor,
        },
      );
    }
  },
};

/** The slug sharing the longest prefix with the anchor, when it shares at least half of it. */
function closest(anchor: string, slugs: string[]): string | null {
  let best: string | null = null;
  let bestLength = 0;
  for (const s of slugs) {
    let n = 0;
    while (n < s.length && n < anchor.length && s[n] === anchor[n]) n++;
    if (n > bestLength) [best, bestLength] = [s, n];
  }
  return bestLength * 2 >= anchor.length ? best : null;
}
