// Pages one file apart only on some hosts: `a.md` and `A.md` (one file where names ignore case) and NFC/NFD twins
// (which look the same): each is a route-collision whose message tells the two apart.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');

function check(names: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-twins-'));
  mkdirSync(join(dir, 'content'));
  for (const n of names) writeFileSync(join(dir, 'content', n), `# Page ${names.indexOf(n)}\n`);
  // A case-insensitive file system keeps one of them: nothing to check there.
  if (readdirSync(join(dir, 'content')).length < names.length) return null;
  const r = spawnSync(process.execPath, [BIN, 'check', 'content', '--no-cache', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
  const files = (JSON.parse(r.stdout) as { files: { messages: { ruleId: string; message: string }[] }[] }).files;
  return { code: r.status, messages: files.flatMap((f) => f.messages.filter((m) => m.ruleId === 'route-collision').map((m) => m.message)) };
}

it('should report two pages whose names differ only in case', () => {
  const r = check(['a.md', 'A.md']);
  if (!r) return;
  expect(r.code).toBe(1);
  expect(r.messages).toHaveLength(2);
  expect(r.messages[0]).toContain('on a case-insensitive file system');
});

it('should show NFC and NFD twins by their code points', () => {
  const r = check(['caf\u00e9.md', 'cafe\u0301.md']);
  if (!r) return;
  expect(r.code).toBe(1);
  expect(r.messages.join('\n')).toContain('caf<U+00E9>.md');
  expect(r.messages.join('\n')).toContain('cafe<U+0301>.md');
});
