import type { Html, Nodes, Root, Text } from 'mdast';
import { visit } from 'unist-util-visit';
import { knownMessageIds } from './config.js';
import { parseMarkdown } from './markdown/index.js';
import { pageNodes } from './rules/shared/tree.js';
import type { Message } from './schemas/message.js';
import type { Report } from './schemas/report.js';

/** `<!-- perflab-ignore rule-id: reason -->`: accepts one finding of that rule, with the reason shown. */
export interface AckComment {
  ruleId: string;
  reason: string;
  line: number;
  /** 1-based column of the comment's `<!--`. */
  column: number;
  /** Last line the comment can reach: the end of the next block (first blank line after it). */
  reach: number;
  /** Set when the comment looks like an acknowledgement but is not one: it accepts nothing and is reported. */
  problem?: string;
}

export const ACK_FORM = '<!-- perflab-ignore rule-id: reason -->';
const KEYWORD = 'perflab-ignore';
const RULE_ID = /^[A-Za-z0-9_-]+/;
/** Nodes whose children are blocks: an `html` child of one is an HTML block on its own lines. */
const FLOW = new Set(['root', 'admonition', 'listItem', 'blockquote', 'footnoteDefinition']);

/**
 * Find every acknowledgement comment with its reach, in one pass over the tree. Comments are the tree's `html`
 * nodes, so a comment inside code (fenced, indented or inline) is text and never counts; an unclosed `<!--` that
 * the parser left as text is read too, so it is reported rather than ignored. A comment that mentions
 * `perflab-ignore` but is not a well-formed acknowledgement (no rule id, no or empty reason, unclosed, split over
 * lines, upper case, unknown rule) is returned with its problem, so it is reported instead of ignored quietly.
 * Given text instead of a tree, the text is parsed first.
 */
export function findAcknowledgements(input: string | Root, tree?: Root): AckComment[] {
  const root = tree ?? (typeof input === 'string' ? parseMarkdown(input).tree : input);
  // The page's blocks are listed only when a comment alone on its line needs its reach.
  let blocks: Span[] | null = null;
  const blocksOf = () => (blocks ??= flowBlocks(root));
  const out: AckComment[] = [];
  for (const { node, parent } of pageNodes(root).comments) {
    if (node.type === 'html') out.push(...comments(node, false, !!parent && FLOW.has(parent.type), blocksOf));
    else out.push(...comments(node, true, false, blocksOf));
  }
  return out;
}

/** Where a node's text sits: the 1-based line and column of each offset of its value. */
function placer(node: Html | Text): (offset: number) => { line: number; column: number; lineStart: number } {
  const start = node.position?.start ?? { line: 1, column: 1 };
  let at = 0;
  let line = start.line;
  let lineStart = 0;
  // Offsets are asked in increasing order: one forward scan in all.
  return (offset) => {
    for (let nl = node.value.indexOf('\n', at); nl !== -1 && nl < offset; nl = node.value.indexOf('\n', at)) {
      line++;
      lineStart = nl + 1;
      at = nl + 1;
    }
    // The container's indentation is not part of the value: lines after the first start at the node's column too.
    return { line, column: start.column + offset - lineStart, lineStart };
  };
}

/**
 * The `perflab-ignore` comments of one node's text. In a text node only unclosed `<!--` are comments (a closed
 * one there was escaped, so it is text); `block` says whether the node stands on its own lines (an HTML block).
 */
function comments(node: Html | Text, unclosedOnly: boolean, block: boolean, blocks: () => readonly Span[]): AckComment[] {
  const text = node.value;
  const place = placer(node);
  const out: AckComment[] = [];
  let noCloseFrom = Infinity;
  for (let open = text.indexOf('<!--'); open !== -1;) {
    const close = open >= noCloseFrom ? -1 : text.indexOf('-->', open + 4);
    if (close === -1) noCloseFrom = Math.min(noCloseFrom, open);
    const { line, column, lineStart } = place(open);
    const nl = text.indexOf('\n', open);
    const lineEnd = nl === -1 ? text.length : nl;
    const body = close === -1 ? text.slice(open + 4, lineEnd) : text.slice(open + 4, close);
    if ((close === -1 || !unclosedOnly) && body.toLowerCase().includes(KEYWORD)) {
      const ack = parseBody(body, close === -1);
      const alone = block && isAckOnly(text.slice(lineStart, lineEnd));
      out.push({ ...ack, line, column, reach: alone ? reachOf(line, blocks()) : line });
    }
    open = close === -1 ? text.indexOf('<!--', open + 4) : text.indexOf('<!--', close + 3);
  }
  return out;
}

/** The lines a block covers without its children: a container (admonition, list, quote) its first line only. */
type Span = { start: number; end: number; node: Nodes };

/** Every block of the page (the children of the root, admonitions, list items, quotes), in document order. */
function flowBlocks(tree: Root): Span[] {
  const out: Span[] = [];
  visit(tree, (node, _index, parent) => {
    if (!parent || !FLOW.has(parent.type) || !node.position) return;
    const start = node.position.start.line;
    const container = FLOW.has(node.type) || node.type === 'list';
    out.push({ start, end: container ? start : node.position.end.line, node });
  });
  return out;
}

/** True for an HTML block whose every non-blank line holds only acknowledgements. */
function isAckBlock(node: Nodes): boolean {
  return node.type === 'html' && node.value.split('\n').every((l) => l.trim() === '' || isAckOnly(l));
}

/**
 * A comment alone on its line reaches through the next block below it (e.g. the whole table), past other
 * acknowledgements standing with it, and through the blocks that follow it without a blank line (a variant
 * label, the admonition header and fence under it); with no block below, its own line.
 */
function reachOf(line: number, blocks: readonly Span[]): number {
  const first = blocks.findIndex((b) => b.start > line && !isAckBlock(b.node));
  if (first < 0) return line;
  let reach = blocks[first].end;
  for (const b of blocks.slice(first + 1)) {
    if (b.start > reach + 1) break;
    reach = Math.max(reach, b.end);
  }
  return reach;
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

/**
 * Mark each finding that an acknowledgement covers: same rule, on the comment's line or within its reach.
 * Each comment accepts one finding (the first it reaches), so a second wrong number still fails.
 * Comments that accept nothing are reported, so stale acknowledgements do not pile up; malformed ones are
 * reported with what is wrong and the expected form.
 */
export function acknowledge(messages: Message[], acks: AckComment[], report: Report): Message[] {
  const used = new Set<AckComment>();
  const valid = acks.filter((a) => !a.problem);
  const out = messages.map((m) => {
    const ack = valid.find((a) => !used.has(a) && a.ruleId === m.ruleId && m.line >= a.line && m.line <= a.reach);
    if (!ack) return m;
    used.add(ack);
    const acknowledged = { reason: ack.reason, line: ack.line };
    for (const c of report.claims) {
      if (c.line === m.line && c.column === m.column) c.acknowledged = acknowledged;
    }
    return { ...m, acknowledged };
  });
  for (const a of acks) {
    if (a.problem) {
      out.push({
        file: report.path,
        line: a.line,
        column: a.column,
        ruleId: 'acknowledgement-invalid',
        severity: 'warning',
        message: `Acknowledgement ignored: ${a.problem}; expected \`${ACK_FORM}\``,
        expected: ACK_FORM,
        actual: a.problem,
      });
      continue;
    }
    if (used.has(a)) continue;
    out.push({
      file: report.path,
      line: a.line,
      column: 1,
      ruleId: 'acknowledgement-unused',
      severity: 'warning',
      message: `Acknowledgement of \`${a.ruleId}\` matches no finding; remove it or move it next to the finding`,
    });
  }
  return out;
}
