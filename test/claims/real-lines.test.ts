/** Parsers and checkers together on real lines: what the page-model layer will do with them. */
import { describe, expect, it } from 'vitest';
import { parseCell, pick } from '../../src/lib/claims/cells.js';
import { checkDifference, checkOrder, checkPercentChange, checkRatio, checkRelativePercent } from '../../src/lib/claims/check.js';
import { parseRanking, parseSummarySentence } from '../../src/lib/claims/prose.js';
import { findLine, hasCorpus, rowCells } from './helpers.js';

function row(path: string, needle: string) {
  return rowCells(findLine(path, needle).text).map((c) => parseCell(c.text));
}

describe('conclusion rows', () => {
  it('should verify qwen3-14b/h100 ShareGPT (+58.1%)', () => {
    const [, base, opt] = row('test/fixtures/seed-pages/qwen3-14b/h100.md', '| **ShareGPT** |');
    const r = checkPercentChange(pick(opt, 'percent')!, pick(base, 'total-tps')!, pick(opt, 'total-tps')!);
    expect(r).toMatchObject({ verdict: 'verified', formula: '(10426.27 / 6595.66 - 1) x 100' });
  });
  it('should report qwen3-32b/h100 Very Long Prompt (+10.7%), which the cells put at +46.8%', () => {
    const [, base, opt] = row('test/fixtures/seed-pages/qwen3-32b/h100.md', '| **Very Long Prompt** |');
    const r = checkPercentChange(pick(opt, 'percent')!, pick(base, 'total-tps')!, pick(opt, 'total-tps')!);
    expect(r).toMatchObject({ verdict: 'mismatch', recomputed: 46.8 });
  });
  it('should verify the latency cell (2.7x faster) from 1.66 and 0.62', () => {
    const [, base, opt] = row('test/fixtures/seed-pages/qwen3-8b/h100-latency.md', '| **ShareGPT BS=1** |');
    const ratio = pick(opt, 'ratio')!;
    const r = checkRatio(ratio, pick(base, 'mean-latency')!, pick(opt, 'mean-latency')!, ratio.direction!);
    expect(r.verdict).toBe('verified');
  });
  it('should accept Rate 8 (1.63x faster) from 5.32 s and 3.28 s by interval', () => {
    const [, base, opt] = row('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '| **Rate 8** |');
    const r = checkRatio(pick(opt, 'ratio')!, pick(base, 'mean-latency')!, pick(opt, 'mean-latency')!, 'faster');
    expect(r).toMatchObject({ verdict: 'verified', accepted: 'interval' });
  });
});

describe.runIf(hasCorpus)('corpus conclusion cells', () => {
  it('should verify `21211.83x2 (+189.2%)` with its multiplier', () => {
    const [, base, opt] = row('corpus:qwen3-235b-a22b/h100.md', '| **Short Prompt** |');
    const tps = pick(opt, 'total-tps')!;
    const r = checkPercentChange(pick(opt, 'percent')!, pick(base, 'total-tps')!, tps, { multiplier: tps.multiplier });
    expect(r.verdict).toBe('verified');
  });
  it('should verify `(+31.6%/GPU)` on 2 GPUs and `(-0.0%)`', () => {
    const [, b1, o1] = row('corpus:gpt-oss-120b/h100.md', '| **ShareGPT** |');
    const p1 = pick(o1, 'percent')!;
    expect(p1.perGpu).toBe(true);
    expect(checkPercentChange(p1, pick(b1, 'total-tps')!, pick(o1, 'total-tps')!, { perGpu: 2 }).verdict).toBe('verified');
    const [, b2, o2] = row('corpus:gpt-oss-20b/h100.md', '| **Very Long Prompt** |');
    expect(checkPercentChange(pick(o2, 'percent')!, pick(b2, 'total-tps')!, pick(o2, 'total-tps')!).verdict).toBe('verified');
  });
  it('should verify every P6 number of the qwen3.5-35b-a3b/h200 engine summary', () => {
    const s = parseSummarySentence(findLine('corpus:qwen3.5-35b-a3b/h200.md', '- Summary: `vLLM`').text)!;
    const [a, b] = s.values.map((v) => v.value);
    expect(checkDifference(s.winner!.difference, a, b).verdict).toBe('verified');
    expect(checkRelativePercent(s.winner!.relative!, a, b).verdict).toBe('verified');
    const tpot = s.comparisons[0];
    expect(checkDifference(tpot.difference, tpot.a, tpot.b).verdict).toBe('verified');
    expect(checkRelativePercent(tpot.relative, tpot.a, tpot.b, { absolute: true }).verdict).toBe('verified');
  });
});

describe('prose on seeds', () => {
  it('should verify every number of the P7 engine summary, (94.29x) and (38.10x) by interval', () => {
    const s = parseSummarySentence(findLine('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '- Summary: `vLLM`').text)!;
    const [a, b] = s.values.map((v) => v.value);
    const big = (x: typeof a, y: typeof a) => (x.value >= y.value ? [x, y] : [y, x]);
    expect(checkDifference(s.winner!.difference, a, b).verdict).toBe('verified');
    const [hi, lo] = big(a, b);
    expect(checkRatio(s.winner!.relative!, hi, lo, 'faster').verdict).toBe('verified');
    for (const c of s.comparisons) {
      const [h, l] = big(c.a, c.b);
      expect(checkDifference(c.difference, c.a, c.b).verdict).toBe('verified');
      expect(checkRatio(c.relative, h, l, 'faster')).toMatchObject({ verdict: 'verified', accepted: 'interval' });
    }
  });
  it('should report the P2 relation `vLLM (1.68 s) > TensorRT-LLM (1.74 s)`', () => {
    const r = parseRanking(findLine('test/fixtures/seed-pages/qwen3-8b/h100-latency.md', 'Mean latency per request:').text)!;
    const verdicts = r.relations.map((rel) => checkOrder(rel.symbol, r.entries[rel.left].value, r.entries[rel.left + 1].value).verdict);
    expect(verdicts).toEqual(['verified', 'mismatch']);
  });
});
