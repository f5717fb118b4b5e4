/**
 * Parse a performance-lab page into mdast plus frontmatter and what stopped it.
 * Never throws: anything unexpected is returned as a failure (`parse-internal-error` words its message).
 */
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { normalizeEol, restoreOffsets } from './eol.js';
import { elide, restore } from './fast.js';
import { flattenAdmonitions } from './flattened.js';
import { readFrontmatter } from './frontmatter.js';
import type { Failure } from '../schemas/failure.js';
import type { Note } from '../schemas/note.js';
import { remarkMkdocsGfm } from './gfm.js';
import { remarkAdmonition } from './plugin.js';

export interface ParsedMarkdown {
  tree: Root;
  frontmatter: Record<string, unknown>;
  /** What stopped the parser (then the tree is empty), for the `internal` stage of `parse-internal-error`. */
  failures: Failure[];
  /** What the readers set aside (front matter that is not valid), for the rules of their ids. */
  notes: Note[];
}

// Built once: freezing a processor per call would cost more than small pages take to parse.
const processor = unified().use(remarkParse).use(remarkMkdocsGfm).use(remarkFrontmatter, ['yaml']).use(remarkAdmonition).freeze();

let tokenizes = 0;
let fastReads = 0;

/** How many pages were read the fast way (fence bodies left out) in this thread; for tests, compare differences. */
export function fastReadCount(): number {
  return fastReads;
}

/**
 * How many times a page has been tokenized in this thread (micromark runs only here). For tests that prove a
 * page is read once; never reset, so compare differences.
 */
export function tokenizeCount(): number {
  return tokenizes;
}

export interface ParseOptions {
  /**
   * Leave the bodies of certain fences out of what micromark reads (`fast.ts`); the tree is the same. On unless
   * `false` here or `PERFLAB_PARSE=slow` in the environment (tests compare both readings).
   */
  fast?: boolean;
}

/** Whether the fast reading is on by default: `PERFLAB_PARSE=slow` turns it off. */
function fastByDefault(): boolean {
  return (globalThis.process?.env?.PERFLAB_PARSE ?? '') !== 'slow';
}

/** Read the LF text into mdast: the fences' bodies left out when that is certain, else the whole text. */
function read(text: string, fast: boolean): Root {
  const elided = fast ? elide(text) : null;
  if (elided) {
    tokenizes++;
    const tree = processor.parse(elided.text);
    if (restore(tree, elided)) {
      fastReads++;
      return tree;
    }
    // A fence did not come out where the line model said: read the whole page (the tree above is dropped).
  }
  tokenizes++;
  return processor.parse(text);
}

export function parseMarkdown(text: string, options: ParseOptions = {}): ParsedMarkdown {
  const failures: Failure[] = [];
  const notes: Note[] = [];
  try {
    const eol = normalizeEol(String(text));
    const tree = read(eol.text, options.fast ?? fastByDefault());
    flattenAdmonitions(tree);
    const frontmatter = readFrontmatter(tree, notes);
    restoreOffsets(tree, eol);
    return { tree, frontmatter, failures, notes };
  } catch (cause) {
    failures.push({ error: cause, where: 'parser', line: 1, column: 1 });
    return { tree: { type: 'root', children: [] }, frontmatter: {}, failures, notes };
  }
}
