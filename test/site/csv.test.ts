// runs.csv cells: RFC 4180 quoting, and no cell a spreadsheet would run as a formula.
import { describe, expect, it } from 'vitest';
import { cell } from '../../src/lib/site/csv.js';

describe('runs.csv cells', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+cmd|/c calc', "'+cmd|/c calc"],
    ['-2+3+cmd|/c calc', "'-2+3+cmd|/c calc"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', `"'\t'=1+1"`],
    ['\r=1+1', `"'\r'=1+1"`],
    // A spreadsheet that splits on `;` (or `,`, tab, a line break) would run the part after it.
    ["BS=4;=cmd|' /C calc'!A0", `"BS=4;'=cmd|' /C calc'!A0"`],
    ['a,=1+1', `"a,'=1+1"`],
    ['a; @SUM(A1)', `"a; '@SUM(A1)"`],
    ['a\t+1+cmd', `"a\t'+1+cmd"`],
    ['a\n-2+3', `"a\n'-2+3"`],
  ])('should defuse a formula-like label %j', (input, expected) => {
    expect(cell(input)).toBe(expected);
  });

  it('should leave numbers, plain text and empty cells alone', () => {
    expect(cell('-0.5')).toBe('-0.5');
    expect(cell('+3')).toBe('+3');
    expect(cell('1e-3')).toBe('1e-3');
    expect(cell(-12)).toBe('-12');
    expect(cell('BS=4')).toBe('BS=4');
    expect(cell('a, b')).toBe('"a, b"');
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('TP=2;PP=1')).toBe('"TP=2;PP=1"');
    expect(cell('x;-0.5')).toBe('"x;-0.5"');
    expect(cell(null)).toBe('');
  });
});
