/**
 * The rewritten readers against the regexes they replace, on every short string over a small adversarial
 * alphabet (seeded random sample): same answers, so real pages read the same.
 */
import { expect, it } from 'vitest';
import { sectionTitle } from '../../src/lib/formats/shapes.js';

const OLD_SECTION = /^[ \t]*-{3,}(.*?)-{3,}[ \t]*$/;

function* strings(alphabet: string, count: number, maxLength: number, seed: number) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < count; i++) {
    const n = Math.floor(rnd() * maxLength);
    let out = '';
    for (let k = 0; k < n; k++) out += alphabet[Math.floor(rnd() * alphabet.length)];
    yield out;
  }
}

it('sectionTitle reads section lines as the old regex did', () => {
  for (const t of strings('-- \ta\r', 20000, 14, 7)) {
    const m = OLD_SECTION.exec(t);
    expect(sectionTitle(t), JSON.stringify(t)).toBe(m ? m[1].trim() : null);
  }
});

it('parseRanking reads rankings as the regex-based reader did', async () => {
  const { parseRanking } = await import('../../src/lib/claims/ranking.js');
  const { parseRanking: before } = await import('./ranking-before.js');
  const samples = [
    'Result: TensorRT-LLM (5760.97 tok/s) > SGLang (5281.81 tok/s) > vLLM (3922.41 tok/s)',
    'Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s) > TensorRT-LLM (1.74 s)',
    'SGLang(Not supported) = TensorRT-LLM (Not supported)',
  ];
  for (const t of samples) expect(parseRanking(t)).toEqual(before(t));
  for (const t of strings('R: -*a(1 s)<>=\t', 30000, 22, 5)) expect(parseRanking(t), JSON.stringify(t)).toEqual(before(t));
});
