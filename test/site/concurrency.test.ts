// Two production builds of one project at once, sharing the cache folder: the second waits for the first, and both
// publish every page and nothing else (before, one emptied the other's content store or crashed).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from './build.js';
import { hostileSite } from './hostile.js';

const dir = mkdtempSync(join(tmpdir(), 'perflab-concurrent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(content: string, out: string): Promise<{ code: number | null; log: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(projectRoot, 'node_modules', '.bin', 'astro'), ['build'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        PERFLAB_CONTENT: content,
        PERFLAB_ALLOW_ERRORS: '1',
        PERFLAB_OUT_DIR: out,
        PERFLAB_CACHE_DIR: join(dir, 'cache'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => resolve({ code, log }));
  });
}

it('should build twice at once from one cache folder, each with every page', async () => {
  const { content, dist } = await hostileSite();
  const expected = readdirSync(join(dist, 'reports', 'models')).sort();
  const [a, b] = await Promise.all([build(content, join(dir, 'a')), build(content, join(dir, 'b'))]);
  expect([a.code, b.code]).toEqual([0, 0]);
  expect(`${a.log}\n${b.log}`).toMatch(/waiting for another build \(process \d+\)/);
  for (const out of ['a', 'b']) {
    expect(readdirSync(join(dir, out, 'reports', 'models')).sort()).toEqual(expected);
    for (const name of ['chunks', 'collections', 'data-store.json', 'content-modules.mjs'])
      expect(existsSync(join(dir, out, name)), `${out}/${name}`).toBe(false);
  }
}, 300_000);
