/**
 * `number-invisible-character` (error): A number of the page's prose or tables holds a character that prints
 * nothing (a zero-width space, a zero-width joiner, a word joiner, a soft hyphen, a byte-order mark), so what a
 * reader sees is not what a program reads: `3\u200B200.00` shows as 3200.00 and reads as 3 and 200.00.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#number-invisible-character shows them.
 */
import { emit } from '../diagnostics.js';
import { invisibleInNumbers } from '../numbers/number.js';
import { placer } from './shared/place.js';
import { conclusionTable, reportPage } from './shared/examples.js';
import type { Rule } from './types.js';

const page = (optimized: string) =>
  reportPage({
    title: 'Optimizing Demo-8B Throughput',
    conclusion: [conclusionTable('Total TPS: 100.00', `Total TPS: ${optimized} (+50.0%)`)],
  });

/** The code point of each character, as a message names it (`U+200B`). */
function codePoints(chars: string): string {
  return [...chars].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
}

/** Every number of a prose or table site with a character that prints nothing inside it: an error at that character. */
export const numberInvisibleCharacter: Rule = {
  id: 'number-invisible-character',
  severity: 'error',
  description:
    'A number in the prose or a table holds a character that prints nothing (zero-width space, word joiner, soft hyphen), so it is not read as the number it shows.',
  fix: 'Delete the invisible character: write the number in plain digits (`3200.00`).',
  examples: { ok: page('150.00'), notOk: page('15\u200B0.00') },
  check({ sites, file }) {
    for (const site of sites) {
      const placeOf = placer(site);
      for (const hit of invisibleInNumbers(site.text))
        emit(
          file,
          'number-invisible-character',
          'error',
          placeOf(hit.index),
          `Unexpected ${codePoints(hit.chars)} inside a number: it prints nothing, so the number shown is not the number read and is not checked`,
          { expected: 'a number in plain digits', actual: codePoints(hit.chars) },
        );
    }
  },
};
