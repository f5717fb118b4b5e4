/**
 * Parse a performance-lab page into mdast plus frontmatter and messages.
 * Never throws: anything unexpected becomes a `parse-internal-error` message.
 */
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { draft, type Draft } from '../diagnostics.js';
import { normalizeEol, restoreOffsets } from './eol.js';
import { flattenAdmonitions } from './flattened.js';
import { readFrontmatter } from './frontmatter.js';
import { remarkMkdocsGfm } from './gfm.js';
import { remarkAdmonition } from './plugin.js';
import { checkTableSpacing } from './tables.js';

export interface ParsedMarkdown {
  tree: Root;
  frontmatter: Record<string, unknown>;
  messages: Draft[];
}

// Built once: freezing a processor per call would cost more than small pages take to parse.
const processor = unified().use(remarkParse).use(remarkMkdocsGfm).use(remarkFrontmatter, ['yaml']).use(remarkAdmonition).freeze();

let tokenizes = 0;

/**
 * How many times a page has been tokenized in this thread (micromark runs only here). For tests that prove a
 * page is read once; never reset, so compare differences.
 */
export function tokenizeCount(): number {
  return tokenizes;
}

export function parseMarkdown(text: string): ParsedMarkdown {
  const messages: Draft[] = [];
  try {
    const eol = normalizeEol(String(text));
    tokenizes++;
    const tree = processor.parse(eol.text);
    flattenAdmonitions(tree, messages);
    checkTableSpacing(tree, messages);
    const frontmatter = readFrontmatter(tree, messages);
    restoreOffsets(tree, eol);
    messages.sort((a, b) => a.line - b.line || a.column - b.column);
    return { tree, frontmatter, messages };
  } catch (cause) {
    messages.push(
      draft('parse-internal-error', 'error', { line: 1, column: 1 }, `Internal parser error: ${describe(cause)}`, {
        expected: 'a parsed page',
        actual: 'an exception',
      }),
    );
    return { tree: { type: 'root', children: [] }, frontmatter: {}, messages };
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
