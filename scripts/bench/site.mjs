// perflab side: a snapshot of the project to build from (so the bench never touches the
// working tree's .astro/, dist/ or caches), the site build, the rebuild and the CLI bundle.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { measure, measureSteps, tail } from './measure.mjs';

const SKIP = new Set(['node_modules', '.git', 'dist', 'bench', '.astro', 'content', 'test-results', 'build', 'test', '.notes', '.ci']);
const CONFIGS = ['astro.config.mjs', 'astro.config.ts', 'astro.config.mts', 'astro.config.js'];

/** Copy the project (minus content, outputs, tests) to `root`; node_modules is a symlink. */
export function snapshotRoot(mainDir, root) {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(mainDir)) {
    if (!SKIP.has(name)) cpSync(join(mainDir, name), join(root, name), { recursive: true });
  }
  symlinkSync(join(mainDir, 'node_modules'), join(root, 'node_modules'), 'dir');
  // The corpus repeats each source's result blocks on purpose; silence only that cross-page finding
  // (the rule still runs) so N copies do not flood the build log. Other rules keep their severity.
  const cfgFile = join(root, 'perflab.config.json');
  const cfg = existsSync(cfgFile) ? JSON.parse(readFileSync(cfgFile, 'utf8')) : {};
  cfg.rules = { ...cfg.rules, 'duplicate-block-across-pages': 'off' };
  writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
  const base = CONFIGS.find((c) => existsSync(join(root, c)));
  // Wraps the real config: separate caches per build (PERFLAB_CACHE_DIR), same everything else.
  writeFileSync(
    join(root, 'astro.bench.config.mjs'),
    [
      base ? `import base from './${base}';` : 'const base = {};',
      "const cache = process.env.PERFLAB_CACHE_DIR ?? './.bench-cache/';",
      'export default { ...base, cacheDir: cache, vite: { ...(base.vite ?? {}), cacheDir: cache + "vite/" } };',
      '',
    ].join('\n'),
  );
  return { root, config: base ?? null };
}

const bin = (root, name) => join(root, 'node_modules', '.bin', name);

/**
 * The astro step of the snapshot's `npm run build`, as a command and its arguments: the script's part before `&&`,
 * either `astro build` or `node <flags> <path to astro> build` (the Node flags users get are the ones measured).
 */
export function astroCommand(root) {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.build ?? 'astro build';
  const words = script.split('&&')[0].trim().split(/\s+/);
  if (words[0] === 'node') {
    const at = words.findIndex((w, i) => i > 0 && !w.startsWith('-'));
    if (at !== -1 && words[at + 1] === 'build') return [process.execPath, [...words.slice(1, at), join(root, words[at]), 'build']];
  }
  if (words[0] === 'astro' && words[1] === 'build') return [bin(root, 'astro'), ['build']];
  throw new Error(`bench: the build script's astro step is neither \`astro build\` nor \`node … build\`: ${script}`);
}

/** `npm run build` equivalent: astro build into `out`, then pagefind over it. */
export function buildSite({ root, content, out, cache, logPrefix }) {
  const env = { PERFLAB_CONTENT: content, PERFLAB_CACHE_DIR: cache, ASTRO_TELEMETRY_DISABLED: '1' };
  const [astro, args] = astroCommand(root);
  return measureSteps([
    [
      'astro build',
      astro,
      [...args, '--config', 'astro.bench.config.mjs', '--outDir', out],
      { cwd: root, env, log: `${logPrefix}.astro.log` },
    ],
    // The search step of the snapshot's `npm run build` (Pagefind, in shards of report pages).
    ['pagefind', process.execPath, [join(root, 'scripts', 'search-index.mjs'), out], { cwd: root, env, log: `${logPrefix}.pagefind.log` }],
  ]);
}

/** Bundle the snapshot's CLI with its own `npm run build:cli` (what users run) into the work dir. */
export async function bundleCli(root, outfile) {
  const entry = join(root, 'src/lib/cli/main.ts');
  if (!existsSync(entry)) return { ok: false, error: 'src/lib/cli/main.ts not found (CLI not landed yet)' };
  const script = join(root, 'scripts', 'build-cli.mjs');
  if (existsSync(script)) {
    const r = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
    const built = join(root, 'bin', 'perflab.mjs');
    if (r.status !== 0 || !existsSync(built)) return { ok: false, error: `build:cli failed: ${(r.stderr || r.stdout).split('\n')[0]}` };
    cpSync(built, outfile);
    return { ok: true, file: outfile };
  }
  // An older snapshot without the build script: bundle as it would have.
  try {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      packages: 'external',
      logLevel: 'silent',
    });
    return { ok: true, file: outfile };
  } catch (e) {
    return { ok: false, error: `CLI bundle failed: ${e.message.split('\n')[0]}` };
  }
}

/** `perflab check <dir>`; a non-zero exit is recorded (it may mean findings, not a crash). */
export async function runCheck({ cli, content, cwd, log }) {
  // Cold: every file is parsed (the CLI's parse cache would otherwise serve later repetitions).
  const r = await measure(process.execPath, [cli, 'check', '--no-cache', content], { cwd, log });
  // The CLI's last line summarises files, runs, claims and findings.
  const summary =
    tail(log, 1)
      .replace(/\s*\(.*$/, '')
      .trim() || null;
  return { ...r, summary, ok: r.code === 0 || r.code === 1 };
}
