import type { Html, Nodes, Root, Text } from 'mdast';
import { knownMessageIds } from './config.js';
import { parseMarkdown } from './markdown/index.js';
import { FLOW, pageNodes } from './model/tree.js';
import { rules } from './rules/index.js';
import type { AckComment } from './schemas/acknowledgement.js';
import type { Message } from './schemas/message.js';
import type { Report } from './schemas/report.js';

export { ACK_FORM, type AckComment } from './schemas/acknowledgement.js';
const KEYWORD = 'perflab-ignore';
const RULE_ID = /^[A-Za-z0-9_-]+/;

/**
 * Find every acknowledgement comment with its reach, from the nodes the page's walk gathered. Comments are the tree's `html`
 * nodes, so a comment inside code (fenced, indented or inline) is text and never counts; an unclosed `<!--` that
 * the parser left as text is read too, so it is reported rather than ignored. A comment that mentions
 * `perflab-ignore` but is not a well-formed acknowledgement (no rule id, no or empty reason, unclosed, split over
 * lines, upper case, unknown rule) is returned with its problem, so it is reported instead of ignored quietly.
 * Given text instead of a tree, the text is parsed first.
 */
export function findAcknowledgements(input: string | Root, tree?: Root): AckComment[] {
  const root = tree ?? (typeof input === 'string' ? parseMarkdown(input).tree : input);
  // The page's blocks are listed only when a comment alone on its line needs its reach.
  let reaches: Reaches | null = null;
  const blocksOf = () => (reaches ??= new Reaches(flowBlocks(root)));
  const out: AckComment[] = [];
  for (const { node, parent } of pageNodes(root).comments) {
    // Pushed one by one: a node of a hundred thousand comments would overflow the stack as spread arguments.
    const found =
      node.type === 'html' ? comments(node, false, !!parent && FLOW.has(parent.type), blocksOf) : comments(node, true, false, blocksOf);
    for (const c of found) out.push(c);
  }
  return out;
}

/** Where a node's text sits: the 1-based line and column of each offset of its value. */
function placer(node: Html | Text): (offset: number) => { line: number; column: number; lineStart: number } {
  const start = node.position?.start ?? { line: 1, column: 1 };
  let line = start.line;
  let lineStart = 0;
  // The next line break at or after lineStart (the text's length when none).
  let nl = -1;
  // Offsets are asked in increasing order: one forward scan in all (a line break is searched for once).
  return (offset) => {
    for (;;) {
      if (nl < lineStart) nl = node.value.indexOf('\n', lineStart);
      if (nl === -1) nl = node.value.length;
      if (nl >= offset) break;
      line++;
      lineStart = nl + 1;
    }
    // The container's indentation is not part of the value: lines after the first start at the node's column too.
    return { line, column: start.column + offset - lineStart, lineStart };
  };
}

/**
 * The `perflab-ignore` comments of one node's text. In a text node only unclosed `<!--` are comments (a closed
 * one there was escaped, so it is text); `block` says whether the node stands on its own lines (an HTML block).
 * Linear: what a comment reads of its line (its end, the last `perflab-ignore` on it, whether it holds only
 * acknowledgements) is worked out once per line.
 */
function comments(node: Html | Text, unclosedOnly: boolean, block: boolean, reaches: () => Reaches): AckComment[] {
  const text = node.value;
  const place = placer(node);
  const out: AckComment[] = [];
  let noCloseFrom = Infinity;
  // The line of the last comment: where it ends, where its last `perflab-ignore` starts, whether it is acks only.
  let lineEnd = -1;
  let lastKeyword = -1;
  let alone: boolean | null = null;
  for (let open = text.indexOf('<!--'); open !== -1;) {
    const close = open >= noCloseFrom ? -1 : text.indexOf('-->', open + 4);
    if (close === -1) noCloseFrom = Math.min(noCloseFrom, open);
    const { line, column, lineStart } = place(open);
    if (open > lineEnd) {
      const nl = text.indexOf('\n', open);
      lineEnd = nl === -1 ? text.length : nl;
      lastKeyword = lastKeywordIn(text, open, lineEnd);
      alone = null;
    }
    // Unclosed, the comment runs to the end of its line: it mentions the keyword when the line's last one is in it.
    const mentions =
      close === -1
        ? lastKeyword >= open + 4
        : text
            .slice(open + 4, close)
            .toLowerCase()
            .includes(KEYWORD);
    if ((close === -1 || !unclosedOnly) && mentions) {
      const ack = parseBody(close === -1 ? '' : text.slice(open + 4, close), close === -1);
      alone ??= block && isAckOnly(text.slice(lineStart, lineEnd));
      out.push({ ...ack, line, column, reach: alone ? reaches().of(line) : line });
    }
    open = close === -1 ? text.indexOf('<!--', open + 4) : text.indexOf('<!--', close + 3);
  }
  return out;
}

const KEYWORD_ANY_CASE = /perflab-ignore/gi;

/** Start of the last `perflab-ignore` (in any case) in `text[from, end)`, or -1. */
function lastKeywordIn(text: string, from: number, end: number): number {
  const line = text.slice(from, end);
  let last = -1;
  KEYWORD_ANY_CASE.lastIndex = 0;
  for (let m = KEYWORD_ANY_CASE.exec(line); m; m = KEYWORD_ANY_CASE.exec(line)) last = from + m.index;
  return last;
}

/** The lines a block covers without its children: a container (admonition, list, quote) its first line only. */
type Span = { start: number; end: number; node: Nodes };

/** Every block of the page (the children of the root, admonitions, list items, quotes), in document order. */
function flowBlocks(tree: Root): Span[] {
  return pageNodes(tree).flow.map((node) => {
    const start = node.position!.start.line;
    const container = FLOW.has(node.type) || node.type === 'list';
    return { start, end: container ? start : node.position!.end.line, node };
  });
}

/** True for an HTML block whose every non-blank line holds only acknowledgements. */
function isAckBlock(node: Nodes): boolean {
  return node.type === 'html' && node.value.split('\n').every((l) => l.trim() === '' || isAckOnly(l));
}

/**
 * A comment alone on its line reaches through the next block below it (e.g. the whole table), past other
 * acknowledgements standing with it, and through the blocks that follow it without a blank line (a variant
 * label, the admonition header and fence under it); with no block below, its own line. Worked out once per page
 * (from the last block back), so each comment's reach is a binary search.
 */
class Reaches {
  /** `next[k]`: the first block at or after k that is not acknowledgements only (`blocks.length`: none). */
  private readonly next: number[];
  /** `chain[k]`: the last line of the blocks that follow block k without a blank line, k included. */
  private readonly chain: number[];

  constructor(private readonly blocks: readonly Span[]) {
    const n = blocks.length;
    this.next = new Array<number>(n + 1).fill(n);
    this.chain = new Array<number>(n).fill(0);
    for (let k = n - 1; k >= 0; k--) {
      this.next[k] = isAckBlock(blocks[k].node) ? this.next[k + 1] : k;
      this.chain[k] = this.chainFrom(k);
    }
  }

  /** The chain from block k, read from the chain of k + 1 when ends do not go back (they do not in document order). */
  private chainFrom(k: number): number {
    const { blocks } = this;
    const b = blocks[k];
    const after = blocks[k + 1];
    if (!after || after.start > b.end + 1) return b.end;
    if (after.end >= b.end) return this.chain[k + 1];
    let reach = b.end;
    for (let m = k + 1; m < blocks.length && blocks[m].start <= reach + 1; m++) reach = Math.max(reach, blocks[m].end);
    return reach;
  }

  of(line: number): number {
    // The first block starting below the line (blocks are in document order: their starts do not go back).
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.blocks[mid].start > line) hi = mid;
      else lo = mid + 1;
    }
    const first = this.next[lo];
    return first < this.blocks.length ? this.chain[first] : line;
  }
}

/** Rule id, reason, or what is wrong, from the text between `<!--` and `-->`. Linear, no backtracking. */
function parseBody(body: string, unclosed: boolean): Pick<AckComment, 'ruleId' | 'reason' | 'problem'> {
  const bad = (problem: string, ruleId = '') => ({ ruleId, reason: '', problem });
  if (unclosed) return bad('it is not closed with `-->` on its line');
  if (body.includes('\n')) return bad('it is split over several lines; write it on one line');
  const text = body.trim();
  if (!text.startsWith(KEYWORD)) {
    return bad(
      text.toLowerCase().startsWith(KEYWORD) ? '`perflab-ignore` must be written in lower case' : 'it must start with `perflab-ignore`',
    );
  }
  const rest = text.slice(KEYWORD.length);
  if (rest !== '' && rest[0] !== ' ' && rest[0] !== '\t') return bad('`perflab-ignore` must be followed by a space and a rule id');
  const afterKeyword = rest.trimStart();
  const id = RULE_ID.exec(afterKeyword)?.[0] ?? '';
  if (!id) return bad('it names no rule id');
  const afterId = afterKeyword.slice(id.length).trimStart();
  if (!afterId.startsWith(':')) return bad('it gives no reason (`: reason` after the rule id)', id);
  const reason = afterId.slice(1).trim();
  if (!reason) return bad('its reason is empty', id);
  if (id !== id.toLowerCase()) return bad(`rule ids are lower case (\`${id.toLowerCase()}\`)`, id);
  if (!knownMessageIds().has(id)) return bad(`\`${id}\` is not a rule id; see docs/rules.md`, id);
  return { ruleId: id, reason };
}

/** Remove `<!-- ... -->` spans from a line (linear); an unclosed `<!--` keeps the rest as is. */
function withoutComments(line: string): string {
  let out = '';
  let at = 0;
  for (let open = line.indexOf('<!--'); open !== -1; open = line.indexOf('<!--', at)) {
    const close = line.indexOf('-->', open + 4);
    if (close === -1) break;
    out += line.slice(at, open);
    at = close + 3;
  }
  return out + line.slice(at);
}

const isAckOnly = (line: string): boolean => line.includes(KEYWORD) && withoutComments(line).trim() === '';

/** The rules that grade a stated number: one number's finding may move between them as more pages are checked. */
const CLAIM_RULE = 'claim-';
const isClaimRule = (ruleId: string): boolean => ruleId.startsWith(CLAIM_RULE);

/** The rules that run after the acknowledgements, on the page's comments (`after`): what is wrong with them. */
const afterRules = rules.filter((r) => r.after !== undefined);

/**
 * Mark each finding that an acknowledgement covers (`accept`), then run the rules about the comments themselves
 * (`after`): a comment that accepts nothing, or that is not a well-formed acknowledgement, is their finding.
 */
export function acknowledge(messages: Message[], acks: AckComment[], report: Report): Message[] {
  const { messages: out, used } = accept(messages, acks, report);
  for (const rule of afterRules) out.push(...rule.after!({ path: report.path, acks, used }));
  return out;
}

/**
 * Mark each finding that an acknowledgement covers: same rule, on the comment's line or within its reach.
 * Each comment accepts one finding (the first it reaches), so a second wrong number still fails.
 *
 * A stated number's finding changes rule with the pages checked together (`claim-mismatch` on its own, and
 * `claim-other-page` too once the page it was copied from is in the set), so an acknowledgement of a `claim-*` rule
 * follows the number, not the rule id: when no finding of its own rule is within reach it accepts the first `claim-*`
 * finding of a stated number there, and a number it accepts is accepted under every `claim-*` rule it has. One number
 * then has one status: its mark, the page's count of errors and the build's exit agree.
 *
 * Returns the messages, marked, and the comments that accepted one.
 */
export function accept(messages: Message[], acks: AckComment[], report: Report): { messages: Message[]; used: ReadonlySet<AckComment> } {
  const used = new Set<AckComment>();
  const valid = acks.filter((a) => !a.problem);
  const within = (a: AckComment, m: Message) => m.line >= a.line && m.line <= a.reach;
  // The stated numbers by position: a `claim-*` finding sits at its number's line and column.
  const numberAt = new Set(report.claims.map((c) => `${c.line}:${c.column}`));
  const key = (m: Message) => `${m.line}:${m.column}`;
  const isNumberFinding = (m: Message) => isClaimRule(m.ruleId) && numberAt.has(key(m));
  const accepted = new Map<number, AckComment>();
  // First, each finding takes the first unused acknowledgement of its own rule.
  messages.forEach((m, i) => {
    const ack = valid.find((a) => !used.has(a) && a.ruleId === m.ruleId && within(a, m));
    if (!ack) return;
    used.add(ack);
    accepted.set(i, ack);
  });
  // Then a `claim-*` acknowledgement left unused takes the first number finding within its reach under another rule.
  for (const a of valid) {
    if (used.has(a) || !isClaimRule(a.ruleId)) continue;
    const i = messages.findIndex((m, j) => !accepted.has(j) && isNumberFinding(m) && within(a, m));
    if (i === -1) continue;
    used.add(a);
    accepted.set(i, a);
  }
  // A number accepted under one `claim-*` rule is accepted under all of them.
  const byNumber = new Map<string, AckComment>();
  for (const [i, a] of accepted) if (isNumberFinding(messages[i]) && isClaimRule(a.ruleId)) byNumber.set(key(messages[i]), a);
  const out = messages.map((m, i) => {
    const ack = accepted.get(i) ?? (isNumberFinding(m) ? byNumber.get(key(m)) : undefined);
    if (!ack) return m;
    const acknowledged = { reason: ack.reason, line: ack.line };
    for (const c of report.claims) {
      if (c.line === m.line && c.column === m.column) c.acknowledged = acknowledged;
    }
    return { ...m, acknowledged };
  });
  return { messages: out, used };
}
