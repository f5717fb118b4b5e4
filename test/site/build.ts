// Builds the site once per test run (and reuses it while nothing it depends on changes): the seed pages (the tests'
// own copy, test/fixtures/seed-pages/; content/ is the contributors' and is built by test/site/content.test.ts) plus the site
// fixtures, into test-results/site/<hash>/. Parallel test files wait on a lock directory instead of rebuilding.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const projectRoot = join(import.meta.dirname, '..', '..');
export const contentRoots = ['test/fixtures/seed-pages', 'test/fixtures/site'];

const inputs = [
  'test/fixtures/seed-pages',
  'test/fixtures/site',
  'src',
  'public',
  'astro.config.mjs',
  'package-lock.json',
  'perflab.config.json',
  'scripts/search-index.mjs',
];

/** Astro's command line (the `astro` bin of its package.json) in the project at `root`. */
export function astroBin(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules', 'astro', 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(root, 'node_modules', 'astro', pkg.bin.astro);
}

/**
 * This process's environment without the test runner's own variables: Astro 7's dev server serves no page when it
 * sees `VITEST` (it takes itself for a test's server), so a child Astro gets the environment a developer's shell has.
 */
export function shellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
}

/** The files under `path` (a file or folder of the project), sorted. */
export function files(path: string): string[] {
  const full = join(projectRoot, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

/** A short hash of the contents of `list` (project paths): a build is reused while it stays the same. */
export function inputHash(list: readonly string[] = inputs): string {
  const hash = createHash('sha256');
  for (const file of list.flatMap(files)) hash.update(relative(projectRoot, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the site of the content folders `content` into `dir/dist` (its cache in `dir/cache`), indexes it for search
 * and marks `dir/done`. The build's output (stdout, then stderr, where its errors go) is kept in `dir/build.log`, so
 * tests can read every message it printed; a failed build throws with the end of it. `env` adds to the environment
 * (and may set `PERFLAB_ALLOW_ERRORS`).
 */
export function buildSite(dir: string, content: readonly string[], env: Record<string, string> = {}): void {
  const fullEnv = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    // The log is read as text: the tools' own colours (which `CI` turns on) are not content, and a test that looks
    // for an ESC that content sent must not find theirs.
    NO_COLOR: '1',
    // The content has mismatches on purpose: the tests need them on the pages, and every page must still render. A
    // test of a build as users run it passes `PERFLAB_ALLOW_ERRORS: ''` in `env`.
    PERFLAB_ALLOW_ERRORS: '1',
    ...env,
    PERFLAB_CONTENT: content.join(','),
    PERFLAB_OUT_DIR: join(dir, 'dist'),
    PERFLAB_CACHE_DIR: join(dir, 'cache'),
  };
  const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);
  const run = spawnSync(bin('astro'), ['build'], {
    cwd: projectRoot,
    env: fullEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
  writeFileSync(join(dir, 'build.log'), `${run.stdout}\n${run.stderr}`);
  if (run.status !== 0) throw new Error(`site build failed; see ${join(dir, 'build.log')}:\n${run.stderr.slice(-2000)}`);
  // The search step of `npm run build`, as users run it.
  execFileSync(process.execPath, [join(projectRoot, 'scripts', 'search-index.mjs'), join(dir, 'dist')], {
    cwd: projectRoot,
    env: fullEnv,
    stdio: 'ignore',
  });
  writeFileSync(join(dir, 'done'), new Date().toISOString());
}

const build = (dir: string) => buildSite(dir, contentRoots);

/**
 * Runs `build(dir)` once per `dir` across parallel test workers: the first takes a lock folder beside `dir` and
 * removes older builds under the same parent (stale once the inputs changed); the others wait until `dir/done`.
 */
export async function buildOnce(dir: string, build: (dir: string) => void): Promise<void> {
  const parent = join(dir, '..');
  const lock = `${dir}.lock`;
  mkdirSync(parent, { recursive: true });
  for (;;) {
    if (existsSync(join(dir, 'done'))) return;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is building; a lock older than 10 minutes is left over from a crash.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(join(dir, 'done'))) {
        for (const old of readdirSync(parent)) if (!old.endsWith('.lock')) rmSync(join(parent, old), { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        build(dir);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The built site's folder (`.../dist`), building it first if needed. */
export async function builtSite(): Promise<string> {
  const dir = join(projectRoot, 'test-results', 'site', inputHash());
  await buildOnce(dir, build);
  return join(dir, 'dist');
}

/** A built page's HTML by URL path (`/reports/qwen3-14b/h100/`). */
export function readPage(dist: string, urlPath: string): string {
  const clean = decodeURIComponent(urlPath.split('#')[0].split('?')[0]);
  const file = clean.endsWith('/') ? join(dist, clean, 'index.html') : join(dist, clean);
  return readFileSync(file, 'utf8');
}
