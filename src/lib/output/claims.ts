import type { Claim } from '../schemas/claim.js';
import type { Message } from '../schemas/message.js';
import { terminalText } from '../terminal.js';

/** The grade a reader sees: `rounding` is a mismatch within one unit of the last printed digit. */
export function grade(claim: Claim): string {
  return claim.verdict === 'mismatch' && claim.rounding ? 'rounding' : claim.verdict;
}

/**
 * One line per claim, `file:line:col  grade  text  how it was judged`: what `perflab check --claims` prints, so a
 * contributor sees every number of a page with its grade, not only the ones that raise a finding.
 */
export function formatClaims(reports: readonly { path: string; claims: readonly Claim[]; messages?: readonly Message[] }[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const rows: Array<{ line: number; column: number; text: string }> = [];
    // A number of the prose that no check judged is listed in its place, with the reason (`claim-unjudged`).
    for (const m of r.messages ?? [])
      if (m.ruleId === 'claim-unjudged') {
        const reason = m.message.slice(m.message.indexOf(': ') + 2);
        rows.push({
          line: m.line,
          column: m.column,
          text: `${r.path}:${m.line}:${m.column}  ${'not judged'.padEnd(11)}  ${m.actual ?? ''}  ${reason}`,
        });
      }
    for (const c of r.claims) {
      const how =
        c.verdict === 'untraceable'
          ? c.candidates?.length
            ? `${c.candidates.length} candidate run${c.candidates.length === 1 ? '' : 's'}, none certain`
            : 'no run on the page supports it'
          : `${c.formula ?? ''}${c.recomputed !== null && c.verdict !== 'verified' && !endsWithValue(c.formula, c.recomputed) ? ` = ${c.recomputed}` : ''}${c.source ? (c.source.saved ? ` (saved result linked on line ${c.source.line})` : ` (line ${c.source.line})`) : ''}`;
      const notes = [
        c.verdict === 'consistent' ? 'an input is not printed by any run' : '',
        ...(c.caveats ?? []).map((k) => k.note),
        c.acknowledged ? 'acknowledged' : '',
      ].filter(Boolean);
      rows.push({
        line: c.line,
        column: c.column,
        text: `${r.path}:${c.line}:${c.column}  ${grade(c).padEnd(11)}  ${c.text}  ${how}${notes.length ? ` [${notes.join('; ')}]` : ''}`,
      });
    }
    rows.sort((a, b) => a.line - b.line || a.column - b.column);
    for (const row of rows) lines.push(terminalText(row.text));
  }
  return lines.join('\n');
}

/** Whether a formula already ends with `= <value>` (`Mean TPOT (ms) = 31.56`): the value is then not stated again. */
function endsWithValue(formula: string | null, value: number): boolean {
  const last = formula ? /=\s*(-?\d+(?:\.\d+)?)\s*$/.exec(formula) : null;
  return last !== null && Number(last[1]) === value;
}
