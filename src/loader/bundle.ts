// The loader as one file. A production build imports it from a bundle (./entry.ts and everything it imports, built
// with esbuild and named by the code's hash) instead of through Vite, which transforms and loads its 250 source
// modules one at a time: 2.7 s of a 7.8 s build of 30 reports, against 0.05 s to import the bundle. The install
// makes the bundle beside the CLI (scripts/build-cli.mjs); a build of other code makes its own in the cache folder
// (0.25 s). The helper thread (./threads.ts) runs the same file. The dev server keeps loading the sources through
// Vite, so that an edit of the code reloads the loader.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeHash } from '../lib/engine/code.js';

export { codeHash };

/** Set by astro.config.mjs for `astro build`: where the bundle is looked for and made. */
const BUILD = Symbol.for('perflab.loader-bundle');

interface Where {
  /** The folder a bundle is made in when the install has none for this code (Astro's cache folder). */
  dir: string;
  /** The folder the install put its bundle in. */
  installed: string;
}

/** The CLI's folder, where scripts/build-cli.mjs puts the bundle of the code it was run on. */
const INSTALLED = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin');

/**
 * Called by the config for `astro build` (with its cache folder) and for any other command (with null).
 * `installed` is for tests.
 */
export function useLoaderBundle(dir: string | null, installed = INSTALLED): void {
  (globalThis as Record<symbol, unknown>)[BUILD] = dir === null ? null : ({ dir, installed } satisfies Where);
}

/**
 * The loader module: from the bundle in a build, else (dev, sync, tests) `fallback`, the sources through Vite. A
 * bundle that cannot be built or loaded is said once on stderr, and the sources are used.
 */
export async function loaderModule<Module>(fallback: () => Promise<Module>): Promise<Module> {
  const where = (globalThis as Record<symbol, unknown>)[BUILD] as Where | null | undefined;
  if (!where) return fallback();
  try {
    const file = bundleFile() ?? (await loaderBundle(where.dir, codeHash()));
    // Node's own require, not `import()`: Vite rewrites a module's `import()` to its module runner, which would
    // transform the bundle again.
    return createRequire(import.meta.url)(file) as Module;
  } catch (error) {
    console.warn(`[perflab] the loader runs from its sources: its bundle could not be made (${(error as Error).message})`);
    return fallback();
  }
}

/** The bundle of this code a build would load, when it exists already (the install's, else the cache folder's). */
export function bundleFile(): string | null {
  const where = (globalThis as Record<symbol, unknown>)[BUILD] as Where | null | undefined;
  if (!where) return null;
  const name = bundleName(codeHash());
  return [join(where.installed, name), join(where.dir, name)].find((file) => existsSync(file)) ?? null;
}

const bundleName = (code: string) => `loader-${code.replace(/[^A-Za-z0-9_-]/g, '_')}.cjs`;

/**
 * The bundle of this code: built once into `dir` (named by the code hash, which it also carries), then reused.
 * `sources`: the folder of the loader's sources (this module's, unless it runs from a bundle of its own).
 */
export async function loaderBundle(dir: string, code: string, sources = dirname(fileURLToPath(import.meta.url))): Promise<string> {
  const file = join(dir, bundleName(code));
  if (existsSync(file)) return file;
  const entry = join(sources, 'entry.ts');
  if (!existsSync(entry)) throw new Error('no sources beside the loader');
  // Node's own require: the loader runs inside Vite, whose module runner is closed by the time a load runs.
  const { build } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    // CommonJS, which Node's require loads wherever it is called from (a module runner's `import()` is not Node's).
    format: 'cjs',
    target: 'node20',
    write: false,
    // jsonc-parser's `main` is a UMD build whose `require`s esbuild cannot follow: take its ES module build.
    mainFields: ['module', 'main'],
    define: { __PERFLAB_CODE__: JSON.stringify(code), 'import.meta.url': '__perflabUrl' },
    banner: { js: 'const __perflabUrl = require("node:url").pathToFileURL(__filename).href;' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, result.outputFiles[0].text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  // The bundles of older code are never run again.
  for (const name of readdirSync(dir)) {
    if (/^(loader|helper)-.*\.[cm]js$/.test(name) && join(dir, name) !== file) rmSync(join(dir, name), { force: true });
  }
  return file;
}
