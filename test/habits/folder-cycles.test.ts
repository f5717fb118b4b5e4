import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph, folderOf, importGraph } from './imports.js';

const ROOT = join(import.meta.dirname, '..', '..');

// Layers import only downward: a folder of src/lib (its first folder below src/lib, or a file directly in it)
// and the site's layers (src/pages, src/components, src/layouts, src/loader) form a graph without a loop.
describe('no folder-level import cycle in src/', () => {
  const graph = importGraph(ROOT);
  const folders = folderGraph(graph);

  it('should build the folder graph from the real imports', () => {
    expect(folders.get(join('lib', 'pipeline.ts'))?.has(join('lib', 'model'))).toBe(true);
    expect(folders.get('pages')?.size).toBeGreaterThan(3);
    expect(folders.has(join('lib', 'claims')) && folders.has(join('lib', 'rules')) && folders.has('loader')).toBe(true);
  });

  it('should find no cycle among the folders of src/', () => {
    const found = folderCycles(graph);
    const text = found.map(({ loop, imports }) => `${loop.join(' -> ')}\n    ${imports.join('\n    ')}`).join('\n');
    if (found.length > 0) console.log(`folder import cycles:\n${text}`);
    expect(
      found.map(({ loop }) => loop.join(' -> ')),
      `folder import cycles:\n${text}`,
    ).toEqual([]);
  });
});

describe('the folder of a module', () => {
  it('should be the first folder below src/lib, a file directly in src/lib, or the first folder of src/', () => {
    expect(folderOf(join('src', 'lib', 'claims', 'kinds', 'prose.ts'))).toBe(join('lib', 'claims'));
    expect(folderOf(join('src', 'lib', 'pipeline.ts'))).toBe(join('lib', 'pipeline.ts'));
    expect(folderOf(join('src', 'pages', 'reports', '[...slug].astro'))).toBe('pages');
    expect(folderOf(join('src', 'content.config.ts'))).toBe('content.config.ts');
  });

  it('should report a loop between two folders through the module imports that make it', () => {
    const graph = new Map(
      Object.entries({
        [join('src', 'lib', 'a', 'x.ts')]: [join('src', 'lib', 'b', 'y.ts')],
        [join('src', 'lib', 'b', 'y.ts')]: [],
        [join('src', 'lib', 'b', 'z.ts')]: [join('src', 'lib', 'a', 'w.ts')],
        [join('src', 'lib', 'a', 'w.ts')]: [],
      }),
    );
    // No module cycle, yet the folders a and b import each other.
    expect(folderCycles(graph)).toEqual([
      {
        loop: [join('lib', 'a'), join('lib', 'b'), join('lib', 'a')],
        imports: [
          `${join('src', 'lib', 'a', 'x.ts')} -> ${join('src', 'lib', 'b', 'y.ts')}`,
          `${join('src', 'lib', 'b', 'z.ts')} -> ${join('src', 'lib', 'a', 'w.ts')}`,
        ],
      },
    ]);
  });
});
