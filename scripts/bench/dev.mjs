// `npm run dev` latency: start astro dev on loopback, edit one report, poll its page until
// the edit shows. Every wait is bounded; the server's process group is ended afterwards.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { live } from './measure.mjs';
import { touch } from './pages.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function get(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

/** Poll until `test(response)` or `limitMs`; returns elapsed ms or null. */
async function until(url, test, limitMs, everyMs = 100) {
  const t0 = now();
  while (now() - t0 < limitMs) {
    const r = await get(url);
    if (r && test(r)) return now() - t0;
    await sleep(everyMs);
  }
  return null;
}

export async function devLatency({ root, content, file, path, marker, port, log, limitMs = 300_000 }) {
  const fd = openSync(log, 'w');
  const env = {
    ...process.env,
    PERFLAB_CONTENT: content,
    PERFLAB_CACHE_DIR: join(root, '.bench-cache-dev/'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const t0 = now();
  const child = spawn(
    join(root, 'node_modules/.bin/astro'),
    ['dev', '--config', 'astro.bench.config.mjs', '--host', '127.0.0.1', '--port', String(port)],
    {
      cwd: root,
      env,
      stdio: ['ignore', fd, fd],
      detached: true,
    },
  );
  live.add(child.pid);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const result = { ok: false };
  let restore = null;
  try {
    const up = await until(`${base}/`, () => true, limitMs, 200);
    if (up == null || exited) throw new Error(`dev server not answering within ${limitMs / 1000}s`);
    result.startMs = now() - t0;
    const first = await until(base + path, (r) => r.status === 200, limitMs, 200);
    if (first == null) throw new Error(`page ${path} not served by dev`);
    result.firstPageMs = first;
    restore = touch(file, marker);
    const seen = await until(base + path, (r) => r.body.includes(marker), 60_000);
    if (seen == null) throw new Error('edit not reflected within 60s (does the loader watch PERFLAB_CONTENT?)');
    result.reflectMs = seen;
    result.ok = true;
  } catch (e) {
    result.error = e.message;
  } finally {
    restore?.();
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await sleep(500);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    live.delete(child.pid);
    closeSync(fd);
  }
  return result;
}
