// The trust summary counts each grade apart: a last-digit slip is not a wrong number, and a number that adds up on
// unsourced inputs is not verified. It also names the page's unacknowledged errors and warnings that are not the
// numbers' grades, so no trust signal says "3 of 3 numbers verified" alone on a page with errors.
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { claimPage, scriptBlock } from '../../src/lib/rules/shared/examples.js';
import type { Claim } from '../../src/lib/schemas/claim.js';
import type { Message } from '../../src/lib/schemas/message.js';
import { claimGrade, trustBadge, trustSummary } from '../../src/lib/site/claims.js';
import { describe as describePage } from '../../src/lib/site/describe.js';
import { listing } from '../../src/lib/site/listing.js';

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
    const t = trustSummary(claims, []);
    expect(t).toMatchObject({ total: 7, verified: 2, consistent: 1, rounding: 1, mismatch: 1, untraceable: 1, acknowledged: 1 });
    expect(t.text).toBe(
      '2 of 7 numbers verified; 1 wrong; 1 untraceable; 1 with the last digit off; 1 consistent but unsourced; 1 acknowledged',
    );
  });
});

describe("trust summary with the page's findings", () => {
  const finding = (over: Partial<Message>): Message => ({
    file: 'demo.md',
    line: 1,
    column: 1,
    ruleId: 'run-duplicate',
    severity: 'error',
    message: 'x',
    ...over,
  });

  it('should name unacknowledged errors and warnings that are not the numbers, and nothing else', () => {
    const claims = [claim({}), claim({ verdict: 'mismatch', recomputed: 20, rounding: false })];
    const t = trustSummary(claims, [
      finding({}),
      finding({ ruleId: 'parallelism-exceeds-hardware' }),
      finding({ severity: 'warning', ruleId: 'run-incomplete' }),
      // Counted by its grade already ("1 wrong"), and an acknowledged finding is not open.
      finding({ ruleId: 'claim-mismatch' }),
      finding({ acknowledged: { reason: 'kept as published', line: 2 } }),
      finding({ severity: 'info' }),
    ]);
    expect(t).toMatchObject({ errors: 2, warnings: 1 });
    expect(t.text).toBe('1 of 2 numbers verified; 1 wrong; 2 unacknowledged errors; 1 warning');
  });

  // Every number verified, but the run's command uses 2 GPUs where the page says one: the card, the meta
  // description and the number check all say so.
  const text = claimPage('Total TPS: 150.00 (+50.0%)').replace(
    '## Experiment Results',
    `## Experimental Setup\n\n### Hardware\n\nA single NVIDIA H100 SXM GPU.\n\n## Experiment Results\n\n${scriptBlock({ command: 'vllm serve Demo/Demo-8B -tp 2' })}`,
  );
  const [report] = checkAll([analyze(text, 'demo/h100.md', 'demo/h100.md')]);

  it('should never say "N of N verified" alone on a page with an error that is not about a number', () => {
    expect(report.claims.length).toBeGreaterThan(0);
    expect(report.claims.every((c) => c.verdict === 'verified')).toBe(true);
    expect(report.messages.map((m) => [m.ruleId, m.severity])).toContainEqual(['parallelism-exceeds-hardware', 'error']);
    const n = report.claims.length;
    const card = listing({ ...report, site: { url: '/reports/demo/h100/', lastUpdated: null } } as never);
    expect(card.trust.errors).toBe(1);
    expect(trustBadge(card.trust)).toBe('badge-bad');
    expect(trustBadge(trustSummary(report.claims, []))).toBe('badge-ok');
    expect(card.trust.text).toBe(`${n} of ${n} numbers verified; 1 unacknowledged error`);
    expect(describePage(report)).toContain(`${n} of ${n} numbers verified; 1 unacknowledged error.`);
  });
});
