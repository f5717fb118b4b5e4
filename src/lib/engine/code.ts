// The one version of the code, for every cache: the parse cache of `perflab check` (./parse-cache.ts), the site's
// store (./site-cache.ts), the loader's bundle and helpers. No version to bump by hand: any change to the code gives
// new keys, so an entry written by other code is never read.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Set by the builder of a bundle to the hash of the code it holds: the CLI build (scripts/build-cli.mjs) to a hash of
 * the bundle's own text, the loader's bundle (src/loader/bundle.ts) to the hash of the sources it was made from.
 */
declare const __PERFLAB_CODE__: string | undefined;

/** The code hash a bundle was stamped with, or null when this module runs from its sources. */
export const bundledCode: string | null = typeof __PERFLAB_CODE__ === 'string' ? __PERFLAB_CODE__ : null;

const hashes = new Map<string, string>();

/**
 * The version of the code that reads, checks and renders the pages. In a stamped bundle, its stamp; from the sources,
 * a hash of every file of `src/lib` and `src/loader` and of the lockfile (the dependencies' versions); in a bundle
 * made any other way (no sources beside it), the bundle's own text (hashing the folder above it instead read every
 * file under it: minutes of disk reads in a bench folder of generated sites). `at` (this module's path) is for the
 * CLI build and tests.
 */
export function codeHash(at?: string): string {
  if (at === undefined && bundledCode !== null) return bundledCode;
  const here = at ?? fileURLToPath(import.meta.url);
  const known = hashes.get(here);
  if (known) return known;
  const src = join(dirname(here), '..', '..');
  const dirs = [join(src, 'lib'), join(src, 'loader')];
  const hash = createHash('sha256');
  if (here.endsWith('.ts') && dirs.every((d) => existsSync(d) && statSync(d).isDirectory())) {
    const files = dirs
      .flatMap((dir) =>
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name)),
      )
      .sort();
    for (const file of files)
      hash
        .update(`${relative(src, file)}\0`)
        .update(readFileSync(file))
        .update('\0');
    const lockfile = join(src, '..', 'package-lock.json');
    if (existsSync(lockfile)) hash.update(readFileSync(lockfile));
  } else hash.update(readFileSync(here));
  const value = hash.digest('hex').slice(0, 32);
  hashes.set(here, value);
  return value;
}
