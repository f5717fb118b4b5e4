// The trust summary counts each grade apart: a last-digit slip is not a wrong number, and a number that adds up on
// unsourced inputs is not verified.
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../src/lib/schemas/claim.js';
import { claimGrade, trustSummary } from '../../src/lib/site/claims.js';

const claim = (over: Partial<Claim>): Claim => ({
  id: 'claim-L1-C1',
  line: 1,
  column: 1,
  offset: 0,
  end: 1,
  kind: 'improvement',
  text: '+50.0%',
  stated: 50,
  recomputed: 50,
  verdict: 'verified',
  formula: null,
  tolerance: null,
  source: null,
  sources: [],
  acknowledged: null,
  ...over,
});

describe('trust summary by grade', () => {
  const claims = [
    claim({}),
    claim({}),
    claim({ verdict: 'consistent' }),
    claim({ verdict: 'mismatch', recomputed: 50.1, rounding: true }),
    claim({ verdict: 'mismatch', recomputed: 20, rounding: false }),
    claim({ verdict: 'untraceable', recomputed: null }),
    claim({ verdict: 'mismatch', recomputed: 20, acknowledged: { reason: 'kept as published', line: 1 } }),
  ];

  it('should grade a last-digit slip apart from a wrong number', () => {
    expect(claims.map(claimGrade)).toEqual(['verified', 'verified', 'consistent', 'rounding', 'mismatch', 'untraceable', 'acknowledged']);
  });

  it('should count consistent numbers and last-digit slips separately', () => {
    const t = trustSummary(claims);
    expect(t).toMatchObject({ total: 7, verified: 2, consistent: 1, rounding: 1, mismatch: 1, untraceable: 1, acknowledged: 1 });
    expect(t.text).toBe(
      '2 of 7 numbers verified; 1 wrong; 1 untraceable; 1 with the last digit off; 1 consistent but unsourced; 1 acknowledged',
    );
  });
});
