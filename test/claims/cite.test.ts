/**
 * One wording for what is behind a claim: `check`'s messages, `perflab tables`' notes and the site's tooltips say
 * the same about an untraceable number; a message never cites its own row as the raw line; a ranking's relation
 * cites the raw lines of the two values it compares.
 */
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { computeTables } from '../../src/lib/tables/tables.js';
import { claimTitle } from '../../src/lib/site/claims.js';
import { rawLines, untraceableReason } from '../../src/lib/claims/cite.js';
import { claimUntraceable } from '../../src/lib/rules/claim-untraceable.js';
import type { Claim } from '../../src/lib/schemas/claim.js';

function claim(over: Partial<Claim>): Claim {
  return {
    id: 'claim-L9-C3',
    line: 9,
    column: 3,
    start: 0,
    end: 6,
    kind: 'cell-value',
    text: '140.12',
    stated: 140.12,
    recomputed: null,
    verdict: 'untraceable',
    formula: null,
    tolerance: null,
    source: null,
    acknowledged: null,
    ...over,
  } as Claim;
}

const at = (line: number) => ({ path: 'p.md', line, metric: 'output_throughput', runId: `run-L${line}` });

describe('what is behind a claim, said once', () => {
  it('should give the untraceable reason with its candidates in check, tables and the tooltip alike', () => {
    const page = claimUntraceable.examples.notOk;
    const [report] = checkAll([analyze(page, 'p.md')]);
    const untraceable = report.claims.filter((c) => c.verdict === 'untraceable');
    expect(untraceable.length).toBeGreaterThan(0);
    const notes = computeTables(report, page).notes.join('\n');
    for (const c of untraceable) {
      const reason = untraceableReason(c);
      const message = report.messages.find((m) => m.ruleId === 'claim-untraceable' && m.line === c.line && m.column === c.column);
      expect(message?.message.toLowerCase(), c.text).toContain(reason.toLowerCase());
      expect(claimTitle(c)).toBe(`Untraceable: ${reason}`);
      if (/^\s*\|/.test(page.split('\n')[c.line - 1])) expect(notes, c.text).toContain(reason);
    }
  });

  it('should say a run gives the number when one does, never that no run prints it', () => {
    const c = claim({
      candidates: [
        { source: at(116), evidence: 'next experiment in order', recomputed: 140.12 },
        { source: at(200), evidence: 'row names `fp8`', recomputed: 151.3 },
      ],
    });
    const reason = untraceableReason(c);
    expect(reason).toBe(
      'the source of `140.12` is not certain: line 116 gives 140.12 (next experiment in order); line 200 gives 151.3 (row names `fp8`)',
    );
    expect(claimTitle(c)).not.toMatch(/no (raw )?run/);
    expect(untraceableReason(claim({}))).toBe('no run on this page prints or derives `140.12`');
  });

  it("should not cite a claim's own row as its raw line, and cite both raw lines of a ranking's relation", () => {
    expect(rawLines(claim({ source: at(9), verdict: 'mismatch' }), [])).toBe(
      ' (the numbers stated on this line; no raw run line prints them)',
    );
    expect(rawLines(claim({ source: at(389), verdict: 'mismatch' }), [])).toBe(' (line 389)');
    const values = [
      claim({ kind: 'ranking-value', column: 10, source: at(131), verdict: 'verified' }),
      claim({ kind: 'ranking-value', column: 30, source: at(97), verdict: 'verified' }),
      claim({ kind: 'ranking-value', column: 50, source: at(160), verdict: 'verified' }),
    ];
    const order = claim({ kind: 'ranking-order', column: 40, text: '>', stated: null, verdict: 'mismatch' });
    expect(rawLines(order, [...values, order])).toBe(' (lines 97 and 160)');
  });

  it('should cite the raw lines in the message of a wrong ranking relation', () => {
    const page = [
      '# Optimizing Demo Latency on H100',
      '',
      '## Experiment Results',
      '',
      ...['A', 'B'].flatMap((name, i) => [
        `### ${i + 1}. ${name}`,
        '',
        '??? info "Benchmark result"',
        '',
        '    ```',
        '    ============ Serving Benchmark Result ============',
        '    Successful requests:                     100',
        '    Benchmark duration (s):                  10.00',
        '    Total input tokens:                      1000',
        '    Total generated tokens:                  1000',
        `    Request throughput (req/s):              ${i ? '5.00' : '10.00'}`,
        `    Output token throughput (tok/s):         ${i ? '500.00' : '100.00'}`,
        `    Total Token throughput (tok/s):          ${i ? '600.00' : '200.00'}`,
        '    ==================================================',
        '    ```',
        '',
      ]),
      'Result: A (200.00 tok/s) > B (600.00 tok/s)',
      '',
    ].join('\n');
    const [report] = checkAll([analyze(page, 'p.md')]);
    const relation = report.messages.find((m) => m.ruleId === 'claim-mismatch' && m.actual === '>');
    expect(relation?.message).toMatch(/ \(lines \d+ and \d+\)$/);
  });
});
