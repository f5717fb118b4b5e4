/**
 * `toc-mismatch` (error): A table of contents' entries do not match the page's headings.
 *
 * ok:
 *
 * ````markdown
 * # SGLang v0.5.1
 *
 * ## Table of Contents
 *
 * - [SGLang v0.5.1](#sglang-v051)
 *   - [Table of Contents](#table-of-contents)
 *   - [Qwen3-8B](#qwen3-8b)
 *
 * ## Qwen3-8B
 *
 * Results.
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # SGLang v0.5.1
 *
 * ## Table of Contents
 *
 * - [SGLang v0.10.1](#sglang-v051)
 *   - [Table of Contents](#table-of-contents)
 *   - [Qwen3-8B](#qwen3-8b)
 *
 * ## Qwen3-8B
 *
 * Results.
 * ````
 */
import { emit } from '../diagnostics.js';
import { mkdocsSlug } from '../markdown/index.js';
import type { Heading } from '../schemas/report.js';
import { fences, sourceLines } from './shared/source.js';
import type { Rule } from './types.js';

const page = (entry: string) => `# SGLang v0.5.1

## Table of Contents

- [${entry}](#sglang-v051)
  - [Table of Contents](#table-of-contents)
  - [Qwen3-8B](#qwen3-8b)

## Qwen3-8B

Results.
`;

// An entry is a list item that is only an in-page link (comments such as acknowledgements may follow). The link
// is one regex (each part ends at a fixed character, so it is linear); the comments after it are read by
// `onlyComments`, not by a repeated lazy group, which backtracks exponentially over runs of `<!---->`.
const ENTRY = /^\s*(?:[-*+]|\d+\.)\s+\[([^\]]+)\]\(#([^)\s]+)\)/;

/**
 * True when `rest` is blanks, or blanks around comments `<!-- ... -->` (one comment may hold `-->`, as the lazy
 * `\s*(?:<!--.*?-->\s*)*$` it replaces allowed). A line terminator inside is refused, as `.` refused it.
 */
function onlyComments(rest: string): boolean {
  const t = rest.trim();
  if (t === '') return true;
  return t.length >= 7 && t.startsWith('<!--') && t.endsWith('-->') && !/[\n\r\u2028\u2029]/.test(t);
}

/**
 * A table of contents (a list of two or more in-page `#anchor` links) that does not match the page's headings:
 * an entry whose text differs from the heading its anchor points to, an entry that matches no heading by
 * anchor or by text (the heading at the same position in the outline is suggested), and a heading of a level
 * the table lists that the table leaves out. A broken anchor alone is `anchor-missing`'s.
 */
export const tocMismatch: Rule = {
  id: 'toc-mismatch',
  severity: 'error',
  description: "A table of contents' entries do not match the page's headings.",
  fix: 'Regenerate the table of contents from the headings, or fix the entry that differs.',
  examples: { ok: page('SGLang v0.5.1'), notOk: page('SGLang v0.10.1') },
  check({ report, file, source }) {
    for (const toc of tables(source)) {
      const resolved = toc.map((e) => report.headings.find((h) => h.slug === e.anchor) ?? null);
      const depths = new Set(resolved.filter((h): h is Heading => !!h).map((h) => h.depth));
      const outline = report.headings.filter((h) => depths.has(h.depth) || h.depth < Math.min(...depths));
      toc.forEach((entry, i) => {
        const target = resolved[i];
        if (target) {
          if (norm(target.text) !== norm(entry.text)) {
            emit(file, 'toc-mismatch', 'error', entry, `Unexpected entry \`${entry.text}\`, expected \`${target.text}\` (the heading at line ${target.line})`, {
                expected: target.text,
                actual: entry.text,
                cause: { file: report.path, line: target.line, note: 'heading' },
              });
          }
          return;
        }
        if (report.headings.some((h) => h.slug === mkdocsSlug(entry.text) || norm(h.text) === norm(entry.text))) return;
        const suggestion = outline[i] ?? null;
        emit(file, 'toc-mismatch', 'error', entry, `Unexpected entry \`${entry.text}\`: no heading has this text or anchor${suggestion ? `; expected \`${suggestion.text}\` (line ${suggestion.line})` : ''}`, {
            expected: suggestion?.text ?? 'a heading of this page',
            actual: entry.text,
            ...(suggestion ? { cause: { file: report.path, line: suggestion.line, note: 'heading at this position' } } : {}),
          });
      });
      const listed = new Set(resolved.filter((h): h is Heading => !!h));
      const last = toc[toc.length - 1].line;
      for (const h of report.headings) {
        if (!depths.has(h.depth) || listed.has(h) || h.line < last) continue;
        emit(file, 'toc-mismatch', 'error', toc[0], `Unexpected table of contents without \`${h.text}\` (heading at line ${h.line})`, {
            expected: h.text,
            actual: 'no entry',
            cause: { file: report.path, line: h.line, note: 'unlisted heading' },
          });
      }
    }
  },
};

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Runs of consecutive anchor-link list items outside fences, two or more long. */
function tables(source: string): Array<Array<{ text: string; anchor: string; line: number; column: number }>> {
  const inFence = new Set<number>();
  for (const f of fences(source)) for (let n = f.line; n <= f.endLine; n++) inFence.add(n);
  const out: Array<Array<{ text: string; anchor: string; line: number; column: number }>> = [];
  let current: Array<{ text: string; anchor: string; line: number; column: number }> = [];
  sourceLines(source).forEach((text, i) => {
    const m = inFence.has(i + 1) ? null : ENTRY.exec(text);
    if (m && onlyComments(text.slice(m[0].length))) {
      current.push({ text: m[1], anchor: m[2], line: i + 1, column: text.indexOf('[') + 1 });
      return;
    }
    if (current.length >= 2) out.push(current);
    current = [];
  });
  if (current.length >= 2) out.push(current);
  return out;
}
