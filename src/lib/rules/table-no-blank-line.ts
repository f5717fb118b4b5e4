/**
 * `table-no-blank-line` (warning): A table follows a paragraph without a blank line; MkDocs does not render it as a
 * table.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#table-no-blank-line shows them.
 */
import type { RootContent } from 'mdast';
import { emit } from '../diagnostics.js';
import type { Rule } from './types.js';

type Parent = { children: RootContent[] };

/**
 * A table that starts on the line right after a paragraph: GitHub-flavoured Markdown reads it as a table,
 * Python-Markdown (MkDocs) as part of the paragraph, so the published page shows pipes. A heading before it is split
 * off its block by Python-Markdown, so a table there renders. Reads the blocks of the page, of its admonitions, block
 * quotes and lists (a table cannot sit deeper).
 */
export const tableNoBlankLine: Rule = {
  id: 'table-no-blank-line',
  severity: 'warning',
  description: 'A table follows a paragraph without a blank line; MkDocs does not render it as a table.',
  fix: 'Put a blank line between the paragraph and the table.',
  examples: {
    ok: `# Results

The runs:

| Case | TPS |
|---|---|
| A | 1 |
`,
    notOk: `# Results

The runs:
| Case | TPS |
|---|---|
| A | 1 |
`,
  },
  check({ tree, file }) {
    const parents: Parent[] = [tree];
    for (let parent = parents.pop(); parent; parent = parents.pop()) {
      let previous: RootContent | undefined;
      for (const node of parent.children) {
        // Python-Markdown splits headings off their block, but a paragraph swallows the table.
        if (node.type === 'table' && previous?.type === 'paragraph' && previous.position && node.position) {
          if (previous.position.end.line + 1 === node.position.start.line) {
            emit(
              file,
              'table-no-blank-line',
              'warning',
              node.position.start,
              'Table follows the previous block without a blank line; MkDocs does not render it as a table.',
              { expected: 'a blank line before the table', actual: 'no blank line' },
            );
          }
        }
        if (node.type === 'admonition' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem') {
          parents.push(node as Parent);
        }
        previous = node;
      }
    }
  },
};
