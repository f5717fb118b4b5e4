// The loader fails closed: a page that cannot be rendered fails a production build, an unwritable cache stops the
// build naming the cause, malformed %-escapes never drop a page, and cache files are verified before use.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { PRUNE_DELAY_MS } from '../../src/loader/reports.js';
import { lockCache } from '../../src/lib/engine/site-cache.js';
import { cachedHtml, cachedRuns, cachedSource } from '../../src/lib/site/cached.js';
import { storeRefSchema } from '../../src/lib/site/entry.js';
import { fakeLoader, readEntry } from './loader-context.js';

let root = '';
const write = (name: string, text: string) => writeFileSync(join(root, 'content', name), text);
const cacheDir = () => join(root, 'cache');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'perflab-fail-closed-'));
  mkdirSync(join(root, 'content'));
  write('clean.md', '# A clean page\n\nNothing to check here.\n');
  write('other.md', '# Another page\n\nText.\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// parseData that rejects one page, as a schema or renderer failure would.
const failing =
  (bad: string) =>
  async ({ id, data }: { id: string; data: unknown }) => {
    if (id === bad) throw new Error('data does not match the collection schema: `gpus` must be positive');
    return storeRefSchema.parse(data);
  };

describe('a page that cannot be rendered', () => {
  it('should fail a production build naming the file and the reason', async () => {
    const f = fakeLoader(root, cacheDir(), failing('other'));
    await expect(reportsLoader({ failOnError: true }).load(f.context)).rejects.toThrow(
      /1 page could not be rendered:\ncontent\/other\.md:1:1: cannot be rendered: data does not match the collection schema: `gpus` must be positive/,
    );
  });

  it('should be an error line (not a quiet skip) when failing is off, and the rest still builds', async () => {
    const f = fakeLoader(root, cacheDir(), failing('other'));
    await reportsLoader({ failOnError: false }).load(f.context);
    expect([...f.entries.keys()]).toEqual(['clean']);
    expect(f.logs).toContain(
      'error content/other.md:1:1: cannot be rendered: data does not match the collection schema: `gpus` must be positive',
    );
  });

  it('should render a page whose links carry malformed %-escapes, with a message per link', async () => {
    write('bad-links.md', '# Bad links\n\n[x](%E0%A4%A.md) and [y](#%zz) stay readable.\n');
    const f = fakeLoader(root, cacheDir());
    await reportsLoader({ failOnError: false }).load(f.context);
    const entry = f.entries.get('bad-links');
    expect(entry).toBeDefined();
    expect(cachedHtml(entry)).toContain('stay readable');
    // The check stage reports both links (one diagnostic channel); the renderer only shows them as plain text.
    const rules = readEntry(entry).data.messages.map((m: { ruleId: string; line: number }) => `${m.ruleId}@${m.line}`);
    expect(rules).toContain('link-unresolved@3');
    expect(rules).toContain('anchor-missing@3');
    expect(cachedHtml(entry)).toMatch(/<span class="link-unavailable"[^>]*>x<\/span> and <span class="link-unavailable"[^>]*>y<\/span>/);
  });
});

describe('a cache folder that cannot be written', () => {
  it('should stop the build naming the folder and the cause instead of skipping every page', async () => {
    // A file where the cache folder should be: every write fails (as on a read-only or full disk).
    writeFileSync(cacheDir(), 'not a folder');
    const f = fakeLoader(root, cacheDir());
    await expect(reportsLoader({ failOnError: false }).load(f.context)).rejects.toThrow(
      /cannot (create|write to) the render cache folder `.*cache.*`: .*(EEXIST|ENOTDIR)/,
    );
  });
});

describe('cache entries', () => {
  async function loadTwice(damage: (prefix: string) => void) {
    const f = fakeLoader(root, cacheDir());
    await reportsLoader({ failOnError: true }).load(f.context);
    const prefix: string = f.entries.get('clean').data.cache;
    damage(prefix);
    await reportsLoader({ failOnError: true }).load(f.context);
    return f.entries.get('clean');
  }

  it('should re-render an edited cached HTML instead of publishing it', async () => {
    const entry = await loadTwice((p) =>
      writeFileSync(`${p}.html`, readFileSync(`${p}.html`, 'utf8') + '<script>window.__pwned = 1</script>'),
    );
    expect(cachedHtml(entry)).toContain('Nothing to check here.');
    expect(cachedHtml(entry)).not.toContain('<script>');
  });

  it('should re-render an emptied cached source instead of publishing 0 bytes', async () => {
    const entry = await loadTwice((p) => writeFileSync(`${p}.md`, ''));
    expect(cachedSource(entry)).toBe('# A clean page\n\nNothing to check here.\n');
  });

  it('should re-render a truncated runs file instead of crashing', async () => {
    const entry = await loadTwice((p) => writeFileSync(`${p}.runs.json`, '[{"id":'));
    expect(cachedRuns(entry)).toEqual([]);
  });

  it('should re-read an edited entry file from the page, never serve it', async () => {
    const entry = await loadTwice((p) =>
      writeFileSync(`${p}.entry.json`, readFileSync(`${p}.entry.json`, 'utf8').replace('A clean page', '<img src=x onerror=alert(1)>')),
    );
    expect(readEntry(entry).data.title).toBe('A clean page');
  });

  it('should refuse an entry file changed after the load', async () => {
    const f = fakeLoader(root, cacheDir());
    await reportsLoader({ failOnError: true }).load(f.context);
    const entry = f.entries.get('clean');
    writeFileSync(`${entry.data.cache}.entry.json`, '{}');
    expect(() => readEntry(entry)).toThrow(/changed after it was written; not publishing it/);
  });

  it('should refuse to publish a cache file changed after the load', async () => {
    const f = fakeLoader(root, cacheDir());
    await reportsLoader({ failOnError: true }).load(f.context);
    const entry = f.entries.get('clean');
    writeFileSync(`${entry.data.cache}.html`, '<script>window.__pwned = 1</script>');
    expect(() => cachedHtml(entry)).toThrow(/changed after it was written; not publishing it/);
  });

  it('should refuse a cache file changed after a read that found it whole (a file read again is not trusted)', async () => {
    const f = fakeLoader(root, cacheDir());
    await reportsLoader({ failOnError: true }).load(f.context);
    const entry = f.entries.get('clean');
    const html = cachedHtml(entry);
    expect(cachedHtml(entry)).toBe(html);
    // Same length, so only its time and text tell it apart.
    writeFileSync(`${entry.data.cache}.html`, 'x'.repeat(Buffer.byteLength(html)));
    expect(() => cachedHtml(entry)).toThrow(/changed after it was written; not publishing it/);
  });

  it('should leave no temporary file behind', async () => {
    const f = fakeLoader(root, cacheDir());
    await reportsLoader({ failOnError: true }).load(f.context);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(cacheDir(), 'perflab')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('two builds sharing one cache folder', () => {
  it('should make the second wait, then fail with a clear message while the first still runs', async () => {
    const dir = join(root, 'locked');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      mkdirSync(dir);
      writeFileSync(`${dir}.lock`, String(other.pid));
      const said: string[] = [];
      await expect(lockCache(dir, (m) => said.push(m), 800)).rejects.toThrow(
        new RegExp(
          `another build \\(process ${other.pid}\\) is using the render cache .*; wait for it to finish, or give this build its own PERFLAB_CACHE_DIR`,
        ),
      );
      expect(said).toEqual([`waiting for another build (process ${other.pid}) that is using \`${dir}\``]);
    } finally {
      other.kill();
    }
  });

  it('should wait on a lock file another build has just created and not yet written (never take it over)', async () => {
    const dir = join(root, 'writing');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      mkdirSync(dir);
      // The other build's `wx` open has created the file; its pid follows a moment later.
      writeFileSync(`${dir}.lock`, '');
      setTimeout(() => writeFileSync(`${dir}.lock`, String(other.pid)), 200);
      const said: string[] = [];
      await expect(lockCache(dir, (m) => said.push(m), 800)).rejects.toThrow(new RegExp(`another build \\(process ${other.pid}\\)`));
      expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(other.pid));
      expect(said).toEqual([`waiting for another build (process ${other.pid}) that is using \`${dir}\``]);
    } finally {
      other.kill();
    }
  });

  it('should take over an empty lock file left by a process that died while taking it', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    writeFileSync(`${dir}.lock`, '');
    const old = new Date(Date.now() - 5000);
    utimesSync(`${dir}.lock`, old, old);
    await lockCache(dir, () => {}, 800);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
  });

  it('should take over a lock left by a process that no longer runs', async () => {
    const dir = join(root, 'stale');
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    mkdirSync(dir);
    writeFileSync(`${dir}.lock`, String(gone.pid));
    await lockCache(dir, () => {}, 800);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
  });
});

describe('astro dev rebuilding a page', () => {
  it('should keep the previous files a while, so a page served during the rebuild does not read a removed file', async () => {
    const { vi } = await import('vitest');
    const f = fakeLoader(root, cacheDir());
    (f.context as { watcher?: unknown }).watcher = { on: () => {}, add: () => {} };
    await reportsLoader({ failOnError: false }).load(f.context);
    const before = f.entries.get('clean');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      write('clean.md', '# A clean page\n\nEdited.\n');
      await reportsLoader({ failOnError: false }).load(f.context);
      expect(cachedHtml(before)).toContain('Nothing to check here.');
      vi.advanceTimersByTime(PRUNE_DELAY_MS);
      expect(() => cachedHtml(before)).toThrow(/is missing/);
      expect(cachedHtml(f.entries.get('clean'))).toContain('Edited.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('should remove no file while a reload runs: the removal waits for the last reload to end', async () => {
    const { vi } = await import('vitest');
    const f = fakeLoader(root, cacheDir());
    let changed: ((event: string, file: string) => void) | undefined;
    (f.context as { watcher?: unknown }).watcher = {
      on: (_event: string, handler: (event: string, file: string) => void) => (changed = handler),
      add: () => {},
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await reportsLoader({ failOnError: false }).load(f.context);
      const before = f.entries.get('clean');
      // The removal after the first load is waiting.
      expect(vi.getTimerCount()).toBe(1);
      write('clean.md', '# A clean page\n\nEdited.\n');
      changed?.('change', join(root, 'content', 'clean.md'));
      // A reload runs: nothing is waiting to remove files under it (before, the first load's removal came 10 s after
      // that load whatever ran then, and removed the files the reload had written and not yet put in the store).
      expect(vi.getTimerCount()).toBe(0);
      for (let turn = 0; turn < 2_000 && f.entries.get('clean') === before; turn++) await new Promise((r) => setImmediate(r));
      for (let turn = 0; turn < 2_000 && vi.getTimerCount() === 0; turn++) await new Promise((r) => setImmediate(r));
      expect(f.entries.get('clean')).not.toBe(before);
      expect(vi.getTimerCount()).toBe(1);
      expect(cachedHtml(before)).toContain('Nothing to check here.');
      vi.advanceTimersByTime(PRUNE_DELAY_MS);
      expect(() => cachedHtml(before)).toThrow(/is missing/);
      expect(cachedHtml(f.entries.get('clean'))).toContain('Edited.');
    } finally {
      vi.useRealTimers();
    }
  });
});
