import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './imports.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('no import cycles in src/', () => {
  const graph = importGraph(ROOT);

  it('should resolve the imports of src/ (type-only, re-exports and Astro components included)', () => {
    expect(graph.size).toBeGreaterThan(100);
    // A type-only import and a re-export are edges too.
    expect(graph.get(join('src', 'lib', 'pipeline.ts'))).toContain(join('src', 'lib', 'page.ts'));
    expect(graph.get(join('src', 'lib', 'markdown', 'index.ts'))).toContain(join('src', 'lib', 'markdown', 'parse.ts'));
    expect([...graph.keys()].some((f) => f.endsWith('.astro') && graph.get(f)!.length > 0)).toBe(true);
  });

  it('should find no cycle among the modules of src/', () => {
    const found = cycles(graph).map((loop) => loop.join(' -> '));
    expect(found, `import cycles:\n${found.join('\n')}`).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('should report each cycle once, as its shortest loop through its first module', () => {
    const graph = g({ a: ['b'], b: ['c', 'd'], c: ['a'], d: [], e: ['e'], f: ['g'], g: ['f', 'a'] });
    expect(cycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
      ['f', 'g', 'f'],
    ]);
  });

  it('should find none in a graph without a loop, however deep', () => {
    const chain = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`m${i}`, i + 1 < 20_000 ? [`m${i + 1}`] : []]));
    expect(cycles(g(chain))).toEqual([]);
    chain.m19999 = ['m0'];
    expect(cycles(g(chain))[0]).toHaveLength(20_001);
  });
});
