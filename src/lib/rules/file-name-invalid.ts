/**
 * `file-name-invalid` (error): A page's file name makes it unreachable (`#` or `?` in it) or equals another page's name in another Unicode normalisation (NFC/NFD).
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#file-name-invalid shows them.
 */
import { basename } from 'node:path';
import { emit } from '../diagnostics.js';
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
 * File names that break their page. A `#` or `?` in a name ends the page's URL there (the rest becomes a
 * fragment or a query), so the page cannot be reached. Two names that are the same text in another Unicode
 * normalisation (`café.md` written with `é` or with `e` and a combining accent) become one page on file systems
 * and hosts that normalise names; the one that is lost is not said. Both are errors naming the file; rename it.
 */
export const fileNameInvalid: Rule = {
  id: 'file-name-invalid',
  severity: 'error',
  description:
    "A page's file name makes it unreachable (`#` or `?` in it) or equals another page's name in another Unicode normalisation (NFC/NFD).",
  fix: 'Rename the file: no `#` or `?`, and no name that differs from another only in Unicode normalisation.',
  examples,
  check({ report, file, reports }) {
    const name = basename(report.path);
    const bad = [...new Set(name.match(/[#?]/g) ?? [])];
    if (bad.length > 0) {
      emit(
        file,
        'file-name-invalid',
        'error',
        { line: 1, column: 1 },
        `File name \`${name}\` contains ${bad.map((c) => `\`${c}\``).join(' and ')}: its page URL would end there, so the page is unreachable; rename it`,
        { expected: 'a file name without `#` or `?`', actual: name },
      );
    }
    const twins = (byNfc(reports).get(report.path.normalize('NFC')) ?? []).filter((path) => path !== report.path);
    if (twins.length > 0) {
      emit(
        file,
        'file-name-invalid',
        'error',
        { line: 1, column: 1 },
        `File name \`${report.path}\` is the same text as \`${twins.join('`, `')}\` in another Unicode normalisation (NFC/NFD): both would become one page; rename one`,
        { expected: 'file names that differ after Unicode NFC normalisation', actual: [report.path, ...twins].join(' and ') },
      );
    }
  },
};

const nfcIndexes = new WeakMap<readonly { path: string }[], Map<string, string[]>>();

/** Page paths by their NFC form, built once per set of pages (the rule runs once per page). */
function byNfc(reports: readonly { path: string }[]): Map<string, string[]> {
  let index = nfcIndexes.get(reports);
  if (!index) {
    index = new Map();
    for (const r of reports) {
      const key = r.path.normalize('NFC');
      const list = index.get(key);
      if (list) list.push(r.path);
      else index.set(key, [r.path]);
    }
    nfcIndexes.set(reports, index);
  }
  return index;
}
