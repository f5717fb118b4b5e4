/**
 * Which stated numbers `perflab check --fix` may rewrite, and into what. A claim is fixable only when it is
 * certain: verdict `mismatch` reported by `claim-mismatch` (not acknowledged, not turned off), every source of
 * the number on the page itself (no `claim-other-page`), and a recomputed value (or, for a ranking's relation
 * symbol, the relation that holds). The replacement keeps the stated text's precision, sign style, thousands
 * separators and decoration (`%`, `/GPU`, `x faster`); only the number (or the symbol) changes.
 */
import { replacement } from '../claims/restate.js';
import type { Claim } from '../schemas/claim.js';
import type { Report } from '../schemas/report.js';

/** One replacement of a stated number at its place. */
export interface Fix {
  file: string;
  /** 1-based line and column of the stated text. */
  line: number;
  column: number;
  /** The stated text as the page has it (`+10.7%`). */
  from: string;
  /** What replaces it (`+46.8%`). */
  to: string;
  /** The formula that gives the new value. */
  formula: string | null;
}

/** A mismatch that `--fix` leaves alone, and why. */
export interface Skip {
  file: string;
  line: number;
  column: number;
  text: string;
  reason: string;
}

/** The text at a 1-based line and column of `source`, `length` characters long. */
export function textAt(source: string, line: number, column: number, length: number): string | null {
  const l = linesOf(source)[2 * (line - 1)];
  if (l === undefined) return null;
  return l.slice(column - 1, column - 1 + length);
}

/** Fixes and skips for one checked page, against its current source. */
export function planFixes(report: Report, source: string): { fixes: Fix[]; skipped: Skip[] } {
  const fixes: Fix[] = [];
  const skipped: Skip[] = [];
  const at = (ruleId: string, c: Claim) => report.messages.filter((m) => m.ruleId === ruleId && m.line === c.line && m.column === c.column);
  for (const claim of report.claims) {
    const skip = (reason: string) => skipped.push({ file: report.path, line: claim.line, column: claim.column, text: claim.text, reason });
    if (claim.verdict === 'untraceable') {
      // Listed as the docs promise, when its finding is live (an acknowledged or turned-off one was settled already).
      if (at('claim-untraceable', claim).some((m) => !m.acknowledged))
        skip('no run on the page supports it (claim-untraceable): nothing to recompute');
      continue;
    }
    if (claim.verdict !== 'mismatch') continue;
    const mismatch = [...at('claim-mismatch', claim), ...at('claim-rounding', claim)];
    const acknowledged = claim.acknowledged ?? mismatch.find((m) => m.acknowledged)?.acknowledged;
    if (acknowledged) {
      // Accepted by the author: never touched, and said so.
      skip(`acknowledged (${acknowledged.reason})`);
      continue;
    }
    if (mismatch.length === 0) continue; // the rule is off for this claim (configuration)
    if (at('claim-other-page', claim).length > 0) {
      skip('the number matches a run of another page (claim-other-page): its source is not certain');
      continue;
    }
    const sources = [claim.source, ...claim.sources].filter((s) => s !== null);
    if (sources.some((s) => s.path !== report.path)) {
      skip('the number is traced to another page: its source is not certain');
      continue;
    }
    const r = replacement(claim);
    if ('reason' in r) {
      skip(r.reason);
      continue;
    }
    if (r.text === claim.text) {
      skip(`the recomputed value prints as the stated \`${claim.text}\` at this precision`);
      continue;
    }
    if (textAt(source, claim.line, claim.column, claim.text.length) !== claim.text) {
      skip(`the page no longer reads \`${claim.text}\` at this place; run perflab check again`);
      continue;
    }
    fixes.push({ file: report.path, line: claim.line, column: claim.column, from: claim.text, to: r.text, formula: claim.formula });
  }
  return { fixes, skipped };
}

/** Apply fixes to a source (right to left within a line so earlier columns stay valid). */
export function applyFixes(source: string, fixes: readonly Fix[]): string {
  const parts = linesOf(source);
  const ordered = [...fixes].sort((a, b) => a.line - b.line || b.column - a.column);
  for (const f of ordered) {
    const at = 2 * (f.line - 1);
    const l = parts[at];
    if (l === undefined || l.slice(f.column - 1, f.column - 1 + f.from.length) !== f.from) continue;
    parts[at] = l.slice(0, f.column - 1) + f.to + l.slice(f.column - 1 + f.from.length);
  }
  return parts.join('');
}

/**
 * The page's lines with their breaks between them (`[line 1, break, line 2, ...]`), each kept as written: LF, CRLF
 * or a lone CR (a break of its own, as the parser and an editor count lines), so a fix changes nothing else.
 */
function linesOf(source: string): string[] {
  return source.split(/(\r\n|\r|\n)/);
}
