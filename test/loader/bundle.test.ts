// A production build imports the loader from one bundled file (src/loader/bundle.ts); other commands use the sources.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loaderModule, useLoaderBundle } from '../../src/loader/bundle.js';
import { codeHash } from '../../src/lib/engine/code.js';

const root = mkdtempSync(join(tmpdir(), 'perflab-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => useLoaderBundle(null));

const sources = () => import('../../src/loader/entry.js');
const name = `loader-${codeHash().replace(/[^A-Za-z0-9_-]/g, '_')}.cjs`;

describe('the loader bundle', () => {
  it('should keep the pipeline out of what the Astro config and the content config load through Vite', async () => {
    const { build } = await import('esbuild');
    const project = join(import.meta.dirname, '..', '..');
    for (const config of ['astro.config.mjs', 'src/content.config.ts']) {
      const result = await build({
        entryPoints: [join(project, config)],
        absWorkingDir: project,
        bundle: true,
        platform: 'node',
        format: 'esm',
        write: false,
        metafile: true,
        packages: 'external',
        external: ['astro:content'],
        logLevel: 'silent',
      });
      // What loading the config loads: its static imports, followed; a dynamic import (the sources, which only the
      // dev server loads) is not.
      const inputs = result.metafile.inputs;
      const eager = new Set<string>([config]);
      for (const file of eager) {
        for (const i of inputs[file]?.imports ?? []) if (i.kind !== 'dynamic-import' && i.path in inputs) eager.add(i.path);
      }
      expect([...eager], config).not.toContain('src/lib/pipeline.ts');
      expect(eager.size, config).toBeLessThan(40);
    }
  });

  it('should load the sources when no build asked for the bundle', async () => {
    const fallback = vi.fn(sources);
    const m = await loaderModule(fallback);
    expect(fallback).toHaveBeenCalledOnce();
    expect(typeof m.reportsLoader).toBe('function');
  });

  it('should build one file named and keyed by the code hash, load it, reuse it and remove older bundles', async () => {
    const dir = join(root, 'cache');
    useLoaderBundle(dir, join(root, 'no-install'));
    const fallback = vi.fn(sources);
    const first = await loaderModule(fallback);
    expect(fallback).not.toHaveBeenCalled();
    expect(readdirSync(dir)).toEqual([name]);
    // The bundle keys the store by the hash of the sources it was made from, as the sources do.
    expect(readFileSync(join(dir, name), 'utf8')).toContain(JSON.stringify(codeHash()));
    const loader = first.reportsLoader({ roots: ['content'] });
    expect(loader.name).toBe('perflab-reports');

    writeFileSync(join(dir, 'loader-older.mjs'), 'export {};\n');
    writeFileSync(join(dir, 'helper-older.mjs'), 'export {};\n');
    rmSync(join(dir, name));
    await loaderModule(fallback);
    expect(readdirSync(dir)).toEqual([name]);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('should use the bundle the install made for this code, and make none', async () => {
    // The test run's setup made bin/ from the current sources (test/habits/build-cli.ts), loader bundle included.
    const installed = join(import.meta.dirname, '..', '..', 'bin');
    expect(readdirSync(installed).filter((f) => f.startsWith('loader-'))).toEqual([name]);
    const dir = join(root, 'unused');
    useLoaderBundle(dir, installed);
    const fallback = vi.fn(sources);
    const m = await loaderModule(fallback);
    expect(fallback).not.toHaveBeenCalled();
    expect(typeof m.reportsLoader).toBe('function');
    expect(existsSync(dir)).toBe(false);
  });

  it('should say why and load the sources when the bundle cannot be made', async () => {
    const blocked = join(root, 'blocked');
    writeFileSync(blocked, 'a file where the cache folder should be\n');
    useLoaderBundle(join(blocked, 'perflab'), join(root, 'no-install'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fallback = vi.fn(sources);
    const m = await loaderModule(fallback);
    expect(fallback).toHaveBeenCalledOnce();
    expect(typeof m.reportsLoader).toBe('function');
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^\[perflab\] the loader runs from its sources: its bundle could not be made \(.+\)$/),
    );
    expect(existsSync(join(blocked, 'perflab'))).toBe(false);
    warn.mockRestore();
  });
});
