// `--fix` on a page of LF, CRLF or lone-CR lines (old Mac files): the wrong number is fixed at its place and every other
// byte, line breaks included, is kept. On a CR-only page it gave "the page no longer reads ..." and never fixed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');

it.each([
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['CR', '\r'],
])('should fix the number on a page of %s lines and keep every other byte', (_, eol) => {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-eol-'));
  const page = claimMismatch.examples.notOk.replace(/\n/g, eol);
  writeFileSync(join(dir, 'page.md'), page);
  const r = spawnSync(process.execPath, [BIN, 'check', 'page.md', '--fix', '--no-cache'], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).not.toContain('not fixed');
  expect(r.stderr).toMatch(/fixed 1 number in 1 file/);
  const fixed = readFileSync(join(dir, 'page.md'), 'utf8');
  expect(fixed).not.toBe(page);
  expect(fixed.replace('(+50.0%)', '(+5.0%)')).toBe(page);
});
