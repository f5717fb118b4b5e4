/**
 * `file-name-invalid` (error): A page's file name, or the name of a folder in its path, makes its page unreachable (`#`, `?`, `%`, `\` or a control character in it).
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#file-name-invalid shows them.
 */
import { basename } from 'node:path';
import { emit } from '../diagnostics.js';
import { segmentProblem, showName } from '../route.js';
import type { Rule } from './types.js';

/** The example pages; the not-ok page is checked under the file name `notOkPath`. */
const examples = {
  ok: `# Notes

A page whose file is named \`notes.md\`.
`,
  notOk: `# Notes

A page whose file is named \`notes#2.md\`: its URL would end at \`#\`.
`,
  notOkPath: 'notes#2.md',
};

/**
 * Names that break their page's URL. A `#` or `?` ends the URL there (the rest becomes a fragment or a query), a
 * `%` starts an escape that the server decodes (`a%23b` is served as `a#b`), a browser reads `\` as `/`, and no link
 * carries a control character: the page cannot be reached, or two files become one page. This rule checks the
 * page's file name; the folders of its path (below its content folder) are checked by the listing of the pages
 * (`src/lib/listing.ts`, `folderFindings`), with the same id and the same test (`segmentProblem`, src/lib/route.ts).
 */
export const fileNameInvalid: Rule = {
  id: 'file-name-invalid',
  severity: 'error',
  description:
    "A page's file name, or the name of a folder in its path, makes its page unreachable (`#`, `?`, `%`, `\\` or a control character in it).",
  fix: 'Rename the file or folder: no `#`, `?`, `%`, `\\` or control characters.',
  examples,
  check({ report, file }) {
    const name = basename(report.path);
    const bad = segmentProblem(name);
    if (bad.length === 0) return;
    emit(
      file,
      'file-name-invalid',
      'error',
      { line: 1, column: 1 },
      `File name \`${showName(name)}\` contains ${bad.join(' and ')}: its page URL would break there, so the page is unreachable; rename it`,
      { expected: 'a file name without `#`, `?`, `%`, `\\` or control characters', actual: showName(name) },
    );
  },
};
