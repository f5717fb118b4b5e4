// Claims are marked where they were found: the mdast text node that holds a claim is split at the claim's exact
// source offsets when it turns into hast (a bare `<span>` positioned at the claim), and after sanitising that
// span becomes the status mark. Nothing is searched for again in the rendered text.
import type { Element, ElementContent, Root } from 'hast';
import type { Text } from 'mdast';
import { defaultHandlers, type Options } from 'remark-rehype';
import type { Claim } from '../schemas/claim.js';
import { claimGrade, claimStatus, claimTitle, correction, type ClaimStatus } from '../site/claims.js';

type Handlers = NonNullable<Options['handlers']>;
type State = Parameters<NonNullable<Handlers['text']>>[0];

export interface ClaimLinks {
  /** The href of a claim's source line, or null when it has none or the target does not exist. */
  href(claim: Claim): string | null;
}

/** `line:column` of a position's start: how a claim's bare span is known again after sanitising. */
const startKey = (p: { line: number; column: number }) => `${p.line}:${p.column}`;

/**
 * The mdast `text` handler that splits each text node holding claims into plain text and one bare, positioned
 * `<span>` per claim, where the check placed it (`claim.mark`: the node's start offset and the index in its value).
 * The pieces go through the default handler, so line trimming is the same as without claims. Nothing is read from
 * the source or walked again: a mark that does not read the claim's text in its node is left out.
 */
export function claimTextHandler(claims: readonly Claim[]): Handlers['text'] {
  const byNode = new Map<number, Array<{ claim: Claim; index: number }>>();
  for (const claim of claims) {
    if (!claim.mark) continue;
    const list = byNode.get(claim.mark.node);
    if (list) list.push({ claim, index: claim.mark.index });
    else byNode.set(claim.mark.node, [{ claim, index: claim.mark.index }]);
  }
  for (const list of byNode.values()) list.sort((a, b) => a.index - b.index);
  return (state: State, node: Text) => {
    const start = node.position?.start.offset;
    const claims = start === undefined ? undefined : byNode.get(start);
    if (!claims) return defaultHandlers.text(state, node);
    const out: ElementContent[] = [];
    const piece = (from: number, to: number) => {
      if (to <= from) return;
      const text = defaultHandlers.text(state, { type: 'text', value: node.value.slice(from, to) });
      if (text.type === 'text' && text.value) out.push(text);
    };
    let cursor = 0;
    for (const { claim, index } of claims) {
      const end = index + claim.text.length;
      if (index < cursor || node.value.slice(index, end) !== claim.text) continue;
      piece(cursor, index);
      out.push({
        type: 'element',
        tagName: 'span',
        properties: {},
        children: [{ type: 'text', value: claim.text }],
        position: {
          start: { line: claim.line, column: claim.column, offset: claim.offset },
          end: { line: claim.line, column: claim.column + claim.text.length, offset: claim.end },
        },
      });
      cursor = end;
    }
    piece(cursor, node.value.length);
    return out as never;
  };
}

function markElement(claim: Claim, status: ClaimStatus, href: string | null, children: ElementContent[]): Element {
  const title = claimTitle(claim);
  const grade = claimGrade(claim);
  return {
    type: 'element',
    tagName: href ? 'a' : 'span',
    properties: {
      className: ['claim', `claim-${status}`, ...(grade === status ? [] : [`claim-${grade}`])],
      id: claim.id,
      ...(href ? { href } : { tabIndex: 0 }),
      dataTip: title,
      dataVerdict: status,
      dataGrade: grade,
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

/**
 * The recomputed value shown right after a wrong number (`→ +46.8%`). Screen readers already hear it in the mark's
 * own text, and search indexes the page as written, so it is hidden from both.
 */
function correctionElement(claim: Claim, expected: string): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: ['claim-expected'], ariaHidden: 'true', dataPagefindIgnore: '', dataFor: claim.id },
    children: [{ type: 'text', value: `→ ${expected}` }],
  };
}

/**
 * Turns the bare claim spans (known by their start position) into status marks, in place, each wrong number followed
 * by its recomputed value. Inside a link a mark links nowhere itself (no link in a link).
 */
export function markClaims(tree: Root, claims: readonly Claim[], links: ClaimLinks): void {
  const byStart = new Map(claims.map((c) => [`${c.line}:${c.column}`, c]));
  const visit = (parent: Element | Root, inLink: boolean) => {
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i];
      if (child.type !== 'element') continue;
      const claim = child.tagName === 'span' && child.position ? byStart.get(startKey(child.position.start)) : undefined;
      if (claim && Object.keys(child.properties).length === 0) {
        byStart.delete(startKey(child.position!.start));
        parent.children[i] = markElement(claim, claimStatus(claim), inLink ? null : links.href(claim), child.children);
        const expected = correction(claim);
        if (expected) parent.children.splice(++i, 0, correctionElement(claim, expected));
        continue;
      }
      visit(child, inLink || child.tagName === 'a');
    }
  };
  visit(tree, false);
}
