import { describe, expect, it } from 'vitest';
import { parseCell, pick } from '../../src/lib/claims/cells.js';
import { findLine, hasCorpus, rowCells } from './helpers.js';

/** The parsed items of cell `index` of the table row containing `needle`, checked against the line. */
function cellOf(path: string, needle: string, index: number) {
  const { text } = findLine(path, needle);
  const cell = rowCells(text)[index];
  const parsed = parseCell(cell.text);
  // Offsets index the raw cell text: the number must sit there in the line itself.
  for (const s of parsed.items) expect(text.slice(cell.column + s.offset).startsWith(s.text)).toBe(true);
  return { parsed, column: cell.column, line: text };
}

describe('parseCell on seed conclusion tables', () => {
  it('should read the baseline cell `Total TPS: 6595.66<br>Mean TPOT(ms): 226.03`', () => {
    const { parsed } = cellOf('test/fixtures/seed-pages/qwen3-14b/h100.md', '| **ShareGPT** |', 1);
    expect(parsed.items.map((s) => [s.role, s.text, s.decimals])).toEqual([
      ['total-tps', '6595.66', 2],
      ['mean-tpot', '226.03', 2],
    ]);
  });
  it('should read the optimized cell with its highlighted (+58.1%) and hint', () => {
    const { parsed, line, column } = cellOf('test/fixtures/seed-pages/qwen3-14b/h100.md', '| **ShareGPT** |', 2);
    const pct = pick(parsed, 'percent');
    expect(pct).toMatchObject({ claim: '+58.1%', value: 58.1, decimals: 1, hint: 'positive' });
    expect(line.indexOf('+58.1%')).toBe(column + pct!.offset);
    expect(line.slice(column + pct!.offset, column + pct!.end)).toBe('+58.1%');
    expect(pick(parsed, 'mean-tpot')?.value).toBe(251.67);
  });
  it('should read latency cells `Mean latency: 0.62s/req (2.7x faster)`', () => {
    const { parsed } = cellOf('test/fixtures/seed-pages/qwen3-8b/h100-latency.md', '| **ShareGPT BS=1** |', 2);
    expect(pick(parsed, 'mean-latency')).toMatchObject({ value: 0.62, unit: 's' });
    expect(pick(parsed, 'ratio')).toMatchObject({ claim: '2.7x faster', value: 2.7, direction: 'faster', hint: 'positive' });
  });
  it('should read plain `(1.23x faster)` in the flattened seed without spans', () => {
    const { parsed } = cellOf('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '| **Rate 1** |', 2);
    expect(pick(parsed, 'ratio')).toMatchObject({ value: 1.23, decimals: 2 });
    expect(pick(parsed, 'ratio')?.hint).toBeUndefined();
  });
  it('should read a V1 summary value `+4.3%` inside a span', () => {
    const { parsed } = cellOf('test/fixtures/seed-pages/qwen3-8b/h100-latency.md', '| Engine Selection ', 1);
    expect(parsed.items).toHaveLength(1);
    expect(parsed.items[0]).toMatchObject({ role: 'percent', claim: '+4.3%', value: 4.3 });
  });
  it('should mark a `-` summary cell as not adopted', () => {
    const { parsed } = cellOf('test/fixtures/seed-pages/qwen3-8b/h100-latency.md', '| Attention Backend ', 1);
    expect(parsed).toMatchObject({ notAdopted: true, items: [] });
  });
  it('should read V2 bare latency cells `3.53s` and the comparison `(1.51x faster)`', () => {
    const a = cellOf('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '| Quantization | 3.53s', 2).parsed;
    expect(a.items[0]).toMatchObject({ role: 'mean-latency', value: 3.53, claim: '3.53' });
    const c = cellOf('test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md', '| Quantization | 3.53s', 4).parsed;
    expect(pick(c, 'ratio')?.value).toBe(1.51);
  });
});

describe.runIf(hasCorpus)('parseCell on corpus tables', () => {
  it('should read a scaled cell `21211.83x2 (+189.2%)` with its multiplier', () => {
    const { parsed } = cellOf('corpus:qwen3-235b-a22b/h100.md', '| **Short Prompt** |', 2);
    expect(pick(parsed, 'total-tps')).toMatchObject({ value: 21211.83, multiplier: 2, claim: '21211.83x2' });
    expect(pick(parsed, 'percent')?.value).toBe(189.2);
  });
  it('should read a per-GPU change `(-7.6%/GPU)` with a negative hint', () => {
    const { parsed } = cellOf('corpus:gpt-oss-120b/h100.md', '| **Short Prompt** |', 2);
    expect(pick(parsed, 'percent')).toMatchObject({ value: -7.6, perGpu: true, claim: '-7.6%/GPU', hint: 'negative' });
  });
  it('should read a negative zero `(-0.0%)`', () => {
    const { parsed } = cellOf('corpus:gpt-oss-20b/h100.md', '| **Very Long Prompt** |', 2);
    const pct = pick(parsed, 'percent');
    expect(Object.is(pct?.value, -0)).toBe(true);
    expect(pct?.claim).toBe('-0.0%');
  });
  it('should read a double space before the span (`28621.61  <span`)', () => {
    const { parsed } = cellOf('corpus:glm-4.5-air/h100.md', '| **Short Prompt** |', 2);
    expect(parsed.items.map((s) => s.value)).toEqual([28621.61, 305.0, 327.73]);
  });
  it('should read `(Success rate: 51.6%, optimization skipped)`', () => {
    const { parsed } = cellOf('corpus:qwen3.5-35b-a3b/h200.md', '| Speculative Decoding && Quantization', 1);
    expect(pick(parsed, 'success-rate')).toMatchObject({ value: 51.6, claim: '51.6%' });
    expect(pick(parsed, 'percent')).toBeNull();
    expect(parsed).toMatchObject({ skipped: 'skipped', hint: 'negative' });
  });
  it('should read `(+7.60%,lower than previous +9.75%, ... skipped in final command)`', () => {
    const { parsed } = cellOf('corpus:qwen3.5-35b-a3b/h200.md', '| KV Cache Dtype', 1);
    expect(pick(parsed, 'percent')).toMatchObject({ value: 7.6, decimals: 2, claim: '+7.60%' });
    expect(pick(parsed, 'previous-percent')).toMatchObject({ value: 9.75, claim: '+9.75%' });
    expect(parsed).toMatchObject({ skipped: 'skipped-in-final-command', hint: 'neutral' });
  });
  it('should read V3 cells with two-decimal percentages `(+18.34%)`-style', () => {
    const { parsed } = cellOf('corpus:qwen3.5-35b-a3b/h200.md', '| Quantization   ', 1);
    expect(pick(parsed, 'percent')).toMatchObject({ value: 3.23, decimals: 2 });
    expect(pick(parsed, 'total-tps')?.value).toBe(9942.93);
  });
});

describe('parseCell on unusual input', () => {
  it('should decode `&nbsp;` and keep raw offsets after it', () => {
    const raw = 'Total&nbsp;TPS: 12.50';
    const s = pick(parseCell(raw), 'total-tps')!;
    expect(raw.slice(s.offset, s.end)).toBe('12.50');
  });
  it('should return no items for text without numbers', () => {
    expect(parseCell('N/A').items).toEqual([]);
  });
});
