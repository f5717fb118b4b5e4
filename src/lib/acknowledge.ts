import type { Root } from 'mdast';
import { knownMessageIds } from './config.js';
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

/** [start, end) offsets of code (fenced, indented and inline) where a comment is text, not a comment. */
type Ranges = Array<[number, number]>;

/**
 * Find every acknowledgement comment with its reach, in one linear pass. Only HTML comments outside code count:
 * code ranges come from the parsed tree when given, else from a scan of fences. A comment that mentions
 * `perflab-ignore` but is not a well-formed acknowledgement (no rule id, no or empty reason, unclosed, split over
 * lines, upper case, unknown rule) is returned with its problem, so it is reported instead of ignored quietly.
 */
export function findAcknowledgements(source: string, tree?: Root): AckComment[] {
  const lines = source.split('\n');
  const starts: number[] = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  const code = tree ? codeRanges(tree) : fenceRanges(lines, starts);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const out: AckComment[] = [];
  let range = 0;
  let noCloseFrom = Infinity;
  for (let open = source.indexOf('<!--'); open !== -1; ) {
    while (range < code.length && code[range][1] <= open) range++;
    if (range < code.length && code[range][0] <= open) {
      open = source.indexOf('<!--', code[range][1]);
      continue;
    }
    const close = open >= noCloseFrom ? -1 : source.indexOf('-->', open + 4);
    if (close === -1) noCloseFrom = Math.min(noCloseFrom, open);
    const i = lineOf(open);
    const lineEnd = i + 1 < starts.length ? starts[i + 1] - 1 : source.length;
    const body = close === -1 ? source.slice(open + 4, lineEnd) : source.slice(open + 4, close);
    if (body.toLowerCase().includes(KEYWORD)) {
      const ack = parseBody(body, close === -1);
      out.push({ ...ack, line: i + 1, column: open - starts[i] + 1, reach: reachOf(lines, i) });
    }
    open = close === -1 ? source.indexOf('<!--', open + 4) : source.indexOf('<!--', close + 3);
  }
  return out;
}

/** Rule id, reason, or what is wrong, from the text between `<!--` and `-->`. Linear, no backtracking. */
function parseBody(body: string, unclosed: boolean): Pick<AckComment, 'ruleId' | 'reason' | 'problem'> {
  const bad = (problem: string, ruleId = '') => ({ ruleId, reason: '', problem });
  if (unclosed) return bad('it is not closed with `-->` on its line');
  if (body.includes('\n')) return bad('it is split over several lines; write it on one line');
  const text = body.trim();
  if (!text.startsWith(KEYWORD)) {
    return bad(text.toLowerCase().startsWith(KEYWORD) ? '`perflab-ignore` must be written in lower case' : 'it must start with `perflab-ignore`');
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

/** A comment alone on its line reaches through the next block (e.g. the whole table below it); else its line. */
function reachOf(lines: readonly string[], i: number): number {
  if (!isAckOnly(lines[i])) return i + 1;
  let j = i + 1;
  // Several acknowledgements may stand together above one block.
  while (j < lines.length && (lines[j].trim() === '' || isAckOnly(lines[j]))) j++;
  while (j < lines.length && lines[j].trim() !== '') j++;
  return j;
}

/** Offsets of code nodes in the tree, sorted. */
function codeRanges(tree: Root): Ranges {
  const out: Ranges = [];
  const visit = (node: { type: string; position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[] }) => {
    if ((node.type === 'code' || node.type === 'inlineCode') && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      out.push([node.position.start.offset, node.position.end.offset]);
      return;
    }
    for (const child of (node.children ?? []) as (typeof node)[]) visit(child);
  };
  visit(tree as unknown as Parameters<typeof visit>[0]);
  return out.sort((a, b) => a[0] - b[0]);
}

/** Without a tree: fenced code blocks by their ``` / ~~~ lines (any indentation, as in admonitions). */
function fenceRanges(lines: readonly string[], starts: readonly number[]): Ranges {
  const out: Ranges = [];
  let open: { char: string; size: number; start: number } | null = null;
  lines.forEach((line, i) => {
    const m = /^[ \t]*(`{3,}|~{3,})/.exec(line);
    if (!m) return;
    if (!open) open = { char: m[1][0], size: m[1].length, start: starts[i] };
    else if (m[1][0] === open.char && m[1].length >= open.size && line.trim() === m[1]) {
      out.push([open.start, starts[i] + line.length]);
      open = null;
    }
  });
  if (open) out.push([(open as { start: number }).start, Infinity]);
  return out;
}

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
