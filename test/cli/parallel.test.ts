import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAll, queueOrder, type Job } from '../../src/lib/cli/parallel.js';
import { CORPUS, hasCorpus } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

function perflab(args: string[], env: Record<string, string>, cwd = ROOT) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 28 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const job = (size: number, name: string): Job => ({ source: 'x'.repeat(size), path: name, absolutePath: `/x/${name}` });

describe('parsing pages on two threads', () => {
  it('should queue pages largest first, ties in input order, each page once', () => {
    const jobs = [job(10, 'a'), job(40_000, 'b'), job(90_000, 'c'), job(40_000, 'd'), job(0, 'e')];
    expect(queueOrder(jobs)).toEqual([2, 1, 3, 0, 4]);
  });

  it('should parse on the main thread, in input order, when run from source', async () => {
    const jobs = [job(100_000, 'a.md'), job(10, 'b.md')].map((j, i) => ({ ...j, source: `# Page ${i}\n\n${j.source}\n` }));
    const got = await analyzeAll(jobs, 2);
    expect(got.map((a) => a.report.path)).toEqual(['a.md', 'b.md']);
    expect(got.map((a) => String(a.file.value))).toEqual(jobs.map((j) => j.source));
  });

  it.skipIf(!hasCorpus)('should print byte-identical output with a parse worker and without one', () => {
    const args = ['check', 'content', CORPUS, '--format', 'json', '--no-cache'];
    const one = perflab(args, { PERFLAB_JOBS: '1' });
    const two = perflab(args, { PERFLAB_JOBS: '2' });
    expect(one.code).toBe(1);
    expect(two.code).toBe(one.code);
    expect(JSON.parse(two.stdout).files.length).toBeGreaterThan(10);
    expect(two.stdout).toBe(one.stdout);
    const summary = (s: string) => s.replace(/\(\d+\.\d+ MB in .*$/m, '');
    expect(summary(two.stderr)).toBe(summary(one.stderr));
  });

  it.skipIf(!hasCorpus)("should store the worker's pages in the cache so that a second run parses none", () => {
    // A folder of its own, so the cache (node_modules/.cache/perflab under it) starts empty.
    const cwd = mkdtempSync(join(tmpdir(), 'perflab-parallel-'));
    const args = ['check', join(ROOT, 'content'), CORPUS, '--format', 'json'];
    const first = perflab(args, { PERFLAB_JOBS: '2' }, cwd);
    const second = perflab(args, { PERFLAB_JOBS: '2' }, cwd);
    expect(first.stderr).toMatch(/; 0 of \d+ files parsed earlier/);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toMatch(/; (\d+) of \1 files parsed earlier/);
  });
});
