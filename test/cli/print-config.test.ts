// `perflab check --print-config <file>`: the settings that apply to one file (as ESLint's --print-config), from the
// config perflab finds or is given, without checking anything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/lib/rules/index.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');
const run = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
const defaultOf = (id: string) => rules.find((r) => r.id === id)!.severity;

function project(config?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-print-config-'));
  writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  mkdirSync(join(dir, 'content'));
  if (config) writeFileSync(join(dir, 'perflab.config.json'), JSON.stringify(config));
  return dir;
}

describe('perflab check --print-config', () => {
  const config = {
    rules: { 'image-missing': 'off' },
    overrides: [{ files: ['content/legacy/**'], rules: { 'claim-untraceable': 'error' } }],
    ignores: ['content/drafts/**'],
  };

  it('should print every rule with its severity for the file: defaults, then rules, then matching overrides', () => {
    const dir = project(config);
    const r = run(['check', '--print-config', 'content/legacy/a.md'], dir);
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ file: 'content/legacy/a.md', config: 'perflab.config.json', ignored: false, docsUrl: 'docs/rules.md' });
    expect(Object.keys(s.rules)).toEqual(rules.map((x) => x.id).sort());
    expect(s.rules['image-missing']).toBe('off');
    expect(s.rules['claim-untraceable']).toBe('error');
    expect(s.rules['claim-mismatch']).toBe(defaultOf('claim-mismatch'));
    const other = JSON.parse(run(['check', '--print-config', 'content/a.md'], dir).stdout);
    expect(other.rules['claim-untraceable']).toBe(defaultOf('claim-untraceable'));
    expect(JSON.parse(run(['check', '--print-config', 'content/drafts/x.md'], dir).stdout).ignored).toBe(true);
    expect(r.stderr).toBe('');
  });

  it('should say that no config applies, and take --config', () => {
    const dir = project();
    const none = JSON.parse(run(['check', '--print-config', 'content/a.md'], dir).stdout);
    expect(none.config).toBeNull();
    expect(none.rules['image-missing']).toBe(defaultOf('image-missing'));
    writeFileSync(join(dir, 'strict.json'), JSON.stringify({ rules: { 'image-missing': 'error' } }));
    const given = JSON.parse(run(['check', '--config', 'strict.json', '--print-config', 'content/a.md'], dir).stdout);
    expect(given).toMatchObject({ config: 'strict.json', rules: { 'image-missing': 'error' } });
  });

  it('should stop with exit 2 on a broken config, saying what is wrong', () => {
    const dir = project({ rules: { 'image-missng': 'off' } });
    const r = run(['check', '--print-config', 'content/a.md'], dir);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('did you mean "image-missing"?');
  });
});
