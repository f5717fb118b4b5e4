// The site loader keys its store by a hash of the code (no hand-bumped version): a change to any file of the
// parser, the checks, the renderer or the loader, or to the lockfile, gives new digests, so every entry is made again.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderContext } from 'astro/loaders';
import { fakeLoader } from '../site/loader-context.js';

/** A fake source tree: `src/lib` (with the module standing for the code hash's own), `src/loader`, a lockfile. */
function tree(dir: string): string {
  mkdirSync(join(dir, 'src', 'lib', 'markdown'), { recursive: true });
  mkdirSync(join(dir, 'src', 'loader'), { recursive: true });
  writeFileSync(join(dir, 'src', 'lib', 'markdown', 'parse.ts'), 'export const parse = 1;\n');
  mkdirSync(join(dir, 'src', 'lib', 'engine'), { recursive: true });
  writeFileSync(join(dir, 'src', 'lib', 'engine', 'code.ts'), 'export const code = 1;\n');
  writeFileSync(join(dir, 'src', 'loader', 'cache.ts'), 'export const cache = 1;\n');
  writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion": 3}\n');
  return join(dir, 'src', 'lib', 'engine', 'code.ts');
}

describe('codeHash', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'perflab-code-hash-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should give the same hash for the same code, and a new one when a parser, loader or lockfile byte changes', async () => {
    const { codeHash } = await import('../../src/lib/engine/code.js');
    const copies = ['same', 'parser', 'loader', 'lockfile', 'new-file'].map((name) => {
      const here = tree(join(dir, name));
      return { name, here, root: join(dir, name) };
    });
    writeFileSync(join(copies[1].root, 'src', 'lib', 'markdown', 'parse.ts'), 'export const parse = 2;\n');
    writeFileSync(join(copies[2].root, 'src', 'loader', 'cache.ts'), 'export const cache = 2;\n');
    writeFileSync(join(copies[3].root, 'package-lock.json'), '{"lockfileVersion": 4}\n');
    writeFileSync(join(copies[4].root, 'src', 'lib', 'markdown', 'fast.ts'), 'export {};\n');
    const first = tree(join(dir, 'first'));
    const hashes = copies.map((c) => codeHash(c.here));
    expect(codeHash(first)).toBe(hashes[0]);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('should hash the module itself when it runs from a bundle, without sources beside it', async () => {
    const { codeHash } = await import('../../src/lib/engine/code.js');
    mkdirSync(join(dir, 'a', 'chunks'), { recursive: true });
    mkdirSync(join(dir, 'b', 'chunks'), { recursive: true });
    writeFileSync(join(dir, 'a', 'chunks', 'loader.mjs'), 'bundle 1');
    writeFileSync(join(dir, 'b', 'chunks', 'loader.mjs'), 'bundle 2');
    const a = codeHash(join(dir, 'a', 'chunks', 'loader.mjs'));
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(codeHash(join(dir, 'b', 'chunks', 'loader.mjs'))).not.toBe(a);
  });

  it('should hash the real sources of this repository', async () => {
    const { codeHash } = await import('../../src/lib/engine/code.js');
    expect(codeHash()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the loader, keyed by the code hash', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'perflab-loader-code-'));
    mkdirSync(join(root, 'content'));
    cpSync(join(import.meta.dirname, '..', 'fixtures', 'site', 'fixtures', 'links.md'), join(root, 'content', 'links.md'));
    writeFileSync(join(root, 'content', 'clean.md'), '# A clean page\n\nNothing to check here.\n');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    vi.doUnmock('../../src/lib/engine/code.js');
    vi.resetModules();
  });

  it('should serve the stored entries while the code is the same, and make every entry again when it changes', async () => {
    let code = 'code-1';
    vi.resetModules();
    vi.doMock('../../src/lib/engine/code.js', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../src/lib/engine/code.js')>()),
      codeHash: () => code,
    }));
    const { reportsLoader } = await import('../../src/loader/entry.js');
    const state = { entries: new Map<string, any>(), meta: new Map<string, string>(), logs: [] as string[], onSet: () => rendered++ };
    let rendered = 0;
    const load = async (): Promise<void> => {
      const context: LoaderContext = fakeLoader(root, join(root, 'cache'), undefined, state).context;
      await reportsLoader({ failOnError: false }).load(context);
    };

    await load();
    expect(rendered).toBe(2);
    const digests = [...state.entries.values()].map((e) => e.digest);

    await load();
    expect(rendered).toBe(2);
    expect(state.logs.some((l) => /2 reports unchanged/.test(l))).toBe(true);

    code = 'code-2';
    await load();
    expect(rendered).toBe(4);
    const after = [...state.entries.values()].map((e) => e.digest);
    expect(after.every((d, i) => d !== digests[i])).toBe(true);
  });
});
