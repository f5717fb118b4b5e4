// A YAML key that is a list or a map (`? [a, b]`) in front matter or a profile: the YAML library would print a Node
// warning of its own, outside perflab's message format; perflab prints none, and a profile with one is a finding.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');

it.each([
  ['front matter', '---\ntitle: A report\n? [a, b]\n: c\n---\n# A report\n', null],
  ['a profile', '# A report\n\n#### Benchmark profiles\n\n##### ShareGPT 8RPS\n\n```yaml\n? [a, b]\n: c\n```\n', 'profile-invalid'],
])('should print no Node warning for a collection key in %s', (_, page, rule) => {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-yaml-'));
  writeFileSync(join(dir, 'page.md'), page);
  const r = spawnSync(process.execPath, [BIN, 'check', 'page.md', '--no-cache'], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).not.toMatch(/Warning:|--trace-warnings/);
  if (rule) expect(r.stdout).toMatch(new RegExp(`page\\.md:7:1 .*${rule}`));
});
