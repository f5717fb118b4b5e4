// The explorer's axes: round ticks that cover the data, a log latency axis only when values span more than 20x.
import { describe, expect, it } from 'vitest';
import { MAX_TICKS, latencyScale, linearScale, logScale, niceStep, tickLabel } from '../../src/lib/site/compare/scale.js';

describe('explorer scales', () => {
  it('should step in 1, 2 or 5 times a power of ten', () => {
    for (const [lo, hi] of [
      [0, 7],
      [0, 93],
      [0, 12_257.62],
      [0, 0.3],
      [5, 5.6],
    ]) {
      const step = niceStep(lo, hi);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect(
        [1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-9),
        `${lo}..${hi}: ${step}`,
      ).toBe(true);
    }
  });

  it('should cover the values from zero with round ticks, mapping the ends to 0 and 1', () => {
    const s = linearScale([1020.76, 12257.62, 5796.73]);
    expect(s.domain[0]).toBe(0);
    expect(s.domain[1]).toBeGreaterThanOrEqual(12257.62);
    expect(s.ticks[0]).toBe(0);
    expect(s.ticks.at(-1)).toBe(s.domain[1]);
    expect(s.at(0)).toBe(0);
    expect(s.at(s.domain[1])).toBe(1);
    const steps = s.ticks.slice(1).map((t, i) => t - s.ticks[i]);
    expect(new Set(steps).size).toBe(1);
  });

  it('should use a log axis over whole decades when latencies span more than 20x', () => {
    const log = latencyScale([0.94, 7.38, 226.03, 6661.16]);
    expect(log.log).toBe(true);
    expect(log.domain).toEqual([0.1, 10_000]);
    expect(log.ticks).toContain(1);
    expect(log.ticks).toContain(1000);
    expect(log.at(0.1)).toBe(0);
    expect(log.at(10_000)).toBeCloseTo(1, 12);
    expect(log.at(100)).toBeCloseTo(0.6, 12);
    expect(latencyScale([57.86, 88.09, 226.03]).log).toBe(false);
    expect(logScale([3, 40]).ticks).toEqual([1, 2, 5, 10, 20, 50, 100]);
  });

  it('should label ticks briefly', () => {
    expect(tickLabel(20_000)).toBe('20k');
    expect(tickLabel(5000)).toBe('5,000');
    expect(tickLabel(0.5)).toBe('0.5');
  });
});

describe('explorer scales on any domain (a crafted link froze the tab: the tick loop never ended)', () => {
  const finite = (s: ReturnType<typeof latencyScale>) =>
    s.ticks.length <= 3 * (MAX_TICKS + 1) &&
    s.ticks.every(Number.isFinite) &&
    s.domain.every(Number.isFinite) &&
    Number.isFinite(s.at(s.domain[1]));
  it.each([
    [[5e-324, 88]],
    [[1e-323, 1.2]],
    [[88, 1.5e308]],
    [[Number.MAX_VALUE]],
    [[Number.MIN_VALUE]],
    [[0, -1, NaN, Infinity, -Infinity]],
    [[1e-300, 1e300]],
  ])('should give few finite ticks for %j', (values) => {
    const started = performance.now();
    for (const scale of [latencyScale(values), logScale(values), linearScale(values)]) expect(finite(scale)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000); // a guard against a hang, not a speed figure
  });
});
