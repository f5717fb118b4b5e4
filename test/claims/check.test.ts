import { describe, expect, it } from 'vitest';
import {
  checkDifference,
  checkOrder,
  checkPercentChange,
  checkRatio,
  checkRelativePercent,
  checkValue,
} from '../../src/lib/claims/check.js';
import { parseNumber } from '../../src/lib/numbers/number.js';
import type { Operand } from '../../src/lib/claims/operand.js';
import type { Metric } from '../../src/lib/schemas/run.js';

/** A displayed operand from its printed text. */
function op(text: string): Operand {
  const n = parseNumber(text);
  if (!n) throw new Error(`not a number: ${text}`);
  return n;
}
const stated = op;

function metric(text: string, label = 'Total Token throughput (tok/s)'): Metric {
  const n = parseNumber(text);
  return {
    name: 'total_token_throughput',
    label,
    value: n ? n.value : null,
    text,
    unit: 'tok/s',
    decimals: n ? n.decimals : 0,
    line: 1,
    column: 1,
  };
}

describe('checkValue', () => {
  it('should verify a value printed exactly like the metric', () => {
    const r = checkValue(stated('6595.66'), metric('6595.66'));
    expect(r.verdict).toBe('verified');
    expect(r.formula).toBe('Total Token throughput (tok/s) = 6595.66');
  });
  it('should verify a value printed with fewer decimals when it is the rounded metric', () => {
    expect(checkValue(stated('5634.4'), metric('5634.38')).verdict).toBe('verified');
  });
  it('should reject a value off by one unit of its last digit', () => {
    const r = checkValue(stated('6595.67'), metric('6595.66'));
    expect(r.verdict).toBe('mismatch');
    expect(r.recomputed).toBe(6595.66);
  });
  it('should reject a value that claims digits the metric does not have', () => {
    expect(checkValue(stated('3922.413'), metric('3922.41')).verdict).toBe('mismatch');
    expect(checkValue(stated('3922.410'), metric('3922.41')).verdict).toBe('verified');
  });
  it('should report a mismatch, not throw, for a metric printed as N/A', () => {
    expect(checkValue(stated('1.00'), metric('N/A')).verdict).toBe('mismatch');
  });
});

describe('checkPercentChange (R2, R4)', () => {
  it('should verify (+58.1%) from 6595.66 -> 10426.27 with the formula and tolerance', () => {
    const r = checkPercentChange(stated('+58.1'), op('6595.66'), op('10426.27'));
    expect(r).toMatchObject({
      verdict: 'verified',
      recomputed: 58.1,
      formula: '(10426.27 / 6595.66 - 1) x 100',
      accepted: 'exact',
    });
    expect(r.tolerance).toBe('half-up to 1 decimal; displayed inputs, else inputs +/- 0.005 (interval)');
  });
  it('should reject (+10.7%) where the inputs give +46.8%', () => {
    const r = checkPercentChange(stated('+10.7'), op('2771.81'), op('4068.16'));
    expect(r.verdict).toBe('mismatch');
    expect(r.recomputed).toBe(46.8);
  });
  it('should multiply a scaled cell by its factor (`21211.83x2 (+189.2%)`)', () => {
    const r = checkPercentChange(stated('+189.2'), op('14668.27'), op('21211.83'), { multiplier: 2 });
    expect(r.verdict).toBe('verified');
    expect(r.formula).toBe('(21211.83 x 2 / 14668.27 - 1) x 100');
  });
  it('should divide a per-GPU cell by the GPU count (`(+31.6%/GPU)`)', () => {
    const r = checkPercentChange(stated('+31.6'), op('6095.37'), op('16042.19'), { perGpu: 2 });
    expect(r.verdict).toBe('verified');
    expect(r.formula).toBe('(16042.19 / 2 / 6095.37 - 1) x 100');
  });
  it('should verify P4 26.8% per GPU from 6325.41 -> 16042.19 on 2 GPUs', () => {
    expect(checkPercentChange(stated('26.8'), op('6325.41'), op('16042.19'), { perGpu: 2 }).verdict).toBe('verified');
  });
  it('should verify a negative zero (`(-0.0%)`) for a tiny decrease', () => {
    const r = checkPercentChange(stated('-0.0'), op('29730.30'), op('29718.21'));
    expect(r.verdict).toBe('verified');
    expect(Object.is(r.recomputed, -0)).toBe(true);
  });
  it('should reject a negative zero for a tiny increase', () => {
    expect(checkPercentChange(stated('-0.0'), op('29718.21'), op('29730.30')).verdict).toBe('mismatch');
  });
  it('should verify a negative change with two decimals (`(-52.90%)`)', () => {
    expect(checkPercentChange(stated('-52.90'), op('1000.00'), op('471.00')).verdict).toBe('verified');
  });
  it('should verify the latency-page summary +4.3% from rounded latencies 1.68 s -> 1.61 s (R4)', () => {
    const r = checkPercentChange(stated('+4.3'), op('1.68'), op('1.61'), { better: 'lower' });
    expect(r.verdict).toBe('verified');
    expect(r.formula).toBe('(1.68 / 1.61 - 1) x 100');
  });
  it('should reject +4.3% in exact mode from the raw latencies (4.86%)', () => {
    const r = checkPercentChange(stated('+4.3'), op('1.6847'), op('1.6066'), { better: 'lower', mode: 'exact' });
    expect(r.verdict).toBe('mismatch');
  });
});

describe('checkRatio (R3)', () => {
  it('should verify (2.7x faster) from 1.66 s / 0.62 s', () => {
    const r = checkRatio(stated('2.7'), op('1.66'), op('0.62'), 'faster');
    expect(r).toMatchObject({ verdict: 'verified', recomputed: 2.7, formula: '1.66 / 0.62' });
  });
  it('should accept (1.63x faster) for 5.32 / 3.28 = 1.622 by interval arithmetic', () => {
    const r = checkRatio(stated('1.63'), op('5.32'), op('3.28'), 'faster');
    expect(r).toMatchObject({ verdict: 'verified', recomputed: 1.62, accepted: 'interval' });
    expect(r.interval.lo).toBeCloseTo(1.618, 3);
    expect(r.interval.hi).toBeCloseTo(1.626, 3);
  });
  it('should reject (1.63x faster) for 5.32 / 3.28 in exact mode', () => {
    expect(checkRatio(stated('1.63'), op('5.32'), op('3.28'), 'faster', 'exact').verdict).toBe('mismatch');
  });
  it('should compute x slower as optimized / baseline (`(1.03x slower)`)', () => {
    const r = checkRatio(stated('1.03'), op('2.62'), op('2.69'), 'slower');
    expect(r).toMatchObject({ verdict: 'verified', formula: '2.69 / 2.62' });
  });
  it('should accept P7 (94.29x faster) and (38.10x faster) from raw values', () => {
    expect(checkRatio(stated('94.29'), op('6456.42'), op('68.48'), 'faster').verdict).toBe('verified');
    expect(checkRatio(stated('38.10'), op('89.37'), op('2.35'), 'faster').verdict).toBe('verified');
  });
  it('should reject a ratio outside the interval (`(1.70x faster)` for 5.32/3.28)', () => {
    expect(checkRatio(stated('1.70'), op('5.32'), op('3.28'), 'faster').verdict).toBe('mismatch');
  });
});

describe('checkDifference (P6/P7)', () => {
  it('should verify `faster by 4,636.35 tok/s` with a thousands comma', () => {
    const r = checkDifference(stated('4,636.35'), op('9632.01'), op('4995.66'));
    expect(r).toMatchObject({ verdict: 'verified', formula: '|9632.01 - 4995.66|' });
  });
  it('should accept a difference one unit off the displayed arithmetic, like glm `faster by 1005.62`', () => {
    // Illustrative inputs: the displayed values give 1005.63, as FORMATS.md reports for that sentence.
    const r = checkDifference(stated('1005.62'), op('6005.63'), op('5000.00'));
    expect(r).toMatchObject({ verdict: 'verified', recomputed: 1005.63, accepted: 'interval' });
  });
  it('should verify `faster by 19.83s` for 5.32 s vs 25.15 s regardless of order', () => {
    expect(checkDifference(stated('19.83'), op('5.32'), op('25.15')).verdict).toBe('verified');
  });
  it('should reject a difference two units off', () => {
    expect(checkDifference(stated('19.93'), op('5.32'), op('25.15')).verdict).toBe('mismatch');
  });
});

describe('checkRelativePercent (P6)', () => {
  it('should verify the throughput (92.8%) as (A - B) / B', () => {
    const r = checkRelativePercent(stated('92.8'), op('9632.01'), op('4995.66'));
    expect(r).toMatchObject({ verdict: 'verified', formula: '(9632.01 - 4995.66) / 4995.66 x 100' });
  });
  it('should verify the TPOT (85.67%) as |a - b| / b with b second-named', () => {
    const r = checkRelativePercent(stated('85.67'), op('25.89'), op('180.73'), { absolute: true });
    expect(r).toMatchObject({ verdict: 'verified', formula: '|25.89 - 180.73| / 180.73 x 100' });
  });
  it('should reject a percentage two units off', () => {
    expect(checkRelativePercent(stated('92.9'), op('9632.01'), op('4995.66')).verdict).toBe('mismatch');
  });
});

describe('checkOrder (P1/P2)', () => {
  it('should verify `>` between descending throughputs', () => {
    expect(checkOrder('>', op('8424.86'), op('8315.15')).verdict).toBe('verified');
  });
  it('should reject `>` between latencies 1.68 s and 1.74 s and report `<`', () => {
    const r = checkOrder('>', op('1.68'), op('1.74'));
    expect(r).toMatchObject({ verdict: 'mismatch', actual: '<', formula: '1.68 < 1.74' });
  });
  it('should verify `=` between two Not supported entries', () => {
    expect(checkOrder('=', null, null).verdict).toBe('verified');
  });
  it('should rank a Not supported entry last in a throughput ranking', () => {
    expect(checkOrder('>', op('7909.53'), null).verdict).toBe('verified');
  });
  it('should rank a Not supported entry last in a latency ranking', () => {
    expect(checkOrder('<', op('1.61'), null, { missing: 'highest' }).verdict).toBe('verified');
  });
});
