import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkChainProduct } from '../../src/lib/claims/kinds/chain-table.js';
import { parseNumber } from '../../src/lib/numbers/number.js';
import { analyze } from '../../src/lib/pipeline.js';
import { verifyClaims } from '../../src/lib/claims/verify-claims.js';

const op = (t: string) => parseNumber(t)!;

describe('checkChainProduct', () => {
  it('should verify +27.7% and +23.8% against the Conclusion +58.1%', () => {
    const r = checkChainProduct([op('27.7'), op('23.8')], { ...op('58.1'), unit: '%' });
    expect(r).toMatchObject({ verdict: 'verified', formula: '((1 + 27.7 / 100) x (1 + 23.8 / 100) - 1) x 100' });
  });
  it('should verify the latency steps against the BS=4 ratio (2.2x faster)', () => {
    expect(checkChainProduct([op('4.3'), op('25.8'), op('66.2')], { ...op('2.2'), unit: 'x' }).verdict).toBe('verified');
  });
  it('should verify qwen3-32b/h100: +13.0%, +50.6%, +7.0% against +82.1%', () => {
    expect(checkChainProduct([op('13.0'), op('50.6'), op('7.0')], { ...op('82.1'), unit: '%' }).verdict).toBe('verified');
  });
  it('should reject a product that leaves out an adopted step', () => {
    expect(checkChainProduct([op('13.0'), op('50.6')], { ...op('82.1'), unit: '%' })).toMatchObject({
      verdict: 'mismatch',
      recomputed: 70.2,
    });
  });
});

const summary = (rows: string[]) => `# Optimizing Demo-8B Throughput on H100

## Experiment Results

### Summary of Optimization Options

| Optimization Option | Throughput Improvement |
|---|---|
${rows.join('\n')}
`;

function chainClaims(text: string) {
  const [page] = verifyClaims([analyze(text, 'demo/h100.md')]);
  return page.claims.map((c) => ({ text: c.text, verdict: c.verdict, formula: c.formula }));
}

describe('the chain-table kind (2-column summary of options)', () => {
  it('should check a total row against the product of the steps above it when no run settles it (consistent: no run prints the steps)', () => {
    const claims = chainClaims(
      summary(['| Engine Selection | +27.7% |', '| Quantization | +23.8% |', '| Attention Backend | - |', '| Total | +58.1% |']),
    );
    expect(claims.at(-1)).toEqual({
      text: '+58.1%',
      verdict: 'consistent',
      formula: '((1 + 27.7 / 100) x (1 + 23.8 / 100) - 1) x 100',
    });
  });
  it('should report a total the steps do not multiply to, with the product it should be', () => {
    const claims = chainClaims(summary(['| Engine Selection | +27.7% |', '| Quantization | +23.8% |', '| Overall | +51.5% |']));
    expect(claims.at(-1)).toMatchObject({ text: '+51.5%', verdict: 'mismatch' });
  });
  it('should leave the steps without runs untraceable', () => {
    const claims = chainClaims(summary(['| Engine Selection | +27.7% |']));
    expect(claims).toEqual([{ text: '+27.7%', verdict: 'untraceable', formula: null }]);
  });
  it('should trace each step of a real page to its runs (previous adopted step as the reference)', () => {
    const text = readFileSync('test/fixtures/seed-pages/qwen3-14b/h100.md', 'utf8');
    const [page] = verifyClaims([analyze(text, 'qwen3-14b/h100.md')]);
    const steps = page.claims.filter((c) => c.line === 305 || c.line === 306);
    // The page's own acknowledgements say so: the runs give +27.4% and +24.1%.
    expect(steps.map((c) => [c.text, c.verdict, c.recomputed])).toEqual([
      ['+27.7%', 'mismatch', 27.4],
      ['+23.8%', 'mismatch', 24.1],
    ]);
    expect(steps[1].formula).toMatch(/^\(10426\.27 \/ 8403\.97 - 1\) x 100$/);
  });
});
