#!/usr/bin/env node
// Cold `perflab check` speed, old commit against the working tree: builds the old commit's CLI in a temporary git
// worktree, then runs both CLIs N times each (alternating, so machine noise falls on both alike) and prints the
// medians side by side with their ratio. Figures are printed, never asserted.
//
//   node scripts/bench-check.mjs [--old <commit>] [--runs N] [--keep] [-- check args...]
//
// Defaults: --old 28ba02e, --runs 11, check args `check content ../shared/corpus --format json --no-cache`
// (paths that do not exist are left out). Both CLIs run from this folder, on the same files and config.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash === -1 ? argv : argv.slice(0, dash);
const option = (name, fallback) => {
  const i = own.indexOf(name);
  return i === -1 ? fallback : own[i + 1];
};
const old = option('--old', '28ba02e');
const runs = Math.max(1, Number(option('--runs', '11')) || 11);
const keep = own.includes('--keep');
const defaultArgs = ['check', ...['content', '../shared/corpus'].filter((p) => existsSync(p)), '--format', 'json', '--no-cache'];
const checkArgs = dash === -1 ? defaultArgs : argv.slice(dash + 1);

const root = resolve('.');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--verify', `${old}^{commit}`);

// The new CLI: the working tree, built afresh.
execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });

// The old CLI: a detached worktree of the commit, sharing this node_modules, built with its own build script.
const dir = mkdtempSync(join(tmpdir(), 'perflab-bench-'));
const tree = join(dir, 'old');
const cleanup = () => {
  if (keep) return;
  try {
    git('worktree', 'remove', '--force', tree);
  } catch {
    // not created
  }
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

git('worktree', 'add', '--detach', '--quiet', tree, commit);
symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: tree, stdio: 'inherit' });

const clis = [
  { name: `old ${commit.slice(0, 7)}`, bin: join(tree, 'bin', 'perflab.mjs'), ms: [], cpu: [], out: null },
  { name: 'new (working tree)', bin: join(root, 'bin', 'perflab.mjs'), ms: [], cpu: [], out: null },
];

// Each run also reports the CPU time of its whole process (all threads) on its last stderr line: on a busy machine
// wall clock swings with the neighbours, CPU time much less.
const CPU = `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\nperflab-bench-cpu ' + (u.user + u.system) / 1000 + '\\n'); });`;
const PRELOAD = `data:text/javascript,${encodeURIComponent(CPU)}`;

const once = (cli) => {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', PRELOAD, cli.bin, ...checkArgs], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = /perflab-bench-cpu ([\d.]+)\n$/.exec(r.stderr);
  if (cpu) cli.cpu.push(Number(cpu[1]));
  if (r.status !== 0 && r.status !== 1) {
    process.stderr.write(`${cli.name} exited ${r.status}:\n${r.stderr}\n`);
    process.exit(2);
  }
  cli.out ??= r.stdout;
  return ms;
};

// One warm-up each (file system cache), not counted.
for (const cli of clis) once(cli);
for (let i = 0; i < runs; i++) for (const cli of i % 2 ? [...clis].reverse() : clis) cli.ms.push(once(cli));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f = (ms) => `${ms.toFixed(0)} ms`.padStart(9);
console.log(`perflab ${checkArgs.join(' ')}   (${runs} cold runs each, wall clock)`);
console.log(`${''.padEnd(22)}${'median'.padStart(9)}${'min'.padStart(9)}${'max'.padStart(9)}   ${'CPU median'.padStart(10)}`);
for (const cli of clis) {
  const cpu = cli.cpu.length ? f(median(cli.cpu)) : '        -';
  console.log(`${cli.name.padEnd(22)}${f(median(cli.ms))}${f(Math.min(...cli.ms))}${f(Math.max(...cli.ms))}   ${cpu.padStart(10)}`);
}
// Throughput over the Markdown the run reads (every `.md` under the path arguments that exist).
const markdownBytes = (path) => {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (st.isFile()) return path.endsWith('.md') ? st.size : 0;
  return readdirSync(path, { recursive: true })
    .filter((name) => String(name).endsWith('.md'))
    .reduce((sum, name) => sum + (statSync(join(path, String(name)), { throwIfNoEntry: false })?.size ?? 0), 0);
};
const bytes = checkArgs
  .filter((arg) => !arg.startsWith('-') && arg !== 'check')
  .reduce((sum, p) => sum + markdownBytes(resolve(root, p)), 0);
if (bytes > 0) {
  const mbs = (ms) => `${(bytes / 1e6 / (ms / 1000)).toFixed(2)} MB/s`;
  console.log(`throughput over ${(bytes / 1e6).toFixed(2)} MB of Markdown (wall median / CPU median):`);
  for (const cli of clis)
    console.log(`  ${cli.name.padEnd(22)}${mbs(median(cli.ms)).padStart(11)}${cli.cpu.length ? mbs(median(cli.cpu)).padStart(13) : ''}`);
}
const [a, b] = clis;
console.log(`ratio old/new, wall clock (median): ${(median(a.ms) / median(b.ms)).toFixed(2)}x`);
if (a.cpu.length && b.cpu.length) console.log(`ratio old/new, CPU time (median):   ${(median(a.cpu) / median(b.cpu)).toFixed(2)}x`);
console.log(`load average (1 min) at the end: ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
console.log(`stdout: ${a.out === b.out ? 'identical' : 'DIFFERENT'}`);
