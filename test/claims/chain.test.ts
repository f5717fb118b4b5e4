import { describe, expect, it } from 'vitest';
import { checkChain, checkChainProduct } from '../../src/lib/claims/chain.js';
import { parseNumber } from '../../src/lib/claims/number.js';
import type { Operand } from '../../src/lib/claims/operand.js';

const op = (t: string): Operand => parseNumber(t)!;

describe('checkChain (V1 summary)', () => {
  // qwen3-14b/h100: vLLM 6595.66; engines SGLang 8424.86, TensorRT-LLM 8315.15 (ranking); FP8 10426.27.
  const rows = [
    { label: 'Engine Selection', stated: op('+27.7'), candidates: [op('8424.86'), op('8315.15')] },
    { label: 'Quantization', stated: op('+23.8'), candidates: [op('10426.27')] },
    { label: 'Attention Backend', stated: null, candidates: [op('10434.44')] },
  ];

  it('should verify the first adopted row against the original baseline', () => {
    const [engine] = checkChain(op('6595.66'), rows);
    expect(engine.match).toMatchObject({ reference: 'previous', candidate: 0 });
    expect(engine.match?.result.formula).toBe('(8424.86 / 6595.66 - 1) x 100');
  });
  it('should verify a later row against the previous adopted step', () => {
    const steps = checkChain(op('6595.66'), rows);
    expect(steps[1].match?.result.formula).toBe('(10426.27 / 8424.86 - 1) x 100');
  });
  it('should not move the reference on a `-` row', () => {
    const steps = checkChain(op('6595.66'), rows);
    expect(steps[2]).toMatchObject({ adopted: false, match: null });
    expect(steps[2].next.value).toBe(10426.27);
  });
  it('should report a row no candidate reproduces and carry the closest guess', () => {
    const steps = checkChain(op('6595.66'), [
      { label: 'Engine Selection', stated: op('+27.7'), candidates: [op('8403.97'), op('8315.15')] },
    ]);
    expect(steps[0].match).toBeNull();
    expect(steps[0].attempts).toHaveLength(2);
    expect(steps[0].next.value).toBe(8403.97);
  });
  it('should fall back to the original baseline when a row is relative to it', () => {
    const steps = checkChain(op('100.00'), [
      { label: 'A', stated: op('+10.0'), candidates: [op('110.00')] },
      { label: 'B', stated: op('+30.0'), candidates: [op('130.00')] },
    ]);
    expect(steps[1].match).toMatchObject({ reference: 'baseline' });
  });
  it('should use the first adopted row against the baseline after leading `-` rows', () => {
    const steps = checkChain(op('100.00'), [
      { label: 'Engine Selection', stated: null, candidates: [] },
      { label: 'Parallelism', stated: op('+78.7'), candidates: [op('178.70')] },
    ]);
    expect(steps[1].match?.result.verdict).toBe('verified');
  });
  it('should chain latency rows as baseline / optimized (1.68 -> 1.61 -> 1.28 -> 0.77)', () => {
    const steps = checkChain(
      op('1.68'),
      [
        { label: 'Engine Selection', stated: op('+4.3'), candidates: [op('1.61'), op('1.74')] },
        { label: 'Quantization', stated: op('+25.8'), candidates: [op('1.28')] },
        { label: 'Speculative Decoding', stated: op('+66.2'), candidates: [op('0.77')] },
      ],
      { better: 'lower' },
    );
    expect(steps.map((s) => s.match?.result.verdict)).toEqual(['verified', 'verified', 'verified']);
  });
});

describe('checkChainProduct', () => {
  it('should verify +27.7% and +23.8% against the Conclusion +58.1%', () => {
    const r = checkChainProduct([op('27.7'), op('23.8')], { ...op('58.1'), unit: '%' });
    expect(r).toMatchObject({ verdict: 'verified', formula: '((1 + 27.7 / 100) x (1 + 23.8 / 100) - 1) x 100' });
  });
  it('should verify the latency steps against the BS=4 ratio (2.2x faster)', () => {
    const r = checkChainProduct([op('4.3'), op('25.8'), op('66.2')], { ...op('2.2'), unit: 'x' });
    expect(r.verdict).toBe('verified');
  });
  it('should verify +3.8% and +26.8% against the per-GPU +31.6%', () => {
    expect(checkChainProduct([op('3.8'), op('26.8')], { ...op('31.6'), unit: '%' }).verdict).toBe('verified');
  });
  it('should verify qwen3-32b/h100: +13.0%, +50.6%, +7.0% against +82.1%', () => {
    expect(checkChainProduct([op('13.0'), op('50.6'), op('7.0')], { ...op('82.1'), unit: '%' }).verdict).toBe('verified');
  });
  it('should reject a product that leaves out an adopted step', () => {
    const r = checkChainProduct([op('13.0'), op('50.6')], { ...op('82.1'), unit: '%' });
    expect(r).toMatchObject({ verdict: 'mismatch', recomputed: 70.2 });
  });
});
