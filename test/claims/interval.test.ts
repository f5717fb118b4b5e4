import { describe, expect, it } from 'vitest';
import { abs, add, displayed, div, divPositive, mul, point, roundsTo, scale, sub } from '../../src/lib/numbers/interval.js';

describe('interval arithmetic', () => {
  it('should widen a displayed value by half a unit of its last digit', () => {
    const i = displayed(5.32, 2);
    expect(i.lo).toBeCloseTo(5.315, 12);
    expect(i.hi).toBeCloseTo(5.325, 12);
  });
  it('should add and subtract bounds crosswise', () => {
    expect(add(point(1), { lo: 2, hi: 3 })).toEqual({ lo: 3, hi: 4 });
    expect(sub({ lo: 5, hi: 6 }, { lo: 1, hi: 2 })).toEqual({ lo: 3, hi: 5 });
  });
  it('should multiply signed intervals by their corner products', () => {
    expect(mul({ lo: -1, hi: 2 }, { lo: 3, hi: 4 })).toEqual({ lo: -4, hi: 8 });
  });
  it('should give the whole line when dividing by an interval holding zero', () => {
    expect(div(point(1), { lo: -1, hi: 1 })).toEqual({ lo: -Infinity, hi: Infinity });
  });
  it('should divide positive intervals (5.32/3.28 -> [1.6180, 1.6260])', () => {
    const r = divPositive(displayed(5.32, 2), displayed(3.28, 2));
    expect(r.lo).toBeCloseTo(1.618, 3);
    expect(r.hi).toBeCloseTo(1.626, 3);
  });
  it('should scale by a negative constant by swapping bounds', () => {
    expect(scale({ lo: 1, hi: 2 }, -2)).toEqual({ lo: -4, hi: -2 });
  });
  it('should fold an interval straddling zero for |x|', () => {
    expect(abs({ lo: -3, hi: 1 })).toEqual({ lo: 0, hi: 3 });
  });
});

describe('roundsTo', () => {
  it('should accept 1.63 for the ratio interval of 5.32/3.28, which holds 1.625', () => {
    expect(roundsTo(divPositive(displayed(5.32, 2), displayed(3.28, 2)), 1.63, 2)).toBe(true);
  });
  it('should reject a value no point of the interval rounds to', () => {
    expect(roundsTo(divPositive(displayed(5.32, 2), displayed(3.28, 2)), 1.64, 2)).toBe(false);
  });
  it('should accept a stated negative zero only from an interval reaching below zero', () => {
    expect(roundsTo({ lo: -0.06, hi: -0.02 }, -0, 1)).toBe(true);
    expect(roundsTo({ lo: 0.01, hi: 0.02 }, -0, 1)).toBe(false);
  });
});
