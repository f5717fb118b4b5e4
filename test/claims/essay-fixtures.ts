// The shared harness of the write-up fixtures: each page lists every stated number it holds with its verdict, and
// a corrected copy (each wrong number replaced by the right one) must verify with no error.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

export const read = (name: string) => readFileSync(new URL(`../fixtures/essay-pages/${name}`, import.meta.url), 'utf8');
export const check = (source: string, name: string) => checkAll([analyze(source, name)])[0];
/** The claim kinds of write-ups: a restated value and a change between runs. */
export const essay = (kind: string) => kind === 'cell-value' || kind === 'essay-change';

/** [line, claim text, verdict] of one stated number. */
export type Row = [number, string, 'verified' | 'mismatch' | 'untraceable'];

export interface Fixture {
  /** Every stated number of the page, in order. */
  rows: Row[];
  /** [wrong text, right text] replacements that correct the page. */
  corrections: Array<[string, string]>;
  /**
   * Claims that stay untraceable on the corrected page: numbers about a metric no run of the page prints, and spreads
   * (`± 4.1 ms`) of repeats the page does not show or does not say the kind of.
   */
  unmeasured?: string[];
  /** Orders stated without a number (`X is the fastest`, `A > B`): [line, word, verdict]; none unless listed. */
  orders?: Row[];
}

/** Two tests per fixture: its claims and verdicts as listed, and its corrected copy verified with no error. */
export function fixtureTests(fixtures: Record<string, Fixture>): void {
  for (const [name, { rows, corrections, unmeasured = [], orders = [] }] of Object.entries(fixtures)) {
    it(`should find every stated number of ${name} with its verdict`, () => {
      const report = check(read(name), name);
      const got = report.claims.filter((c) => essay(c.kind)).map((c): Row => [c.line, c.text, c.verdict as Row[2]]);
      expect(got).toEqual(rows);
      expect(report.claims.filter((c) => !essay(c.kind)).map((c): Row => [c.line, c.text, c.verdict as Row[2]])).toEqual(orders);
      // Each mismatch is an error at its line (a slip in the last digit a `claim-rounding` warning), and errors stand
      // only where a number is wrong.
      for (const c of report.claims.filter((x) => x.verdict === 'mismatch'))
        expect(
          report.messages.some((m) =>
            c.rounding
              ? m.line === c.line && m.ruleId === 'claim-rounding'
              : m.line === c.line && m.severity === 'error' && /claim-mismatch/.test(m.ruleId),
          ),
        ).toBe(true);
      const wrong = new Set([...rows, ...orders].filter((r) => r[2] === 'mismatch').map((r) => r[0]));
      // An acknowledged finding (`perflab-ignore` above a block whose raw output is itself inconsistent) is accepted.
      expect(report.messages.filter((m) => m.severity === 'error' && !m.acknowledged && !wrong.has(m.line))).toEqual([]);
      // An untraceable claim names its candidate runs, unless no run prints its metric at all.
      for (const c of report.claims.filter((x) => x.verdict === 'untraceable' && !unmeasured.includes(x.text)))
        expect(c.candidates?.length, c.text).toBeGreaterThan(0);
    });
    it(`should verify ${name} with its wrong numbers corrected, with no error`, () => {
      let source = read(name);
      for (const [wrong, right] of corrections) {
        expect(source.includes(wrong)).toBe(true);
        source = source.replace(wrong, right);
      }
      const report = check(source, name);
      const claims = report.claims.filter((c) => essay(c.kind));
      expect(claims.filter((c) => c.verdict !== 'verified').map((c) => [c.text, c.verdict])).toEqual(
        unmeasured.map((t) => [t, 'untraceable']),
      );
      expect(claims).toHaveLength(rows.length);
      expect(report.claims.filter((c) => !essay(c.kind)).map((c) => [c.text, c.verdict])).toEqual(orders.map((o) => [o[1], 'verified']));
      expect(report.messages.filter((m) => m.severity === 'error' && !m.acknowledged)).toEqual([]);
    });
  }
}
