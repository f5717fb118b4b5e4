// Wraps each stated number in a status mark, found by the claim's line/column in the positioned text nodes.
import type { Element, ElementContent, Root, Text } from 'hast';
import type { Claim } from '../schemas/claim.js';
import { claimStatus, claimTitle, type ClaimStatus } from '../site/claims.js';

/** Line start offsets of a source, for line/column -> offset. */
export function lineIndex(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

export interface ClaimLinks {
  /** The href of a claim's source line, or null when it has none or the target does not exist. */
  href(claim: Claim): string | null;
}

/** Where in `node.value` the claim starts, or -1. Exact when the text equals its source slice. */
function locate(node: Text, claim: Claim, source: string, starts: number[]): number {
  const pos = node.position!;
  const from = starts[pos.start.line - 1] + pos.start.column - 1;
  const to = starts[pos.end.line - 1] + pos.end.column - 1;
  const at = starts[claim.line - 1] + claim.column - 1;
  if (at < from || at >= to) return -1;
  const guess = at - from;
  if (node.value.startsWith(claim.text, guess)) return guess;
  // Entities, escapes or trimmed line starts shift the text: take the nearest occurrence.
  let best = -1;
  for (let i = node.value.indexOf(claim.text); i !== -1; i = node.value.indexOf(claim.text, i + 1)) {
    if (best === -1 || Math.abs(i - guess) < Math.abs(best - guess)) best = i;
  }
  return best;
}

export function markElement(claim: Claim, status: ClaimStatus, href: string | null, children: ElementContent[]): Element {
  const title = claimTitle(claim);
  return {
    type: 'element',
    tagName: href ? 'a' : 'span',
    properties: {
      className: ['claim', `claim-${status}`],
      id: claim.id,
      ...(href ? { href } : { tabIndex: 0 }),
      dataTip: title,
      dataVerdict: status,
      dataKind: claim.kind,
    },
    children: [
      ...children,
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['sr-only'], dataPagefindIgnore: '' },
        children: [{ type: 'text', value: ` (${title})` }],
      },
    ],
  };
}

/** Marks claims in place; returns the ids of claims no text node could hold (e.g. inside code). */
export function markClaims(tree: Root, claims: Claim[], source: string, links: ClaimLinks): Set<string> {
  const pending = new Map(claims.map((c) => [c.id, c]));
  const starts = lineIndex(source);
  const byLine = new Map<number, Claim[]>();
  for (const c of claims) byLine.set(c.line, [...(byLine.get(c.line) ?? []), c]);
  const edits: Array<{ node: Text; parent: Element | Root; hits: Array<{ claim: Claim; index: number }> }> = [];

  const visit = (parent: Element | Root, inside: boolean) => {
    for (const child of parent.children) {
      if (child.type === 'element') visit(child, inside || child.tagName === 'pre' || child.tagName === 'a');
      else if (child.type === 'text' && !inside) collect(child, parent);
    }
  };
  const collect = (node: Text, parent: Element | Root) => {
    if (!node.position) return;
    const hits: Array<{ claim: Claim; index: number }> = [];
    for (let line = node.position.start.line; line <= node.position.end.line; line++) {
      for (const claim of byLine.get(line) ?? []) {
        if (!pending.has(claim.id)) continue;
        const index = locate(node, claim, source, starts);
        if (index !== -1) hits.push({ claim, index });
      }
    }
    if (hits.length) edits.push({ node, parent, hits });
  };
  visit(tree, false);

  for (const { node, parent, hits } of edits) {
    hits.sort((a, b) => a.index - b.index);
    const out: ElementContent[] = [];
    let cursor = 0;
    for (const { claim, index } of hits) {
      if (index < cursor) continue; // overlapping claim: keep the first
      if (index > cursor) out.push({ type: 'text', value: node.value.slice(cursor, index) });
      const end = index + claim.text.length;
      out.push(markElement(claim, claimStatus(claim), links.href(claim), [{ type: 'text', value: node.value.slice(index, end) }]));
      pending.delete(claim.id);
      cursor = end;
    }
    if (cursor < node.value.length) out.push({ type: 'text', value: node.value.slice(cursor) });
    const at = parent.children.indexOf(node);
    parent.children.splice(at, 1, ...out);
  }
  return new Set(pending.keys());
}
