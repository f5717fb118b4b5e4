// `perflab check` on many pages shares them with a second thread: the same output, byte for byte, as one thread.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CORPUS, hasCorpus } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

function perflab(args: string[], threads: '1' | '2') {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, PERFLAB_THREADS: threads },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const twoCores = availableParallelism() >= 2;
if (!twoCores) console.warn('cli threads: this machine has one core, so no check uses a helper; the comparison is skipped');

it.skipIf(!twoCores)('should print the same findings and JSON with a second thread as with one, on the real pages', () => {
  const paths = ['test/fixtures/seed-pages', ...(hasCorpus ? [CORPUS] : [])];
  for (const format of ['json', 'text']) {
    const one = perflab(['check', '--no-cache', '--format', format, ...paths], '1');
    const two = perflab(['check', '--no-cache', '--format', format, ...paths], '2');
    expect(two.code).toBe(one.code);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.length).toBeGreaterThan(1000);
    // The summary says how many pages the second thread read and checked; one thread's does not.
    const summary = (stderr: string) => stderr.trim().split('\n').at(-1) ?? '';
    expect(summary(two.stderr)).toMatch(/; [1-9]\d* read and checked by a second thread\)$/);
    expect(summary(one.stderr)).not.toMatch(/second thread/);
    const same = (s: string) => summary(s).replace(/ \(.*$/, '');
    expect(same(two.stderr)).toBe(same(one.stderr));
  }
});

it.skipIf(!twoCores)('should use the analysis cache from either thread', () => {
  const first = perflab(['check', 'test/fixtures/seed-pages'], '2');
  const again = perflab(['check', 'test/fixtures/seed-pages'], '2');
  expect(again.stdout).toBe(first.stdout);
  expect(again.stderr).toMatch(/; 5 of 5 files parsed earlier; [1-9]\d* read and checked by a second thread\)/);
});
