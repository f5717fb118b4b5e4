import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ensureCli, staleReason } from './build-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('tests that run the CLI build it first', () => {
  it('should have built bin/perflab.mjs from the current sources before any test ran', () => {
    expect(staleReason()).toBeNull();
    expect(existsSync(BIN)).toBe(true);
  });

  it('should build a missing or stale CLI, and say which input made it stale', () => {
    const root = mkdtempSync(join(tmpdir(), 'perflab-fresh-'));
    try {
      cpSync(join(ROOT, 'src'), join(root, 'src'), { recursive: true });
      cpSync(join(ROOT, 'scripts', 'build-cli.mjs'), join(root, 'scripts', 'build-cli.mjs'));
      symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
      expect(staleReason(root)).toBe('bin/perflab.mjs is missing');
      cpSync(BIN, join(root, 'bin', 'perflab.mjs'));
      const old = new Date(Date.now() - 3_600_000);
      utimesSync(join(root, 'bin', 'perflab.mjs'), old, old);
      expect(staleReason(root)).toMatch(/^bin\/perflab\.mjs is older than (src\/|scripts\/build-cli\.mjs)/);
      expect(ensureCli(root)).toMatch(/is older than/);
      expect(staleReason(root)).toBeNull();
      const help = spawnSync(process.execPath, [join(root, 'bin', 'perflab.mjs'), 'check', '--help'], { encoding: 'utf8' });
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^Usage: perflab check/);
      // Up to date: nothing to do.
      expect(ensureCli(root)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('should stop with one message naming what is missing when the CLI cannot be built', () => {
    const root = mkdtempSync(join(tmpdir(), 'perflab-broken-'));
    try {
      cpSync(join(ROOT, 'src', 'lib', 'limits.ts'), join(root, 'src', 'lib', 'limits.ts'));
      expect(() => ensureCli(root)).toThrow(
        /^The CLI tests run bin\/perflab\.mjs, which could not be built \(bin\/perflab\.mjs is missing\): `npm run build:cli` failed/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('should stamp the bundle with the hash of its own code', () => {
    const text = readFileSync(BIN, 'utf8');
    const stamps = [...new Set(text.match(/perflab-build-[0-9a-f]{50}/g))];
    expect(stamps).toHaveLength(1);
    const hash = stamps[0].slice('perflab-build-'.length);
    const unstamped = text.split(stamps[0]).join(`perflab-build-${'0'.repeat(50)}`);
    expect(createHash('sha256').update(unstamped).digest('hex').slice(0, 50)).toBe(hash);
  });
});
