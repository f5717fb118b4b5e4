// numbersIn reads numbers in one pass; it must find exactly what its former regex found, on any text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numbersIn } from '../../src/lib/claims/verify/resolve.js';

const before = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?)\s*([kK])?\b/g)].map((m) => Number(m[1]) * (m[2] ? 1000 : 1));

describe('numbersIn', () => {
  it('equals the former regex on labels built from digits, points, blanks, k and letters', () => {
    const piece = fc.constantFrom('1', '2', '32', '.', '.5', ' ', '  ', '\t', 'k', 'K', 'x', 'in', '-', '_', ',', '%', '(', ')');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }).map((a) => a.join('')),
        (text) => {
          expect(numbersIn(text)).toEqual(before(text));
        },
      ),
      { numRuns: 5000, seed: 7 },
    );
  });
  it('reads case labels as before', () => {
    for (const t of ['random 32K input', 'BS=4', '1.5x', '32 kx', 'ShareGPT 2k/1k', 'v0.11.0 TP2']) expect(numbersIn(t)).toEqual(before(t));
  });
});
