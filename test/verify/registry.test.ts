import type { Paragraph } from 'mdast';
import { describe, expect, it } from 'vitest';
import { claimKinds } from '../../src/lib/claims/kinds/index.js';
import { claimKind } from '../../src/lib/claims/kinds/types.js';
import { parseNumber } from '../../src/lib/numbers/number.js';
import { analyze } from '../../src/lib/pipeline.js';
import { verifyClaims } from '../../src/lib/claims/verify-claims.js';
import { verifyInternalError } from '../../src/lib/rules/verify-internal-error.js';

/** A tiny claim kind: `Runs: N` states how many runs the page has. One object, nothing else to touch. */
const runCount = claimKind<{ node: Paragraph; base: number; at: number; text: string }>({
  kind: 'run-count',
  find(site, ctx) {
    if (site.kind !== 'prose') return [];
    const raw = ctx.text(site.node);
    const m = /Runs: (\d+)/d.exec(raw);
    return m?.indices ? [{ node: site.node, base: site.node.position!.start.offset!, at: m.indices[1]![0], text: m[1] }] : [];
  },
  verify(c, ctx) {
    const stated = { ...parseNumber(c.text)!, role: 'value' as const, offset: c.at, end: c.at + c.text.length, claim: c.text, unit: '' };
    const runs = ctx.runs.length;
    const result = {
      verdict: runs === stated.value ? ('verified' as const) : ('mismatch' as const),
      recomputed: runs,
      formula: `runs on the page = ${runs}`,
      tolerance: 'exact',
    };
    return [ctx.claim('cell-value', stated, c.base, result, null)];
  },
});

const page = '# Notes\n\nThe page has no benchmark.\n\nRuns: 2 in total.\n';

describe('the claim-kind registry', () => {
  it('should run a kind registered as one module, with its claim at the exact place', () => {
    const [without] = verifyClaims([analyze(page, 'notes.md')]);
    expect(without.claims).toEqual([]);
    const [withKind] = verifyClaims([analyze(page, 'notes.md')], [...claimKinds, runCount]);
    expect(withKind.claims).toHaveLength(1);
    expect(withKind.claims[0]).toMatchObject({
      line: 5,
      column: 7,
      offset: page.indexOf('2 in'),
      end: page.indexOf('2 in') + 1,
      text: '2',
      verdict: 'mismatch',
      recomputed: 0,
    });
  });

  it('should offer a site to the kinds after an exclusive kind only when it found nothing there', () => {
    const seen: string[] = [];
    const spy = (kind: string, exclusive: boolean) =>
      claimKind<{ node: Paragraph }>({
        kind,
        exclusive,
        find(site) {
          if (site.kind !== 'prose') return [];
          seen.push(kind);
          return [{ node: site.node }];
        },
        verify: () => [],
      });
    verifyClaims([analyze('# T\n\nOne paragraph.\n', 't.md')], [spy('first', true), spy('second', false)]);
    expect(seen).toEqual(['first']);
  });

  it('should report a kind that throws as a message at its node, and still run the other kinds', () => {
    const broken = claimKind<{ node: Paragraph }>({
      kind: 'broken',
      find: (site) => (site.kind === 'prose' ? [{ node: site.node }] : []),
      verify: () => {
        throw new Error('boom');
      },
    });
    const [result] = verifyClaims([analyze(page, 'notes.md')], [broken, runCount]);
    // The verification hands the failures on; the rule of their id words them.
    expect(result.failures.map(verifyInternalError.internal).map((m) => [m.ruleId, m.line, m.message])).toEqual([
      ['verify-internal-error', 3, 'Claim verification stopped (broken): Error: boom'],
      ['verify-internal-error', 5, 'Claim verification stopped (broken): Error: boom'],
    ]);
    expect(result.claims.map((c) => c.text)).toEqual(['2']);
  });
});

describe('verifyClaims', () => {
  it('should be pure: each page gets its claims and messages back, in input order, and no report is changed', () => {
    const a = analyze('# A\n\nRuns: 0.\n', 'a.md');
    const b = analyze(page, 'b.md');
    const before = JSON.stringify([a.report, b.report]);
    const out = verifyClaims([a, b], [runCount]);
    expect(JSON.stringify([a.report, b.report])).toBe(before);
    expect(out.map((p) => p.claims.map((c) => [c.text, c.verdict]))).toEqual([[['0', 'verified']], [['2', 'mismatch']]]);
  });
});
