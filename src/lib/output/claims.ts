import type { Claim } from '../schemas/claim.js';
import { terminalText } from '../terminal.js';

/** The grade a reader sees: `rounding` is a mismatch within one unit of the last printed digit. */
export function grade(claim: Claim): string {
  return claim.verdict === 'mismatch' && claim.rounding ? 'rounding' : claim.verdict;
}

/**
 * One line per claim, `file:line:col  grade  text  how it was judged`: what `perflab check --claims` prints, so a
 * contributor sees every number of a page with its grade, not only the ones that raise a finding.
 */
export function formatClaims(reports: readonly { path: string; claims: readonly Claim[] }[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    for (const c of r.claims) {
      const how =
        c.verdict === 'untraceable'
          ? c.candidates?.length
            ? `${c.candidates.length} candidate run${c.candidates.length === 1 ? '' : 's'}, none certain`
            : 'no run on the page supports it'
          : `${c.formula ?? ''}${c.recomputed !== null && c.verdict !== 'verified' && !endsWithValue(c.formula, c.recomputed) ? ` = ${c.recomputed}` : ''}${c.source ? ` (line ${c.source.line})` : ''}`;
      const notes = [
        c.verdict === 'consistent' ? 'an input is not printed by any run' : '',
        ...(c.caveats ?? []).map((k) => k.note),
        c.acknowledged ? 'acknowledged' : '',
      ].filter(Boolean);
      lines.push(
        terminalText(
          `${r.path}:${c.line}:${c.column}  ${grade(c).padEnd(11)}  ${c.text}  ${how}${notes.length ? ` [${notes.join('; ')}]` : ''}`,
        ),
      );
    }
  }
  return lines.join('\n');
}

/** Whether a formula already ends with `= <value>` (`Mean TPOT (ms) = 31.56`): the value is then not stated again. */
function endsWithValue(formula: string | null, value: number): boolean {
  const last = formula ? /=\s*(-?\d+(?:\.\d+)?)\s*$/.exec(formula) : null;
  return last !== null && Number(last[1]) === value;
}
