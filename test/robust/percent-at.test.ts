// percentAt reads numbers as tokens, once each; it finds the percent a regex search finds, on any sentence whose
// numbers are well formed (`1234,567%` is read as `567%` where the regex took `234,567%`; `4.54.5%` as `5%`, not `54.5%`).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentAt } from '../../src/lib/claims/transition.js';
import { NUM } from '../../src/lib/claims/stated.js';

const before = (text: string) => text.search(new RegExp(String.raw`${NUM}\s*%`));

describe('percentAt', () => {
  it('equals the regex search on sentences of well-formed numbers between words, blanks, signs and %', () => {
    const number = fc.constantFrom('1', '23', '4.5', '1,234', '1,234.5', '+12.3', '-7', '2e3', '6E-2', '');
    const between = fc.constantFrom(' ', '  ', '%', ' %', 'x', ' higher', '(', ')', ';', ' + ', ' - ', '. ', ' e ', 'tok/s ');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(number, between), { maxLength: 12 }).map((a) => a.map(([n, b]) => n + b).join('')),
        (text) => {
          expect(percentAt(text)).toBe(before(text));
        },
      ),
      { numRuns: 5000, seed: 11 },
    );
  });
  it('finds the percent of real sentences', () => {
    for (const t of [
      ' to 16042.19 tok/s, achieving 26.8% higher token throughput per GPU',
      ' by 1,234.5 tok/s (+12.3 %)',
      ' no percent here',
    ])
      expect(percentAt(t)).toBe(before(t));
  });
});
