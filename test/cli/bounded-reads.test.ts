// Every file perflab reads is a regular file, inside what it was given, under a size cap: a config linked to
// /dev/zero, /dev/stdin or a file outside the project, a FIFO config, an oversized config, and a FIFO page (named,
// or in a folder) each end in a message by name, never a hang, an unbounded read or an outside file's keys in a log.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');
const canFifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--help']).status === 0;

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-reads-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  mkdirSync(join(dir, 'content'));
  writeFileSync(join(dir, 'content', 'r.md'), '# A report\n\nNothing measured.\n');
  return dir;
}
const perflab = (dir: string, args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000, input: '' });
  return { code: r.status, stderr: r.stderr, signal: r.signal };
};

describe('the config', () => {
  it.each([
    ['/dev/zero', 'outside the project'],
    ['/dev/stdin', 'outside the project'],
  ])('should not be read through a link to %s', (target, says) => {
    if (!existsSync(target)) return;
    const dir = project();
    symlinkSync(target, join(dir, 'perflab.config.json'));
    const r = perflab(dir, ['check', 'content', '--no-cache']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(says);
  });

  it('should not print the keys of a file outside the project it links to', () => {
    const dir = project();
    const outside = mkdtempSync(join(tmpdir(), 'perflab-outside-'));
    writeFileSync(join(outside, 'secret.json'), '{"rules": {"token-abc123": "error"}}');
    symlinkSync(join(outside, 'secret.json'), join(dir, 'perflab.config.json'));
    const r = perflab(dir, ['check', 'content', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a link to a file outside the project');
    expect(r.stderr).not.toContain('token-abc123');
  });

  it('should refuse a config over the size cap without reading it whole', () => {
    const dir = project();
    writeFileSync(join(dir, 'perflab.config.json'), `{"rules": {}${' '.repeat(2 << 20)}}`);
    const r = perflab(dir, ['check', 'content', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is \d+ bytes; a config is at most 1048576 bytes/);
  });

  it.skipIf(!canFifo)('should refuse a FIFO as the config instead of waiting for a writer', () => {
    const dir = project();
    spawnSync('mkfifo', [join(dir, 'perflab.config.json')]);
    const r = perflab(dir, ['check', 'content', '--no-cache']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a regular file');
  });
});

describe.skipIf(!canFifo)('a page that is not a regular file', () => {
  it('should be a usage error when named, and listed as not read in a folder', () => {
    const dir = project();
    spawnSync('mkfifo', [join(dir, 'content', 'pipe.md')]);
    const named = perflab(dir, ['check', 'content/pipe.md', '--no-cache']);
    expect(named.signal).toBeNull();
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('not a regular file: content/pipe.md');
    const folder = perflab(dir, ['check', 'content', '--no-cache']);
    expect(folder.signal).toBeNull();
    expect(folder.code).toBe(0);
    expect(folder.stderr).toContain('content/pipe.md: not read: not a regular file');
  });
});
if (!canFifo) console.warn('SKIPPED: the FIFO cases need mkfifo');
