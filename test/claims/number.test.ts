import { describe, expect, it } from 'vitest';
import { formatFixed, halfUnit, parseNumber, roundHalfUp } from '../../src/lib/numbers/number.js';

describe('parseNumber', () => {
  it('should keep the printed precision of a two-decimal value', () => {
    expect(parseNumber('6595.66')).toEqual({ value: 6595.66, decimals: 2, text: '6595.66' });
  });
  it('should read a thousands comma (`4,636.35`)', () => {
    expect(parseNumber('4,636.35')).toEqual({ value: 4636.35, decimals: 2, text: '4,636.35' });
  });
  it('should keep the sign of a negative zero (`-0.0`)', () => {
    const n = parseNumber('-0.0');
    expect(Object.is(n?.value, -0)).toBe(true);
    expect(n?.decimals).toBe(1);
  });
  it('should read an explicit plus sign (`+58.1`)', () => {
    expect(parseNumber('+58.1')).toEqual({ value: 58.1, decimals: 1, text: '+58.1' });
  });
  it('should read an integer with zero decimals', () => {
    expect(parseNumber('100')).toEqual({ value: 100, decimals: 0, text: '100' });
  });
  it('should return null for text that is not one number', () => {
    expect(parseNumber('N/A')).toBeNull();
    expect(parseNumber('1,23.4')).toBeNull();
    expect(parseNumber('12.3.4')).toBeNull();
  });
});

describe('roundHalfUp', () => {
  it('should round an exact binary tie up (1.625 -> 1.63)', () => {
    expect(roundHalfUp(1.625, 2)).toBe(1.63);
  });
  it('should round a decimal tie up despite its binary expansion (2.675 -> 2.68)', () => {
    expect(roundHalfUp(2.675, 2)).toBe(2.68);
  });
  it('should round a computed tie up (1.005 -> 1.01, 0.285 -> 0.29)', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(0.285, 2)).toBe(0.29);
  });
  it('should round negative ties away from zero', () => {
    expect(roundHalfUp(-1.625, 2)).toBe(-1.63);
  });
  it('should keep a negative zero when a small decrease rounds to zero', () => {
    expect(Object.is(roundHalfUp(-0.0407, 1), -0)).toBe(true);
  });
  it('should round to an integer and handle very small and large values', () => {
    expect(roundHalfUp(2.5, 0)).toBe(3);
    expect(roundHalfUp(1.5e-7, 7)).toBe(2e-7);
    expect(roundHalfUp(20132659.204999, 2)).toBe(20132659.2);
  });
});

describe('formatFixed', () => {
  it('should print trailing zeros at the requested precision', () => {
    expect(formatFixed(9.7, 2)).toBe('9.70');
    expect(formatFixed(1.625, 2)).toBe('1.63');
  });
  it('should print a negative zero as `-0.0`', () => {
    expect(formatFixed(-0.0407, 1)).toBe('-0.0');
  });
  it('should print half a unit of the last digit', () => {
    expect(formatFixed(halfUnit(2), 3)).toBe('0.005');
  });
});
