/**
 * How messages, the tables command and the site name what is behind a claim, in the same words everywhere: the raw
 * line it comes from (never the claim's own line), the raw lines of a ranking's two values, and why a claim is
 * untraceable (no run, or runs that give it without the page saying which).
 */
import type { Claim } from '../schemas/claim.js';

/** The raw lines behind a claim for a message: ` (line 389)`, ` (lines 97 and 131)`, ` (the numbers stated on this line)`, or ''. */
export function rawLines(c: Claim, claims: readonly Claim[]): string {
  if (c.source) {
    // A change computed from the numbers of its own row: that row is not a raw run line.
    if (c.source.saved) return ` (the saved result linked on line ${c.source.line})`;
    if (c.source.line === c.line) return ' (the numbers stated on this line; no raw run line prints them)';
    return ` (line ${c.source.line})`;
  }
  if (c.kind !== 'ranking-order') return '';
  // A relation compares the ranking values on either side of it: their raw lines.
  const values = claims.filter((k) => k.kind === 'ranking-value' && k.line === c.line);
  const before = values.filter((k) => k.column < c.column).at(-1)?.source?.line;
  const after = values.find((k) => k.column > c.column)?.source?.line;
  if (before !== undefined && after !== undefined) return before === after ? ` (line ${before})` : ` (lines ${before} and ${after})`;
  return '';
}

/** The raw line a claim's message should point at (SARIF's related location): none when it is the claim's own line. */
export function rawCause(c: Claim): Claim['source'] {
  return c.source && !(c.source.line === c.line) ? c.source : null;
}

/** Why a claim is untraceable, as one clause: the same words in `check`, `tables` and the site's tooltips. */
export function untraceableReason(c: Pick<Claim, 'text' | 'stated' | 'candidates'>): string {
  const candidates = c.candidates ?? [];
  if (candidates.length === 0) return `no run on this page prints or derives \`${c.text}\``;
  const listed = candidates
    .map((k) => `line ${k.source.line}${k.recomputed !== null ? ` gives ${k.recomputed}` : ''} (${k.evidence})`)
    .join('; ');
  const reproduced = candidates.some((k) => k.recomputed !== null && c.stated !== null && Math.abs(k.recomputed - c.stated) < 1e-9);
  return reproduced
    ? `the source of \`${c.text}\` is not certain: ${listed}`
    : `no run on this page reproduces \`${c.text}\`, and its source is not certain: ${listed}`;
}
