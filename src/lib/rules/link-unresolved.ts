/**
 * `link-unresolved` (error): A relative link points to a file that does not exist.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#link-unresolved shows them.
 */
import { dirname, resolve } from 'node:path';
import { emit } from '../diagnostics.js';
import { isExternal, pageLinks, splitUrl } from '../model/tree.js';
import { linkedPage } from './shared/pages.js';
import { contentFolderOf, outsideFolder } from '../content-folder.js';
import type { Rule } from './types.js';

const page = (target: string) => `# Overview

See the [same page](${target}) for details.
`;

/**
 * A relative link to a file that does not exist, resolved against the page's own file. External links
 * (`https:`, `mailto:`) and in-page anchors (`#...`, see `anchor-missing`) are not checked; pages read from
 * memory (no file on disk) are skipped. A link outside the content folder is reported as such, whether or not a file
 * is there.
 */
export const linkUnresolved: Rule = {
  id: 'link-unresolved',
  severity: 'error',
  description: 'A relative link points to a file that does not exist.',
  fix: "Fix the link's path, or add the page it points to.",
  examples: { ok: page('ok.md'), notOk: page('missing-page.md') },
  check({ report, file, tree, absolutePath, exists, reports }) {
    const base = absolutePath ? dirname(absolutePath) : null;
    const folder = contentFolderOf(absolutePath, file.path);
    for (const link of pageLinks(tree, false)) {
      if (isExternal(link.url)) continue;
      const { path } = splitUrl(link.url);
      if (!path) continue;
      if (base && outsideFolder(folder, resolve(base, path))) {
        emit(
          file,
          'link-unresolved',
          'error',
          { line: link.line, column: link.column },
          `Unexpected link to \`${path}\`: outside the content folder, so the site cannot publish what it points to`,
          { expected: 'a file inside the content folder', actual: path },
        );
        continue;
      }
      if (base ? exists(resolve(base, path)) : linkedPage(report.path, path, reports) !== null) continue;
      emit(
        file,
        'link-unresolved',
        'error',
        { line: link.line, column: link.column },
        `Unexpected link to \`${path}\`: no such file next to this page`,
        {
          expected: 'an existing file',
          actual: path,
        },
      );
    }
  },
};
