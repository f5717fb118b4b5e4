/**
 * remark plugin: registers the admonition syntax and its mdast utility.
 */
import type { Processor } from 'unified';
import { admonitionFromMarkdown } from './mdast.js';
import { admonition } from './syntax.js';

export function remarkAdmonition(this: Processor): undefined {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(admonition());
  (data.fromMarkdownExtensions ??= []).push(admonitionFromMarkdown());
}
