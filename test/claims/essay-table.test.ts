import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkEssayTable, parseEssayTable } from '../../src/lib/claims/essay-table.js';
import { hasCorpus, pageLines, rowCells } from './helpers.js';

const quantization = 'corpus:references/the-impact-of-quantization-on-vllm-inference-performance.md';

/** Pipe tables of a page: header cells and raw row cells. */
function tables(lines: string[]): Array<{ header: string[]; rows: string[][]; line: number }> {
  const out: Array<{ header: string[]; rows: string[][]; line: number }> = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].startsWith('|') || !/^\|[\s:|-]+\|?\s*$/.test(lines[i + 1])) continue;
    const header = rowCells(lines[i]).map((c) => c.text);
    const rows: string[][] = [];
    let j = i + 2;
    for (; j < lines.length && lines[j].startsWith('|'); j++) rows.push(rowCells(lines[j]).map((c) => c.text));
    out.push({ header, rows, line: i + 1 });
    i = j;
  }
  return out;
}

describe.runIf(hasCorpus)('essay tables with annotated cells (references)', () => {
  const all = hasCorpus ? tables(pageLines(quantization)) : [];
  const find = (needle: string) => all.find((t) => t.rows.some((r) => r[0].includes(needle)))!;

  it('should read `5653.4 (+46.1%)` as a value and its change with offsets in the cell', () => {
    const t = find('AWQ Marlin');
    const parsed = parseEssayTable(t.header, t.rows);
    const awq = parsed.annotated.find((a) => a.value.value === 5653.4)!;
    expect(awq.change).toMatchObject({ value: 46.1, claim: '+46.1%' });
    const cell = t.rows[awq.row][awq.column];
    expect(cell.slice(awq.change.offset, awq.change.end)).toBe('+46.1%');
  });
  it('should verify the RTX 4090 gains against the unannotated BF16 row', () => {
    const t = find('AWQ Marlin');
    const checks = checkEssayTable(parseEssayTable(t.header, t.rows));
    expect(checks.map((c) => [c.stated.text, c.result.verdict, c.baselineRow])).toEqual([
      ['+46.1', 'verified', 0],
      ['+43.1', 'verified', 0],
      ['+27.1', 'verified', 0],
      ['+29.9', 'verified', 0],
    ]);
  });
  it('should pick BF16 as baseline when it is not the first row (H100: TPS, TTFT, TPOT columns)', () => {
    const t = find('FP8 Static');
    const checks = checkEssayTable(parseEssayTable(t.header, t.rows));
    expect(checks).toHaveLength(6);
    expect(checks.every((c) => t.rows[c.baselineRow!][0].includes('BF16'))).toBe(true);
    expect(checks[1].result.formula).toBe('(4116.87 / 5172.78 - 1) x 100');
    expect(checks.filter((c) => c.result.verdict === 'verified')).toHaveLength(5);
  });
  it('should report the FP8 Static `(+26.7%)`, which the table values put at +23.7%', () => {
    const t = find('FP8 Static');
    const [first] = checkEssayTable(parseEssayTable(t.header, t.rows));
    expect(first.result).toMatchObject({
      verdict: 'mismatch',
      recomputed: 23.7,
      formula: '(16452.52 / 13305.38 - 1) x 100',
    });
  });
  it('should verify the KV-cache row against the `BF16 (Baseline)` row', () => {
    const t = find('KV Cache FP8');
    const [check] = checkEssayTable(parseEssayTable(t.header, t.rows));
    expect(check).toMatchObject({ baselineRow: 0, result: expect.objectContaining({ verdict: 'verified' }) });
  });
});

describe('essay tables with change columns (fixture)', () => {
  const lines = readFileSync(new URL('../fixtures/claims/essay-change-tables.md', import.meta.url), 'utf8').split('\n');
  const [change, gain, boost] = tables(lines);

  it('should check a signed `Change` column as (with / without - 1) x 100', () => {
    const checks = checkEssayTable(parseEssayTable(change.header, change.rows));
    expect(checks.map((c) => [c.stated.claim, c.result.verdict])).toEqual([
      ['-50.0%', 'verified'],
      ['+25.0%', 'verified'],
      ['-4.0%', 'mismatch'],
    ]);
    expect(checks[2].result.recomputed).toBe(-5);
  });
  it('should accept a `Performance Gain` on times as (miss / hit - 1) x 100', () => {
    const [check] = checkEssayTable(parseEssayTable(gain.header, gain.rows));
    expect(check.result).toMatchObject({ verdict: 'verified', formula: '(2.00 / 1.60 - 1) x 100' });
  });
  it('should check a `Performance Boost` ratio as larger / smaller', () => {
    const parsed = parseEssayTable(boost.header, boost.rows);
    expect(parsed.changes[0]).toMatchObject({ kind: 'boost', stated: expect.objectContaining({ claim: '2.50x' }) });
    expect(checkEssayTable(parsed)[0].result).toMatchObject({ verdict: 'verified', formula: '3.00 / 1.20' });
  });
});
