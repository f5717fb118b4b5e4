// A link or image outside the folder a page was read from is reported as outside, whether or not a file is there: the
// message must not tell a page's author which files the machine that checks or builds it holds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { contentFolderOf, outsideFolder } from '../../src/lib/content-folder.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');

it('should find the content folder from the file on disk and its path below it', () => {
  expect(contentFolderOf(join('/', 'site', 'content', 'm', 'r.md'), 'm/r.md')).toBe(join('/', 'site', 'content'));
  expect(contentFolderOf(join('/', 'site', 'content', 'm', 'r.md'), 'x/r.md')).toBeNull();
  expect(contentFolderOf(null, 'm/r.md')).toBeNull();
  expect(outsideFolder(join('/', 'a'), join('/', 'a', '..', 'b'))).toBe(true);
  expect(outsideFolder(join('/', 'a'), join('/', 'a', 'b', '..c'))).toBe(false);
  expect(outsideFolder(null, join('/', 'b'))).toBe(false);
});

it('should say the same of an existing and a missing file outside, and never that either exists', () => {
  const outer = mkdtempSync(join(tmpdir(), 'perflab-outside-'));
  writeFileSync(join(outer, 'secret.png'), 'x');
  const dir = join(outer, 'project');
  mkdirSync(join(dir, 'content', 'm'), { recursive: true });
  writeFileSync(
    join(dir, 'content', 'm', 'r.md'),
    '# A report\n\n![a](../../../secret.png)\n\n![b](../../../missing.png)\n\n[c](../../../secret.png) and [d](../../../missing.md)\n',
  );
  const r = spawnSync(process.execPath, [BIN, 'check', 'content', '--no-cache'], { cwd: dir, encoding: 'utf8' });
  const lines = r.stdout.split('\n').filter((l) => /image-missing|link-unresolved/.test(l));
  expect(lines).toHaveLength(4);
  for (const l of lines) expect(l).toContain('outside the content folder');
  expect(r.stdout).not.toContain('no such file');
});
