/**
 * `anchor-missing` (error): An in-page or cross-page `#anchor` matches no heading slug of its target page.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#anchor-missing shows them.
 */
import { emit } from '../diagnostics.js';
import { isExternal, pageLinks, splitUrl } from './shared/tree.js';
import { linkedPage } from './shared/pages.js';
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
 * set. Slugs follow MkDocs' `toc` rule (lowercase, punctuation including `.` dropped, spaces to `-`), read from
 * the page model's headings. Anchors into pages outside the checked set are not judged (the file check is
 * `link-unresolved`'s).
 */
export const anchorMissing: Rule = {
  id: 'anchor-missing',
  severity: 'error',
  description: 'An in-page or cross-page `#anchor` matches no heading slug of its target page.',
  fix: "Point the link at an existing heading's slug (the message suggests the nearest), or add the heading.",
  examples: { ok: page('1-choosing-the-inference-engine'), notOk: page('1-choosing-an-inference-engine') },
  check({ report, file, tree, reports }) {
    for (const link of pageLinks(tree, false)) {
      if (isExternal(link.url)) continue;
      const { path, anchor } = splitUrl(link.url);
      if (!anchor) continue;
      const target = path ? linkedPage(report.path, path, reports) : report;
      if (!target) continue;
      const slugs = new Set(target.headings.map((h) => h.slug));
      if (slugs.has(anchor) || slugs.has(decodeOrSelf(anchor))) continue;
      const near = closest(anchor, [...slugs]);
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

/** `decodeURIComponent`, or the text itself when its %-escapes are malformed (`#%zz` is then an anchor no heading has). */
function decodeOrSelf(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
