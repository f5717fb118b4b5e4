/**
 * `toc-mismatch` (error): A table of contents' entries do not match the page's headings.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#toc-mismatch shows them.
 */
import { emit } from '../diagnostics.js';
import { mkdocsSlug } from '../markdown/index.js';
import type { Heading } from '../schemas/report.js';
import type { ListItem, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { decodeOrSelf, headingAnchors } from './shared/anchors.js';
import { pageNodes } from '../model/tree.js';
import type { Rule } from './types.js';

const page = (entry: string) => `# SGLang v0.5.1

## Table of Contents

- [${entry}](#sglang-v051)
  - [Table of Contents](#table-of-contents)
  - [Qwen3-8B](#qwen3-8b)

## Qwen3-8B

Results.
`;

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
  check({ report, file, tree }) {
    // A MkDocs slug or a GitHub one (a README-style table of contents): the site resolves both.
    const anchors = headingAnchors(report.headings);
    for (const toc of tables(tree)) {
      const resolved = toc.map((e) => anchors.get(e.anchor) ?? anchors.get(decodeOrSelf(e.anchor)) ?? null);
      const depths = new Set(resolved.filter((h): h is Heading => !!h).map((h) => h.depth));
      const outline = report.headings.filter((h) => depths.has(h.depth) || h.depth < Math.min(...depths));
      toc.forEach((entry, i) => {
        const target = resolved[i];
        if (target) {
          if (norm(target.text) !== norm(entry.text)) {
            emit(
              file,
              'toc-mismatch',
              'error',
              entry,
              `Unexpected entry \`${entry.text}\`, expected \`${target.text}\` (the heading at line ${target.line})`,
              {
                expected: target.text,
                actual: entry.text,
                cause: { file: report.path, line: target.line, note: 'heading' },
              },
            );
          }
          return;
        }
        if (report.headings.some((h) => h.slug === mkdocsSlug(entry.text) || norm(h.text) === norm(entry.text))) return;
        const suggestion = outline[i] ?? null;
        emit(
          file,
          'toc-mismatch',
          'error',
          entry,
          `Unexpected entry \`${entry.text}\`: no heading has this text or anchor${suggestion ? `; expected \`${suggestion.text}\` (line ${suggestion.line})` : ''}`,
          {
            expected: suggestion?.text ?? 'a heading of this page',
            actual: entry.text,
            ...(suggestion ? { cause: { file: report.path, line: suggestion.line, note: 'heading at this position' } } : {}),
          },
        );
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

type Entry = { text: string; anchor: string; line: number; column: number };

/**
 * The entry of a list item that is only an in-page link (`- [Heading](#heading)`, comments such as
 * acknowledgements may follow it on its line), or null.
 */
function entryOf(item: ListItem): Entry | null {
  const head = item.children[0];
  if (!head || head.type !== 'paragraph') return null;
  const [link, ...rest] = head.children;
  if (!link || link.type !== 'link' || !link.url.startsWith('#') || link.url.length < 2) return null;
  const line = link.position?.start.line ?? 1;
  if (!rest.every((n) => n.position?.start.line === line && (n.type === 'html' || (n.type === 'text' && n.value.trim() === ''))))
    return null;
  return { text: toString(link), anchor: link.url.slice(1), line, column: link.position?.start.column ?? 1 };
}

/** Runs of list items on consecutive lines that are each only an in-page link, two or more long (nested lists included). */
function tables(tree: Root): Entry[][] {
  const out: Entry[][] = [];
  let current: Entry[] = [];
  const close = () => {
    if (current.length >= 2) out.push(current);
    current = [];
  };
  for (const item of pageNodes(tree).listItems) {
    const entry = entryOf(item);
    const last = current[current.length - 1];
    if (!entry || (last && entry.line !== last.line + 1)) close();
    if (entry) current.push(entry);
  }
  close();
  return out;
}
