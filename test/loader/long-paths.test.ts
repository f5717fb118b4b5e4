// A page's render-cache files are named from a hash of its path: any path the file system holds builds, and the
// build and `perflab check` agree on it (a page path past about 210 characters failed the build with ENAMETOOLONG).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cachePrefix, writeCache } from '../../src/lib/engine/site-cache.js';
import { cacheSuffixes } from '../../src/lib/site/cached.js';
import { buildSite, projectRoot } from '../site/build.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'perflab-long-'));
  dirs.push(d);
  return d;
};

it('should name each cache file within the file system limit, whatever the id, and tell ids apart', () => {
  const dir = temp();
  const longest = Math.max(...Object.values(cacheSuffixes).map((s) => s.length));
  const ids = ['a'.repeat(240) + '/x', 'a'.repeat(240) + '/y', 'é/'.repeat(200), 'q/h100'];
  const prefixes = ids.map((id) => cachePrefix(dir, id, 'f'.repeat(64)));
  expect(new Set(prefixes).size).toBe(ids.length);
  for (const p of prefixes) {
    expect(Buffer.byteLength(basename(p)) + longest).toBeLessThanOrEqual(255);
    writeCache(p, { html: '', source: '', runs: '[]', entry: '{}', rows: '[]', data: '{}', csv: '{}' });
    expect(existsSync(p + cacheSuffixes.entry)).toBe(true);
  }
});

it('should build a page whose path is 230 characters long, with the findings perflab check gives it', () => {
  const dir = temp();
  const content = join(dir, 'content');
  const folder = join(content, 'm'.repeat(110), 'g'.repeat(110));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'report.md'), '# A report with a long path\n\n![missing](nowhere.png)\n');
  const check = spawnSync(process.execPath, [join(projectRoot, 'bin', 'perflab.mjs'), 'check', content, '--no-cache', '--format', 'json'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  expect(check.status).toBe(0);
  const ids = (JSON.parse(check.stdout) as { files: { messages: { ruleId: string }[] }[] }).files[0].messages.map((m) => m.ruleId);
  expect(ids).toContain('image-missing');
  buildSite(dir, [content]);
  const page = join(dir, 'dist', 'reports', 'm'.repeat(110), 'g'.repeat(110), 'report', 'index.html');
  expect(existsSync(page)).toBe(true);
});
