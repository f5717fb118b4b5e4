import type { Message } from './schemas/message.js';
import type { Report } from './schemas/report.js';

/** `<!-- perflab-ignore rule-id: reason -->`: accepts one finding of that rule, with the reason shown. */
export interface AckComment {
  ruleId: string;
  reason: string;
  line: number;
  /** Last line the comment can reach: the end of the next block (first blank line after it). */
  reach: number;
}

const ACK = /<!--\s*perflab-ignore\s+([\w-]+)\s*:\s*(.*?)\s*-->/g;

function ackOnly(line: string): boolean {
  return line.includes('perflab-ignore') && line.replace(ACK, '').trim() === '';
}

/** Find every acknowledgement comment with its reach. A comment without a reason is not an acknowledgement. */
export function findAcknowledgements(source: string): AckComment[] {
  const lines = source.split('\n');
  const out: AckComment[] = [];
  lines.forEach((text, i) => {
    for (const m of text.matchAll(ACK)) {
      if (!m[2]) continue;
      let reach = i + 1;
      // A comment alone on its line reaches through the next block (e.g. the whole table below it).
      if (text.replace(ACK, '').trim() === '') {
        let j = i + 1;
        // Several acknowledgements may stand together above one block.
        while (j < lines.length && (lines[j].trim() === '' || ackOnly(lines[j]))) j++;
        while (j < lines.length && lines[j].trim() !== '') j++;
        reach = j;
      }
      out.push({ ruleId: m[1], reason: m[2], line: i + 1, reach });
    }
  });
  return out;
}

/**
 * Mark each finding that an acknowledgement covers: same rule, on the comment's line or within its reach.
 * Each comment accepts one finding (the first it reaches), so a second wrong number still fails.
 * Comments that accept nothing are reported, so stale acknowledgements do not pile up.
 */
export function acknowledge(messages: Message[], acks: AckComment[], report: Report): Message[] {
  const used = new Set<AckComment>();
  const out = messages.map((m) => {
    const ack = acks.find((a) => !used.has(a) && a.ruleId === m.ruleId && m.line >= a.line && m.line <= a.reach);
    if (!ack) return m;
    used.add(ack);
    const acknowledged = { reason: ack.reason, line: ack.line };
    for (const c of report.claims) {
      if (c.line === m.line && c.column === m.column) c.acknowledged = acknowledged;
    }
    return { ...m, acknowledged };
  });
  for (const a of acks) {
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
