// Every regex of src/ against adversarial text of growing length: a run of one repeated piece (a blank, a digit,
// `<`, a backslash, `on `, ...) and an ending that makes the match fail late. A regex whose time grows by more than
// 30x when the text grows 8x (linear: 8x, quadratic: 64x) fails, once its time is large enough to measure.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { regexSources } from './regex-sources.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PIECES = [
  ' ',
  '\t',
  'a',
  'A',
  '1',
  '1.',
  '1,',
  '.',
  ',',
  '-',
  '--a ',
  '_',
  '<',
  '>',
  '<a',
  '`',
  '\\',
  '/',
  '*',
  '**',
  '(',
  ')',
  '[',
  ']',
  ':',
  '=',
  '"',
  "'",
  '%',
  '&',
  ';',
  '#',
  '|',
  'a ',
  '1 ',
  ' a',
  'x ',
  'on ',
  'per ',
  'up ',
  'more ',
  'k',
  '!!! ',
  '???',
  '|a',
];
const ENDINGS = ['', '!', '\n', 'x', '1', ' '];
const N = 2000;

function time(re: RegExp, text: string): number {
  const t = performance.now();
  re.lastIndex = 0;
  re.exec(text);
  return performance.now() - t;
}

describe('regex growth', () => {
  it('no regex of src/ grows super-linearly on repeated-piece inputs', () => {
    const slow: string[] = [];
    for (const r of regexSources(ROOT)) {
      const re = new RegExp(r.pattern, r.flags.replace('g', ''));
      for (const piece of PIECES) {
        for (const end of ENDINGS) {
          const small = piece.repeat(Math.ceil(N / piece.length)) + end;
          const large = piece.repeat(Math.ceil((8 * N) / piece.length)) + end;
          let t8 = time(re, large);
          if (t8 < 15) continue;
          // Measured again (best of five) before it counts: the machine is noisy.
          for (let k = 0; k < 4; k++) t8 = Math.min(t8, time(re, large));
          const t1 = Math.max(0.5, Math.min(time(re, small), time(re, small), time(re, small)));
          if (t8 >= 15 && t8 / t1 > 30)
            slow.push(
              `${r.file}:${r.line} /${r.pattern}/${r.flags} on ${JSON.stringify(piece)} x n + ${JSON.stringify(end)}: ${t1.toFixed(1)} ms -> ${t8.toFixed(1)} ms`,
            );
        }
      }
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
