// The two regexes of write-up reading that backtracked without bound on long blank runs (a table cell of blanks
// and asterisks, a clause of repeated `vs.`) were rewritten so no text splits two ways; on short texts built from
// their own pieces they decide and capture exactly what the old ones did.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NUM } from '../../src/lib/claims/stated.js';
import { CELL } from '../../src/lib/claims/essay/table.js';
import { RESTATE } from '../../src/lib/claims/essay/sentence.js';

const OLD_CELL = new RegExp(
  String.raw`^[\s*_]*(?:快|慢|提升|提高|降低|减少|下降|增加)?\s*(?:了\s*)?(~|≈|约|about\s+)?\s*(${NUM})\s*(%|x(?![A-Za-z0-9])|倍|ms|s|tok\/s|req\/s)?(\s*(?:faster|slower|higher|lower|speed-?up|better|worse))?\s*(?:(?:±|\+\/-)\s*[\d.,]+\s*(?:%|ms|s)?)?[\s*_]*$`,
  'di',
);
const OLD_RESTATE =
  /^[\s\d.,~≈约()（）]*(?:about|around|roughly|from|to|vs\.?|versus|against|and|or|then|从|到|增加到|降到|对比|和|ms|s|tok\/s|req\/s|[\s\d.,~≈约()（）→-])*$/i;

/** What the reader uses of a cell match: approximate or not, the number's extent, the unit, where the claim ends. */
const used = (m: RegExpExecArray | null) =>
  m ? JSON.stringify([!!m[1], m.indices![2], m[3] ?? null, m.indices![3]?.[1] ?? null, m.indices![4]?.[1] ?? null]) : 'none';
/** The same of the current cell regex, whose group 3 is a `K` / `M` suffix (none of these pieces writes one). */
const usedNow = (m: RegExpExecArray | null) =>
  m && !m[3]
    ? JSON.stringify([!!m[1], m.indices![2], m[4] ?? null, m.indices![4]?.[1] ?? null, m.indices![5]?.[1] ?? null])
    : m
      ? 'suffix'
      : 'none';

describe('write-up regexes', () => {
  it('reads table cells as the old cell regex did', () => {
    const piece = fc.constantFrom(
      ' ',
      '  ',
      '\t',
      '*',
      '_',
      '快',
      '了',
      '~',
      'about',
      'about ',
      '1',
      '12',
      '1,234',
      '.5',
      '-',
      '+',
      'e3',
      '%',
      'x',
      'X',
      '倍',
      'ms',
      's',
      'tok/s',
      ' faster',
      'slower',
      '±',
      '+/-',
      ',',
      'a',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 9 }), (a) => {
        const text = a.join('');
        expect(usedNow(CELL.exec(text)), text).toBe(used(OLD_CELL.exec(text)));
      }),
      { numRuns: 20_000, seed: 5 },
    );
  });
  it('decides value-only clauses as the old clause regex did', () => {
    const piece = fc.constantFrom(
      ' ',
      '1',
      '.',
      ',',
      '~',
      '约',
      '(',
      '）',
      'about',
      'to',
      'tok/s',
      'vs',
      'vs.',
      'VS',
      'versus',
      'v',
      'ms',
      's',
      'm',
      '到',
      '增加',
      '增加到',
      '→',
      '-',
      'x',
      'and',
      'or',
      'k/s',
      'req/s',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (a) => {
        const text = a.join('');
        expect(RESTATE.test(text), text).toBe(OLD_RESTATE.test(text));
      }),
      { numRuns: 20_000, seed: 5 },
    );
  });
  it('fails long non-matching texts quickly', () => {
    for (const text of [' '.repeat(20_000) + '!', '* '.repeat(10_000) + '1 x', '1' + ' '.repeat(20_000) + '!', 'vs.'.repeat(7_000) + '!']) {
      const t = performance.now();
      CELL.exec(text);
      RESTATE.test(text);
      expect(performance.now() - t, JSON.stringify(text.slice(0, 8))).toBeLessThan(2_000);
    }
  });
});
