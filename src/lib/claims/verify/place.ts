// Where each claim stands in the page's tree: the mdast text node holding its source offsets, and the index of
// its text in that node's value. The check stage places each claim once and records the place on it (`mark`); the
// renderer reads that, so a claim the site cannot mark is a message of `perflab check`, never a surprise of the build.
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import type { Nodes, Text } from 'mdast';
import { visit } from 'unist-util-visit';
import type { Claim } from '../../schemas/claim.js';
import type { TextWindow } from '../../model/site-text.js';

export interface Placement {
  claim: Claim;
  /** Index of the claim's text in `node.value`. */
  index: number;
}

export interface Placed {
  /** Claims by the text node that holds them, each in source order. */
  byNode: Map<Text, Placement[]>;
  /** Claims no single text node holds, with the reason. */
  unplaced: Array<{ claim: Claim; reason: string }>;
}

/** Text nodes under the roots (in document order) in document order, with positions. */
function textNodes(roots: readonly Nodes[]): Text[] {
  const out: Text[] = [];
  for (const root of roots) {
    visit(root, 'text', (node) => {
      if (node.position?.start.offset !== undefined && node.position.end.offset !== undefined) out.push(node);
    });
  }
  return out;
}

const ESCAPABLE = /^[!-/:-@[-`{-~]$/;
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{0,31}));/y;

/** What a character reference at `at` stands for, and its length in the source; null when it is none. */
function reference(source: string, at: number): { text: string; length: number } | null {
  REFERENCE.lastIndex = at;
  const m = REFERENCE.exec(source);
  if (!m) return null;
  const code = m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? parseInt(m[2], 16) : null;
  const text = code !== null ? (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd') : decodeNamedCharacterReference(m[3]);
  return text === false ? null : { text, length: m[0].length };
}

/**
 * Index in `node.value` of each source offset asked, in increasing order: walks the source and the value together,
 * forward only, so all the claims of one node cost one pass over it. A backslash escape or a character reference
 * stands for its character, and what a paragraph drops (the indentation and markers of continuation lines) stands
 * for nothing. Null for an offset the two cannot be aligned at (or asked out of order). `window` is the text of
 * the claim site around the node (the node's offsets are the page's; `window.base` is where the window starts).
 */
export function valueCursor(window: TextWindow, node: Text): (offset: number) => number | null {
  const source = window.text;
  const shift = window.base;
  const start = node.position!.start.offset! - shift;
  const end = node.position!.end.offset! - shift;
  const value = node.value;
  if (start < 0 || end > source.length) return () => null;
  if (end - start === value.length && source.startsWith(value, start)) return (offset) => offset - shift - start;
  let i = start;
  let j = 0;
  return (at) => {
    const offset = at - shift;
    while (i < offset) {
      const c = source[i];
      const ref = c === '&' ? reference(source, i) : null;
      if (ref && value.startsWith(ref.text, j)) {
        i += ref.length;
        j += ref.text.length;
      } else if (c === '\\' && ESCAPABLE.test(source[i + 1] ?? '') && value[j] === source[i + 1]) {
        i += 2;
        j++;
      } else if (c === value[j]) {
        i++;
        j++;
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '>') {
        i++;
      } else {
        return null;
      }
    }
    return i === offset ? j : null;
  };
}

/**
 * Place every claim in the text nodes under `root` (the node the claims were found in: a list of nodes in document
 * order for a table split in parts), reading `window`: the site's own text and where it starts (a page's whole text starts at 0). Linear:
 * each node's claims are aligned in one forward walk of it.
 */
export function placeClaims(root: Nodes | readonly Nodes[], claims: readonly Claim[], window: TextWindow): Placed {
  const nodes = textNodes(Array.isArray(root) ? root : [root as Nodes]);
  // The node of each claim: the last text node starting at or before it (binary search: nodes are in document order).
  const nodeOf = claims.map((claim) => {
    let lo = 0;
    let hi = nodes.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (nodes[mid].position!.start.offset! <= claim.offset) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const node = found >= 0 ? nodes[found] : null;
    return node && claim.end <= node.position!.end.offset! ? node : null;
  });
  // Each node's claims in source order, aligned with one cursor.
  const index = new Array<number | null>(claims.length).fill(null);
  const order = claims.map((_, k) => k).filter((k) => nodeOf[k] !== null);
  order.sort((a, b) => claims[a].offset - claims[b].offset || a - b);
  const cursors = new Map<Text, (offset: number) => number | null>();
  for (const k of order) {
    const node = nodeOf[k]!;
    let cursor = cursors.get(node);
    if (!cursor) cursors.set(node, (cursor = valueCursor(window, node)));
    index[k] = cursor(claims[k].offset);
  }
  const byNode = new Map<Text, Placement[]>();
  const unplaced: Placed['unplaced'] = [];
  claims.forEach((claim, k) => {
    const node = nodeOf[k];
    if (!node) {
      unplaced.push({ claim, reason: 'it is not plain text of one piece (it spans markup, or stands in code, an image or raw HTML)' });
      return;
    }
    const at = index[k];
    if (at === null || node.value.slice(at, at + claim.text.length) !== claim.text) {
      unplaced.push({ claim, reason: 'its text does not read the same in the rendered text' });
      return;
    }
    const list = byNode.get(node);
    if (list) list.push({ claim, index: at });
    else byNode.set(node, [{ claim, index: at }]);
  });
  for (const [node, list] of byNode) {
    list.sort((a, b) => a.index - b.index);
    // Two claims over the same characters cannot both be marked: the first stands.
    const kept: Placement[] = [];
    for (const p of list) {
      const last = kept.at(-1);
      if (last && p.index < last.index + last.claim.text.length) unplaced.push({ claim: p.claim, reason: 'it overlaps another claim' });
      else kept.push(p);
    }
    byNode.set(node, kept);
  }
  return { byNode, unplaced };
}

/** Records on each placed claim where the site marks it (`claim.mark`: its text node's start offset and index). */
export function recordMarks(placed: Placed): void {
  for (const [node, list] of placed.byNode) for (const { claim, index } of list) claim.mark = { node: node.position!.start.offset!, index };
}
