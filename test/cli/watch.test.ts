// `perflab check --watch`: one check, then a check after each edit that prints only the files whose findings
// changed; usage errors end it as they end a plain check.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function project() {
  dir = mkdtempSync(join(tmpdir(), 'perflab-watch-'));
  mkdirSync(join(dir, 'content', 'a'), { recursive: true });
  copyFileSync(join(ROOT, 'test', 'fixtures', 'seed-pages', 'qwen3-14b', 'h100.md'), join(dir, 'content', 'a', 'one.md'));
  copyFileSync(join(ROOT, 'test', 'fixtures', 'seed-pages', 'qwen3-32b', 'h100.md'), join(dir, 'content', 'a', 'two.md'));
  return dir;
}

/** Resolves when `test` holds of the text so far; rejects after `ms` (a full run beside the e2e builds is slow). */
function until(read: () => string, test: (text: string) => boolean, ms = 60_000): Promise<void> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const tick = () => {
      if (test(read())) done();
      else if (Date.now() - started > ms) fail(new Error(`timed out; output so far:\n${read()}`));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

it('should check again after an edit and print only the findings of the file that changed', { timeout: 240_000 }, async () => {
  const cwd = project();
  const child = spawn(process.execPath, [BIN, 'check', 'content', '--watch'], { cwd });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  try {
    await until(
      () => err,
      (e) => /2 files, .* claims verified/.test(e),
    );
    expect(out).toContain('content/a/two.md:');
    expect(out).toContain('content/a/one.md:');
    const before = out.length;
    appendFileSync(join(cwd, 'content', 'a', 'one.md'), '\nSee the [other page](missing-page.md).\n');
    await until(
      () => out.slice(before),
      (o) => o.includes('missing-page.md'),
    );
    await until(
      () => err,
      (e) => /checked again\n.*1 error\b/.test(e),
    );
    const again = out.slice(before).trim().split('\n');
    // The edited file's findings, all of them, and nothing of the file whose findings did not change.
    expect(again.every((l) => l.startsWith('content/a/one.md:'))).toBe(true);
    expect(again.some((l) => /link-unresolved$/.test(l))).toBe(true);
    // The other page was parsed once, at the start.
    expect(err).toMatch(/checked again\n.*1 of 2 files parsed earlier/);
  } finally {
    child.kill();
  }
});

it('should refuse --watch with another output format, and end on a path that does not exist', () => {
  const cwd = project();
  const json = spawnSync(process.execPath, [BIN, 'check', 'content', '--watch', '--format', 'json'], { cwd, encoding: 'utf8' });
  expect(json.status).toBe(2);
  expect(json.stderr).toContain('--watch prints findings as text');
  const missing = spawnSync(process.execPath, [BIN, 'check', 'nosuch', '--watch'], { cwd, encoding: 'utf8', timeout: 20_000 });
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain('no such file or folder: nosuch');
});

/** `perflab check content --watch` in `cwd`, its output so far, and a way to stop it. */
function watching(cwd: string) {
  const child = spawn(process.execPath, [BIN, 'check', 'content', '--watch'], { cwd });
  const seen = { out: '', err: '', code: null as number | null };
  child.stdout.on('data', (d) => (seen.out += d));
  child.stderr.on('data', (d) => (seen.err += d));
  child.on('exit', (code) => (seen.code = code));
  return { seen, stop: () => child.kill() };
}

it(
  'should survive a symlink cycle in the watched folder, and check again after a folder is created there',
  { timeout: 240_000 },
  async () => {
    const cwd = project();
    symlinkSync('loopb', join(cwd, 'content', 'a', 'loopa'));
    symlinkSync('loopa', join(cwd, 'content', 'a', 'loopb'));
    const { seen, stop } = watching(cwd);
    try {
      await until(
        () => seen.err,
        (e) => /2 files, .* claims verified/.test(e),
      );
      mkdirSync(join(cwd, 'content', 'a', 'new'));
      await new Promise((done) => setTimeout(done, 400));
      writeFileSync(join(cwd, 'content', 'a', 'new', 'three.md'), '# Three\n\nSee the [other page](missing-page.md).\n');
      await until(
        () => seen.out,
        (o) => o.includes('content/a/new/three.md:3:9'),
      );
      expect(seen.code).toBe(null);
      expect(seen.err).not.toContain('ELOOP');
    } finally {
      stop();
    }
  },
);

it('should say so when the watched folder is deleted, and check again once it is made again', { timeout: 240_000 }, async () => {
  const cwd = project();
  const { seen, stop } = watching(cwd);
  try {
    await until(
      () => seen.err,
      (e) => /2 files, .* claims verified/.test(e),
    );
    rmSync(join(cwd, 'content'), { recursive: true, force: true });
    await until(
      () => seen.err,
      (e) => e.includes('perflab: no such file or folder: content (still watching)'),
    );
    mkdirSync(join(cwd, 'content', 'b'), { recursive: true });
    await new Promise((done) => setTimeout(done, 400));
    writeFileSync(join(cwd, 'content', 'b', 'again.md'), '# Again\n\nSee the [other page](missing-page.md).\n');
    await until(
      () => seen.out,
      (o) => o.includes('content/b/again.md:3:9'),
    );
    await until(
      () => seen.err,
      (e) => /1 file, .* 1 error\b/.test(e),
    );
    expect(seen.code).toBe(null);
  } finally {
    stop();
  }
});
