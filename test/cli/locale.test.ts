/** Output is byte-identical whatever the locale says, and from one run to the next. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');

// Names that `localeCompare` orders differently under en_US and da_DK (where `å` sorts last, `aa` with it).
const NAMES = ['aa.md', 'Zz.md', 'z.md', 'ø.md', 'å.md', 'a-b.md', 'ab.md'];

/** Several findings on one line, so rule ids are ordered too (`image-missing` vs `link-unresolved` ...). */
const noisy = `# Notes

![a](missing-a.png) [b](missing-b.md) [c](#no-such-heading) ![d](missing-d.png) <!-- perflab-ignore image-missing -->
`;

function run(dir: string, env: Record<string, string>, format: string) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LC_\w+|LANGUAGE)$/.test(k)));
  const r = spawnSync(process.execPath, [BIN, 'check', '--no-cache', '--format', format, dir], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...clean, ...env },
  });
  return { code: r.status, stdout: r.stdout };
}

describe('locale-independent output', () => {
  it('should print byte-identical text and JSON under en_US, da_DK and C, and across runs', () => {
    // Locale-dependent sorting would order these differently, so the check below would catch it.
    expect([...NAMES].sort((a, b) => a.localeCompare(b, 'en-US'))).not.toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'da-DK')));
    const dir = mkdtempSync(join(tmpdir(), 'perflab-locale-'));
    NAMES.forEach((name, i) => writeFileSync(join(dir, name), i % 2 ? noisy : claimMismatch.examples.notOk));
    const envs: Array<Record<string, string>> = [
      { LANG: 'en_US.UTF-8' },
      { LANG: 'da_DK.UTF-8' },
      { LC_ALL: 'da_DK.UTF-8' },
      { LC_ALL: 'C' },
      { LANG: 'en_US.UTF-8' },
    ];
    for (const format of ['text', 'json']) {
      const outs = envs.map((env) => run(dir, env, format));
      expect(outs[0].code).toBe(1);
      expect(outs[0].stdout.length).toBeGreaterThan(0);
      for (const [i, o] of outs.entries()) expect(o.stdout, `${format} ${JSON.stringify(envs[i])}`).toBe(outs[0].stdout);
    }
    // Files in code-unit order: `Zz.md` before `a-b.md`, `å.md` after `z.md`, `ø.md` last.
    const files = JSON.parse(run(dir, { LC_ALL: 'da_DK.UTF-8' }, 'json').stdout).files.map((f: { path: string }) =>
      f.path.slice(dir.length + 1),
    );
    expect(files).toEqual(['Zz.md', 'a-b.md', 'aa.md', 'ab.md', 'z.md', 'å.md', 'ø.md']);
  });
});
