import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** Plain text of a node, whitespace folded. */
export function plain(node: Nodes): string {
  return toString(node, { includeHtml: false }).replace(/\s+/g, ' ').trim();
}

/** The exact source text of a node (tags and all), by its offsets. */
export function sourceOf(source: string, node: Nodes): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? '' : source.slice(start, end);
}

/** 1-based start line of a node (1 when the node has no position, which remark never produces). */
export function lineOf(node: Nodes): number {
  return node.position?.start.line ?? 1;
}

export function columnOf(node: Nodes): number {
  return node.position?.start.column ?? 1;
}

/** Strip Markdown emphasis markers and HTML tags from a short label. */
export function bareLabel(text: string): string {
  return stripTags(text)
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A table cell's source without its delimiting pipes, and the offset where that text starts. */
export function cellSource(source: string, node: Nodes): { text: string; base: number } {
  let start = node.position?.start.offset ?? 0;
  let end = node.position?.end.offset ?? start;
  if (source[start] === '|') start++;
  if (end > start && source[end - 1] === '|' && source[end - 2] !== '\\') end--;
  return { text: source.slice(start, end), base: start };
}

/** Remove every `<...>` tag (a `<` with no `>` after it stays); one pass, linear where `/<[^>]*>/g` is quadratic. */
export function stripTags(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open < 0) break;
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    out += text.slice(at, open);
    at = close + 1;
  }
  return out + text.slice(at);
}
