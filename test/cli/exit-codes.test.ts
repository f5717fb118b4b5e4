// Exit codes as ESLint's: 0 clean, 1 findings, 2 usage, config or internal error. A crash or an output that could not
// be written (a full disk: /dev/full) is 2, never the findings code, for every format and for `tables`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');
const full = existsSync('/dev/full');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'perflab-exit-'));
  mkdirSync(join(dir, 'content'));
  writeFileSync(join(dir, 'content', 'wrong.md'), claimMismatch.examples.notOk);
  writeFileSync(join(dir, 'content', 'right.md'), claimMismatch.examples.ok);
});

function perflab(args: string[], toFull = false) {
  const stdout = toFull ? openSync('/dev/full', 'w') : 'pipe';
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', stdout, 'pipe'] });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout ?? '' };
}

describe.skipIf(!full)('an output that cannot be written', () => {
  it.each(['text', 'json', 'github', 'sarif'])('should exit 2 with one internal-error line for --format %s', (format) => {
    const r = perflab(['check', 'content/wrong.md', '--no-cache', '--format', format], true);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^perflab: internal error: the output could not be written: ENOSPC/m);
  });

  it('should exit 2 for tables too', () => {
    const r = perflab(['tables', 'content/wrong.md'], true);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('perflab: internal error');
  });
});
if (!full) console.warn('SKIPPED: the full-disk exit codes need /dev/full');

describe('exit codes over pages, formats and outputs', () => {
  it('should be 2 for a usage error or a failed write, else 1 exactly when an unacknowledged error remains', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('content/wrong.md', 'content/right.md', 'content/nowhere.md'),
        fc.constantFrom('text', 'json', 'github', 'sarif', 'xml'),
        fc.boolean(),
        (page, format, toFull) => {
          const args = ['check', page, '--no-cache', '--format', format];
          const usage = page.endsWith('nowhere.md') || format === 'xml';
          // A write fails only when there is something to write (a clean page's text output is empty).
          const writes = perflab(args).stdout.length > 0;
          const expected = usage || (toFull && full && writes) ? 2 : page.endsWith('wrong.md') ? 1 : 0;
          expect(perflab(args, toFull && full).code, `${page} ${format} ${toFull}`).toBe(expected);
        },
      ),
      { numRuns: 24 },
    );
  });
});
