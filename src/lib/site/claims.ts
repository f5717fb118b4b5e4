// How a claim is shown: its status word, its one-line explanation and the page's trust summary.
import type { Claim } from '../schemas/claim.js';
import type { Message } from '../schemas/message.js';
import { restate } from '../claims/restate.js';
import { untraceableReason } from '../claims/cite.js';
import { plural } from './format.js';

export type ClaimStatus = 'verified' | 'consistent' | 'mismatch' | 'untraceable' | 'acknowledged';

/** An acknowledged finding is shown as such, whatever its verdict. */
export function claimStatus(claim: Claim): ClaimStatus {
  if (claim.acknowledged && claim.verdict !== 'verified') return 'acknowledged';
  return claim.verdict;
}

/**
 * How a claim is graded for readers, by severity: a `mismatch` within one unit of its last digit is `rounding`
 * (the rule `claim-rounding`, a warning), a larger one stays `mismatch` (`claim-mismatch`, an error).
 */
export type ClaimGrade = 'mismatch' | 'untraceable' | 'rounding' | 'consistent' | 'acknowledged' | 'verified';

/** Grades from most to least severe: the order of lists and of the checks page. */
export const gradeOrder: readonly ClaimGrade[] = ['mismatch', 'untraceable', 'rounding', 'consistent', 'acknowledged', 'verified'];

export function claimGrade(claim: Claim): ClaimGrade {
  const status = claimStatus(claim);
  return status === 'mismatch' && claim.rounding ? 'rounding' : status;
}

/** The grade in a few words, shown next to the icon (`wrong number`, `last digit off`). */
export const gradeLabel: Record<ClaimGrade, string> = {
  mismatch: 'Wrong number',
  untraceable: 'Untraceable',
  rounding: 'Last digit off',
  consistent: 'Consistent, unsourced',
  acknowledged: 'Acknowledged',
  verified: 'Verified',
};

/** The icon of each grade (the mark also differs by underline style and colour, and says its grade in text). */
export const gradeIcon: Record<ClaimGrade, string> = {
  mismatch: '≠',
  untraceable: '?',
  rounding: '±',
  consistent: '≈',
  acknowledged: '!',
  verified: '✓',
};

/**
 * The recomputed value printed like the stated text (`+46.8%`), when the page states a number wrongly (also when the
 * finding is acknowledged): what a reader should read instead. Null when nothing certain was recomputed.
 */
export function correction(claim: Claim): string | null {
  if (claim.verdict !== 'mismatch' || claim.recomputed === null || claim.stated === null) return null;
  const text = expectedText(claim.text, claim.recomputed, claim.stated);
  return text === claim.text ? null : text;
}

/** One sentence for tooltips, screen readers and the findings list. */
export function claimTitle(claim: Claim): string {
  const status = claimStatus(claim);
  const formula = claim.formula ? ` from ${claim.formula}` : '';
  const expected = claim.recomputed === null ? '' : `, expected ${expectedText(claim.text, claim.recomputed, claim.stated)}`;
  switch (status) {
    case 'verified':
      return `Verified${formula}`;
    case 'consistent':
      return `Consistent: the arithmetic holds on the stated numbers, but no run on the page prints an input${formula}`;
    case 'mismatch':
      return claim.rounding
        ? `Last digit off: stated ${claim.text}${expected}${formula} (a rounding slip, within one unit of the last digit)`
        : `Wrong number: stated ${claim.text}${expected}${formula}`;
    case 'untraceable':
      return `Untraceable: ${untraceableReason(claim)}`;
    case 'acknowledged':
      return `Acknowledged (${claim.verdict}${expected}): ${claim.acknowledged?.reason ?? ''}`;
  }
}

/** The recomputed value printed like the stated text (`+46.8%`, `2.7x faster`), with the same precision and sign. */
function expectedText(text: string, recomputed: number, stated: number | null): string {
  const r = restate(text, recomputed, stated);
  return 'text' in r ? r.text : String(recomputed);
}

export interface TrustSummary {
  total: number;
  verified: number;
  /** Wrong numbers (`claim-mismatch`), not counting rounding slips. */
  mismatch: number;
  /** Last-digit slips (`claim-rounding`). */
  rounding: number;
  /** The arithmetic holds on the stated inputs, but an input is printed by no run. */
  consistent: number;
  untraceable: number;
  acknowledged: number;
  /** Numbers of the prose that no check judged (`claim-unjudged`): never counted as verified. */
  unjudged: number;
  /**
   * Unacknowledged errors and warnings about the page beyond its numbers' grades (a run on more GPUs than the page
   * has, run blocks identical to another page's, a command that does not run): the page's own findings.
   */
  errors: number;
  warnings: number;
  /** `41 of 43 numbers verified; 1 wrong; 1 with the last digit off; 2 unacknowledged errors; 1 warning` */
  text: string;
}

/** The rules whose findings are the claims' grades, already counted by grade in the summary. */
const GRADED_RULES = new Set(['claim-mismatch', 'claim-rounding', 'claim-untraceable', 'claim-unjudged']);

/** A page's findings as the trust summary reads them. */
export type TrustFinding = Pick<Message, 'ruleId' | 'severity'> & { acknowledged?: unknown };

/**
 * What a reader may trust of a page: its numbers by grade, and its unacknowledged errors and warnings that are not
 * those grades. Every trust signal (the card's badge, the number check, the meta description) reads this one count,
 * so none says "29 of 29 numbers verified" alone on a page with errors.
 */
export function trustSummary(claims: readonly Claim[], messages: readonly TrustFinding[]): TrustSummary {
  const open = messages.filter((m) => !m.acknowledged && !GRADED_RULES.has(m.ruleId));
  const count = (g: ClaimGrade) => claims.filter((c) => claimGrade(c) === g).length;
  const t = {
    total: claims.length,
    verified: count('verified'),
    mismatch: count('mismatch'),
    rounding: count('rounding'),
    consistent: count('consistent'),
    untraceable: count('untraceable'),
    acknowledged: count('acknowledged'),
    unjudged: messages.filter((m) => m.ruleId === 'claim-unjudged').length,
    errors: open.filter((m) => m.severity === 'error').length,
    warnings: open.filter((m) => m.severity === 'warning').length,
  };
  const parts = [
    t.mismatch && `${t.mismatch} wrong`,
    t.untraceable && `${t.untraceable} untraceable`,
    t.rounding && `${t.rounding} with the last digit off`,
    t.consistent && `${t.consistent} consistent but unsourced`,
    t.acknowledged && `${t.acknowledged} acknowledged`,
    t.unjudged && `${t.unjudged} not judged`,
    // The page's own findings, after the numbers' grades (short: on a phone this line is the folded panel).
    t.errors && plural(t.errors, 'unacknowledged error'),
    t.warnings && plural(t.warnings, 'warning'),
  ].filter(Boolean);
  const head =
    t.total === 0
      ? t.unjudged
        ? 'No number judged on this page'
        : 'No checked numbers on this page'
      : `${t.verified} of ${plural(t.total, 'number')} verified`;
  return { ...t, text: [head, ...parts].join('; ') };
}

/**
 * The badge a trust summary wears: green only when every number is verified, none of the prose is left unjudged, and
 * the page has no open error or warning.
 */
export function trustBadge(t: TrustSummary): 'badge-bad' | 'badge-warn' | 'badge-muted' | 'badge-ok' {
  if (t.mismatch + t.errors > 0) return 'badge-bad';
  if (t.untraceable + t.rounding + t.warnings + t.unjudged > 0) return 'badge-warn';
  return t.total === 0 ? 'badge-muted' : 'badge-ok';
}
