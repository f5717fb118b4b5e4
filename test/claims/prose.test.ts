import { describe, expect, it } from 'vitest';
import { parseEssayClaims, parseRanking, parseSummarySentence, parseTransitions } from '../../src/lib/claims/prose.js';
import type { Stated } from '../../src/lib/claims/stated.js';
import { findLine, hasCorpus } from './helpers.js';

/** Assert that a stated number sits at its offset in the source line. */
function at(line: string, s: Stated | null | undefined): string {
  expect(s).toBeTruthy();
  return line.slice(s!.offset, s!.end);
}

describe('parseRanking (P1, P2) on seeds', () => {
  it('should read a P1 throughput ranking with values, offsets and relations', () => {
    const { text } = findLine('test/fixtures/seed-pages/qwen3-14b/h100.md', 'Result: SGLang');
    const r = parseRanking(text)!;
    expect(r.kind).toBe('throughput');
    expect(r.entries.map((e) => [e.name, e.value?.value])).toEqual([
      ['SGLang', 8424.86],
      ['TensorRT-LLM', 8315.15],
      ['vLLM', 6595.66],
    ]);
    expect(at(text, r.entries[1].value)).toBe('8315.15');
    expect(text.slice(r.entries[1].offset).startsWith('TensorRT-LLM')).toBe(true);
    expect(r.relations.map((x) => [x.symbol, x.left, text[x.offset]])).toEqual([
      ['>', 0, '>'],
      ['>', 1, '>'],
    ]);
  });
  it('should read a P2 latency ranking with `SGLang(1.61 s)` and mixed relations', () => {
    const { text } = findLine('test/fixtures/seed-pages/qwen3-8b/h100-latency.md', 'Mean latency per request:');
    const r = parseRanking(text)!;
    expect(r).toMatchObject({ kind: 'latency', label: 'Mean latency per request' });
    expect(r.entries.map((e) => [e.name, e.value?.value, e.value?.unit])).toEqual([
      ['SGLang', 1.61, 's'],
      ['vLLM', 1.68, 's'],
      ['TensorRT-LLM', 1.74, 's'],
    ]);
    expect(r.relations.map((x) => x.symbol)).toEqual(['<', '>']);
  });
  it('should not take a P3 transition for a ranking', () => {
    expect(parseRanking('Result: Throughput improved from 6095.37 tok/s to 6325.41 tok/s by enabling x.')).toBeNull();
  });
  it('should read `SGLang(Not supported) = TensorRT-LLM (Not supported)`', () => {
    const r = parseRanking('Result: vLLM (3167.63 tok/s) > SGLang(Not supported) = TensorRT-LLM (Not supported)')!;
    expect(r.entries.map((e) => [e.name, e.value, e.note])).toEqual([
      ['vLLM', expect.objectContaining({ value: 3167.63 }), null],
      ['SGLang', null, 'Not supported'],
      ['TensorRT-LLM', null, 'Not supported'],
    ]);
    expect(r.relations.map((x) => x.symbol)).toEqual(['>', '=']);
  });
});

describe.runIf(hasCorpus)('parseRanking on corpus pages', () => {
  it('should read `Result: TensorRT-LLM (5760.97 tok/s) > SGLang (5281.81 tok/s) > vLLM (3922.41 tok/s)`', () => {
    const { text } = findLine('corpus:qwen3-14b/a100.md', 'Result: TensorRT-LLM');
    const r = parseRanking(text)!;
    expect(r.entries.map((e) => e.value?.text)).toEqual(['5760.97', '5281.81', '3922.41']);
  });
  it('should read `SGLang(3796.00 tok/s)` without a space and a trailing Not supported', () => {
    const { text } = findLine('corpus:glm-4.x/h100.md', 'Result: SGLang(');
    const r = parseRanking(text)!;
    expect(r.entries[0]).toMatchObject({ name: 'SGLang', value: expect.objectContaining({ value: 3796, decimals: 2 }) });
    expect(at(text, r.entries[0].value)).toBe('3796.00');
    expect(r.entries[2]).toMatchObject({ name: 'TensorRT-LLM', value: null, note: 'Not supported' });
  });
  it('should read a one-decimal value (`MineIE (5634.4 tok/s)`)', () => {
    const { text } = findLine('corpus:qwen3-8b/910b.md', 'Result: MineIE');
    expect(parseRanking(text)!.entries[0].value).toMatchObject({ value: 5634.4, decimals: 1 });
  });
});

describe.runIf(hasCorpus)('parseTransitions (P3, P4)', () => {
  it('should read a P3 transition `improved from 6095.37 tok/s to 6325.41 tok/s`', () => {
    const { text } = findLine('corpus:gpt-oss-120b/h100.md', 'Throughput improved from');
    const [t] = parseTransitions(text);
    expect(t).toMatchObject({ verb: 'improved', percent: null, gpus: null });
    expect([at(text, t.from), at(text, t.to)]).toEqual(['6095.37', '6325.41']);
  });
  it('should read a P4 per-GPU transition with its 26.8% and TP2 -> 2 GPUs', () => {
    const { text } = findLine('corpus:gpt-oss-120b/h100.md', 'TP2 improves throughput');
    const [t] = parseTransitions(text);
    expect(t).toMatchObject({ verb: 'improves', gpus: 2 });
    expect(t.percent).toMatchObject({ value: 26.8, perGpu: true, claim: '26.8%' });
    expect(at(text, t.percent)).toBe('26.8%');
  });
  it('should find nothing in a qualitative P5 sentence', () => {
    const { text } = findLine('corpus:gpt-oss-120b/h100.md', 'Throughput slightly decreased');
    expect(parseTransitions(text)).toEqual([]);
  });
});

describe('parseSummarySentence (P7) on the flattened seed', () => {
  it('should read every number of the engine summary with offsets', () => {
    const { text } = findLine('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '- Summary: `vLLM`');
    const s = parseSummarySentence(text)!;
    expect(s.kind).toBe('latency');
    expect(s.values.map((x) => [x.name, x.metric, x.value.value])).toEqual([
      ['vLLM', 'Mean Latency', 5.32],
      ['SGLang', 'Mean Latency', 25.15],
    ]);
    expect(s.winner).toMatchObject({ name: 'vLLM', direction: 'faster' });
    expect(at(text, s.winner!.difference)).toBe('19.83');
    expect(s.winner!.relative).toMatchObject({ role: 'ratio', value: 4.73, claim: '4.73x faster', direction: 'faster' });
    expect(s.comparisons.map((c) => [c.metric, c.a.value, c.b.value, c.change, c.difference.value, c.relative.value])).toEqual([
      ['TTFT', 68.48, 6456.42, 'reduced', 6387.94, 94.29],
      ['TPOT', 2.35, 89.37, 'reduced', 87.02, 38.1],
    ]);
    expect(at(text, s.comparisons[1].relative)).toBe('38.10x faster');
  });
  it('should read `increased by 0.23 ms (1.15x slower)`', () => {
    const { text } = findLine('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '- Summary: `Size 512`');
    const c = parseSummarySentence(text)!.comparisons[1];
    expect(c).toMatchObject({ metric: 'TPOT', change: 'increased' });
    expect(c.relative).toMatchObject({ value: 1.15, direction: 'slower' });
  });
});

describe.runIf(hasCorpus)('parseSummarySentence (P6) on the corpus', () => {
  it('should read `faster by 4,636.35 tok/s (92.8%)` and the TPOT `(85.67%)`', () => {
    const { text } = findLine('corpus:qwen3.5-35b-a3b/h200.md', '- Summary: `vLLM` Total TPS');
    const s = parseSummarySentence(text)!;
    expect(s.kind).toBe('throughput');
    expect(s.values.map((x) => x.value.value)).toEqual([9632.01, 4995.66]);
    expect(s.winner!.difference).toMatchObject({ value: 4636.35, text: '4,636.35', decimals: 2, unit: 'tok/s' });
    expect(at(text, s.winner!.difference)).toBe('4,636.35');
    expect(s.winner!.relative).toMatchObject({ role: 'percent', value: 92.8, claim: '92.8%' });
    expect(s.comparisons[0]).toMatchObject({ metric: 'Mean TPOT', change: 'reduced' });
    expect(s.comparisons[0].relative).toMatchObject({ value: 85.67, decimals: 2 });
  });
  it('should read a `(q% slower)` TPOT percentage', () => {
    const s = parseSummarySentence(
      '- Summary: `A` Total TPS = 100.00, `B` Total TPS = 99.00. `A` is faster by 1.00 tok/s (1.01%); Mean TPOT = 10.10 ms vs 9.67 ms, increased by 0.43 ms (4.43% slower).',
    )!;
    expect(s.comparisons[0].relative).toMatchObject({ role: 'percent', value: 4.43, direction: 'slower', claim: '4.43% slower' });
  });
});

describe.runIf(hasCorpus)('parseEssayClaims (P8)', () => {
  it('should read `**Dynamic FP8**: +14.8% TPS, -14.1% TTFT, -21.8% TPOT`', () => {
    const { text } = findLine('corpus:references/the-impact-of-quantization-on-vllm-inference-performance.md', '**Dynamic FP8**');
    const claims = parseEssayClaims(text);
    expect(claims.map((c) => [c.label, c.value.value, c.metric])).toEqual([
      ['Dynamic FP8', 14.8, 'TPS'],
      ['Dynamic FP8', -14.1, 'TTFT'],
      ['Dynamic FP8', -21.8, 'TPOT'],
    ]);
    expect(at(text, claims[1].value)).toBe('-14.1%');
  });
  it('should read `up to +46% improvement`', () => {
    const { text } = findLine('corpus:references/the-impact-of-quantization-on-vllm-inference-performance.md', 'up to +46%');
    expect(parseEssayClaims(text)).toEqual([
      expect.objectContaining({ qualifier: 'up-to', metric: 'improvement', value: expect.objectContaining({ value: 46, decimals: 0 }) }),
    ]);
  });
});

describe('parseEssayClaims ranges', () => {
  it('should read `-3% to -15% performance degradation` as a range', () => {
    const claims = parseEssayClaims('Weight-only methods show -3% to -15% performance degradation.');
    expect(claims.map((c) => [c.value.value, c.qualifier, c.metric])).toEqual([
      [-3, 'range-from', 'performance'],
      [-15, 'range-to', 'performance'],
    ]);
  });
});
