// A real `astro dev` on a small site: a request whose path does not decode, or decodes to control characters, gets
// 400 (not a 500 with a stack), and the server's output never holds a raw control byte from a request.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestPath } from '../../src/lib/site/dev-requests.js';
import { astroBin, projectRoot, shellEnv } from './build.js';

describe('badRequestPath', () => {
  it.each([
    ['/reports/x%0A::error%1B[31m/', 'control characters'],
    ['/reports/%E0%A4%A/', 'malformed'],
    ['/reports/%E2%80%AEevil/', 'control characters'],
  ])('should refuse %s', (url, why) => expect(badRequestPath(url)).toContain(why));
  it.each([['/'], ['/reports/qwen3-14b/h100/'], ['/compare/?model=%0A'], ['/reports/%C3%A9t%C3%A9/']])('should let %s through', (url) =>
    expect(badRequestPath(url)).toBeNull(),
  );
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('astro dev', () => {
  let dir = '';
  let server: ReturnType<typeof spawn> | undefined;
  let output = '';
  let port = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'perflab-dev-requests-'));
    mkdirSync(join(dir, 'content', 'm'), { recursive: true });
    writeFileSync(join(dir, 'content', 'm', 'r.md'), '# A report\n\nNothing measured.\n');
    port = await freePort();
    server = spawn(process.execPath, [astroBin(projectRoot), 'dev', '--port', String(port), '--host', '127.0.0.1'], {
      cwd: projectRoot,
      env: {
        ...shellEnv(),
        ASTRO_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
        PERFLAB_CONTENT: join(dir, 'content'),
        PERFLAB_CACHE_DIR: join(dir, 'cache'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString('latin1')));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString('latin1')));
    // Ready once the report is served. Astro 7 listens before its content is synced, and a request that comes while
    // it restarts for the config may never be answered: each try is bounded.
    const started = Date.now();
    for (;;) {
      if (Date.now() - started > 90_000) throw new Error(`the dev server did not serve the report:\n${output}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/reports/m/r/`, { signal: AbortSignal.timeout(5_000) });
        if (r.status === 200) break;
      } catch {
        // Not listening yet, or the request was not answered in time.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);
  afterAll(() => {
    server?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('should answer 400 to a path that does not decode or decodes to control characters, and log no raw control byte', async () => {
    for (const path of ['/reports/x%0A::error%20file=a::owned%1B[31m/', '/reports/%E0%A4%A/', '/reports/%E2%80%AE/']) {
      const r = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(r.status, `${path}\n${output}`).toBe(400);
    }
    expect((await fetch(`http://127.0.0.1:${port}/reports/m/r/`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(output).not.toMatch(/\n::error/);
    expect(output).not.toContain('\u001b[31m');
    expect(output).not.toContain('URIError');
    expect(output).toContain('refused, its percent-encoding is malformed');
  }, 60_000);
});
