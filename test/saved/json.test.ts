// The saved-result JSON reader: every value with its line and column, non-finite numbers as Python writes them,
// per-request lists counted and not held, nesting bounded, a file cut short keeping what was read.
import { describe, expect, it } from 'vitest';
import { member, pointer, readJson, readJsonLines, MAX_JSON_DEPTH, type JsonNode } from '../../src/lib/saved/json.js';

const value = (n: JsonNode | null) => (n?.kind === 'value' ? n.value : undefined);

describe('readJson', () => {
  it('should give each value its 1-based line and column and its text as written', () => {
    const { root, problem } = readJson('{\n  "duration": 64.0,\n  "completed": 1000\n}');
    expect(problem).toBeNull();
    const d = member(root, 'duration');
    expect(d).toMatchObject({ kind: 'value', value: 64, text: '64.0', line: 2, column: 15 });
    expect(member(root, 'completed')).toMatchObject({ line: 3, column: 16, text: '1000' });
  });

  it('should read NaN, Infinity and -Infinity as Python writes them, offsets unmoved', () => {
    const { root, problem } = readJson('{"a": NaN, "b": Infinity, "c": -Infinity, "d": 2.5}');
    expect(problem).toBeNull();
    expect(Number.isNaN(value(member(root, 'a')))).toBe(true);
    expect(value(member(root, 'b'))).toBe(Infinity);
    expect(value(member(root, 'c'))).toBe(-Infinity);
    expect(member(root, 'c')).toMatchObject({ text: '-Infinity', column: 32 });
    expect(member(root, 'd')).toMatchObject({ value: 2.5, column: 48 });
  });

  it('should not take NaN written inside a string for a number', () => {
    const { root } = readJson('{"label": "NaN Infinity", "x": 1}');
    expect(value(member(root, 'label'))).toBe('NaN Infinity');
    expect(member(root, 'x')).toMatchObject({ column: 32 });
  });

  it('should count a list of plain values and hold a list of objects', () => {
    const ttfts = Array.from({ length: 5000 }, (_, i) => i / 1000);
    const { root } = readJson(JSON.stringify({ ttfts, runs: [{ a: 1 }, { a: 2 }] }));
    expect(member(root, 'ttfts')).toMatchObject({ kind: 'array', items: null, count: 5000 });
    const runs = member(root, 'runs');
    expect(runs?.kind === 'array' ? runs.items?.map((r) => value(member(r, 'a'))) : null).toEqual([1, 2]);
  });

  it("should count the objects of a counted member (per-request records) without holding them, and keep a list's first value", () => {
    const requests = { successful: Array.from({ length: 3000 }, (_, i) => ({ id: i, ttft: [1, 2, { x: 3 }] })), errored: [] };
    const text = JSON.stringify({ benchmarks: [{ metrics: { a: 1 }, requests }], model: ['m1', 'm2'] });
    const { root, problem } = readJson(text, 0, new Set(['requests']));
    expect(problem).toBeNull();
    const b = member(root, 'benchmarks');
    const first = b?.kind === 'array' ? b.items?.[0] : null;
    expect(value(member(member(first, 'metrics'), 'a'))).toBe(1);
    expect(member(first, 'requests')).toMatchObject({ kind: 'object', members: new Map() });
    // The reader goes on after the skipped member, at the right places.
    expect(member(root, 'model')).toMatchObject({ kind: 'array', items: null, count: 2, first: { value: 'm1' } });
    const counted = readJson(JSON.stringify({ requests: [{ a: 1 }, { a: 2 }, 3] }), 0, new Set(['requests']));
    expect(member(counted.root, 'requests')).toMatchObject({ kind: 'array', items: null, count: 3 });
    // A plain value of a counted name is a value.
    expect(value(member(readJson('{"requests": 40}', 0, new Set(['requests'])).root, 'requests'))).toBe(40);
  });

  it('should refuse nesting deeper than the limit before parsing it, at the place it goes too deep', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    const { root, problem } = readJson(deep);
    expect(root).toBeNull();
    expect(problem).toMatchObject({ line: 1, column: MAX_JSON_DEPTH + 1 });
    expect(problem?.detail).toContain('deeper');
    // Linear: a million levels is refused as fast, without a stack overflow.
    expect(readJson('['.repeat(1_000_000)).problem?.detail).toContain('deeper');
  });

  it('should keep what a file cut short held before the cut, and say where it stops', () => {
    const { root, problem } = readJson('{"completed": 1000, "duration": 64.0, "mean_ttft_ms": 12');
    expect(value(member(root, 'completed'))).toBe(1000);
    expect(value(member(root, 'duration'))).toBe(64);
    expect(problem).not.toBeNull();
    expect(problem?.line).toBe(1);
  });

  it('should read JSON Lines line by line with the file line of each', () => {
    const lines = readJsonLines('{"a": 1}\n\n{"a": 2}\n{"a": \n');
    expect(lines.map((l) => l.line)).toEqual([1, 3, 4]);
    expect(member(lines[1].root, 'a')).toMatchObject({ value: 2, line: 3, column: 7 });
    expect(lines[2].problem).not.toBeNull();
    // Offsets are the file's, not the line's.
    expect(member(lines[1].root, 'a')?.offset).toBe('{"a": 1}\n\n{"a": '.length);
  });

  it('should write JSON pointers as RFC 6901 does', () => {
    expect(pointer(['benchmarks', 0, 'a/b', 'm~n'])).toBe('/benchmarks/0/a~1b/m~0n');
    expect(pointer([])).toBe('');
  });
});
