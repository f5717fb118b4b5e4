// How a claim is shown: its status word, its one-line explanation and the page's trust summary.
import type { Claim } from '../schemas/claim.js';
import { restate } from '../claims/restate.js';
import { plural } from './format.js';

export type ClaimStatus = 'verified' | 'consistent' | 'mismatch' | 'untraceable' | 'acknowledged';

/** An acknowledged finding is shown as such, whatever its verdict. */
export function claimStatus(claim: Claim): ClaimStatus {
  if (claim.acknowledged && claim.verdict !== 'verified') return 'acknowledged';
  return claim.verdict;
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
      return `Mismatch: stated ${claim.text}${expected}${formula}`;
    case 'untraceable':
      return 'Untraceable: no raw run on the page reproduces this number';
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
  mismatch: number;
  untraceable: number;
  acknowledged: number;
  /** `41 of 43 numbers verified; 2 mismatches` */
  text: string;
}

export function trustSummary(claims: Claim[]): TrustSummary {
  const count = (s: ClaimStatus) => claims.filter((c) => claimStatus(c) === s).length;
  const t = {
    total: claims.length,
    verified: count('verified'),
    mismatch: count('mismatch'),
    untraceable: count('untraceable'),
    acknowledged: count('acknowledged'),
  };
  const parts = [
    t.mismatch && plural(t.mismatch, 'mismatch', 'mismatches'),
    t.untraceable && `${t.untraceable} untraceable`,
    t.acknowledged && `${t.acknowledged} acknowledged`,
  ].filter(Boolean);
  const head = t.total === 0 ? 'No checked numbers on this page' : `${t.verified} of ${plural(t.total, 'number')} verified`;
  return { ...t, text: [head, ...parts].join('; ') };
}
