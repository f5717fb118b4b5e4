// Prints the peak memory and time of `perflab check --format json` on bench corpora of N reports (made from content/
// by the bench generator). A measurement script, not a test: these machines are shared and noisy, so nothing here
// asserts a figure; the load average is printed beside each run.
// Run: npm run build:cli && node scripts/perf/check-memory.mjs [--sizes 1000,3000] [--bin bin/perflab.mjs] [--cache]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateCorpus, readSources, writeCorpus } from '../bench/generate.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const sizes = option('--sizes', '1000,3000').split(',').map(Number);
const bin = resolve(option('--bin', 'bin/perflab.mjs'));
const cache = args.includes('--cache');
if (!existsSync('/usr/bin/time')) throw new Error('/usr/bin/time not found: install it with `apt-get install -y time`');
if (!existsSync(bin)) throw new Error(`${bin} not found: run \`npm run build:cli\``);

const work = mkdtempSync(join(tmpdir(), 'perflab-check-memory-'));
const sources = readSources('content');
const field = (text, label) => new RegExp(`^\\s*${label}: (.+)$`, 'm').exec(text)?.[1]?.trim() ?? '?';
try {
  console.log('N | MB of Markdown | peak RSS (MiB) | wall | CPU (user+sys s) | exit | load before');
  for (const n of sizes) {
    const dir = join(work, `n${n}`);
    const bytes = writeCorpus(dir, generateCorpus(sources, n, 1));
    const load = loadavg()[0].toFixed(1);
    const r = spawnSync(
      '/usr/bin/time',
      ['-v', process.execPath, bin, 'check', dir, '--format', 'json', ...(cache ? [] : ['--no-cache'])],
      { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
    );
    const rss = Number(field(r.stderr, 'Maximum resident set size \\(kbytes\\)')) / 1024;
    const cpu = Number(field(r.stderr, 'User time \\(seconds\\)')) + Number(field(r.stderr, 'System time \\(seconds\\)'));
    const exit = field(r.stderr, 'Exit status');
    const wall = field(r.stderr, 'Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)');
    console.log(`${n} | ${(bytes / 1e6).toFixed(1)} | ${rss.toFixed(0)} | ${wall} | ${cpu.toFixed(1)} | ${exit} | ${load}`);
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
