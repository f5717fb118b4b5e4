import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** Plain text of a node, whitespace folded. */
export function plain(node: Nodes): string {
  return toString(node, { includeHtml: false }).replace(/\s+/g, ' ').trim();
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
