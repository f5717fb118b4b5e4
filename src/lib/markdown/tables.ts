/**
 * Tables glued to the paragraph before them (`Intro:\n| a | b |`): GFM reads them as
 * tables, Python-Markdown does not, so the page renders differently on MkDocs.
 */
import type { Root, RootContent } from 'mdast';
import { draft, type Draft } from '../diagnostics.js';

type Parent = { children: RootContent[] };

export function checkTableSpacing(tree: Root, messages: Draft[]): void {
  visit(tree, messages);
}

function visit(parent: Parent, messages: Draft[]): void {
  let previous: RootContent | undefined;
  for (const node of parent.children) {
    if (node.type === 'table' && previous?.position && node.position) {
      // Python-Markdown splits headings off their block, but a paragraph swallows the table.
      if (previous.type === 'paragraph' && previous.position.end.line + 1 === node.position.start.line) {
        messages.push(
          draft(
            'table-no-blank-line',
            'warning',
            node.position.start,
            'Table follows the previous block without a blank line; MkDocs does not render it as a table.',
            { expected: 'a blank line before the table', actual: 'no blank line' },
          ),
        );
      }
    }
    if (node.type === 'admonition' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem') {
      visit(node as Parent, messages);
    }
    previous = node;
  }
}
