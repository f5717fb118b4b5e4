import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, PIPELINE_MESSAGE_IDS, knownMessageIds, parseConfig } from '../../src/lib/config.js';
import { collectMarkdown } from '../../src/lib/files.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

function perflab(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A folder with one wrong page (exit 1 when checked) and an optional config. */
function project(config?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-usage-'));
  mkdirSync(join(dir, 'content'));
  writeFileSync(join(dir, 'content', 'page.md'), claimMismatch.examples.notOk);
  if (config !== undefined) writeFileSync(join(dir, 'perflab.config.json'), config);
  return dir;
}

describe('exit codes: 0 clean, 1 findings, 2 usage or config error', () => {
  it('should exit 1 on findings and 2 on a bad option, a missing path or an empty folder', () => {
    const dir = project();
    expect(perflab(['check', 'content', '--no-cache'], dir).code).toBe(1);
    const bad = perflab(['check', '--no-such-option'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown option '--no-such-option'");
    const format = perflab(['check', 'content', '--format', 'xml'], dir);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be "text" or "json", got "xml"');
    const missing = perflab(['check', 'content', 'nowhere.md'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or folder: nowhere.md');
    mkdirSync(join(dir, 'empty'));
    const empty = perflab(['check', 'empty'], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no Markdown files found in empty');
  });

  it('should exit 2 with a one-line message, not a stack trace, on a bad config', () => {
    for (const [config, says] of [
      ['{"rules": "off"}', 'perflab.config.json:1:11: "rules" is "off"; it should be an object of rule ids to severities'],
      ['{"rules": {"claim-mismach": "off"}}', 'perflab.config.json:1:12: "rules.claim-mismach": "claim-mismach" is not a rule id'],
      ['{"rule": {}}', 'perflab.config.json:1:2: the config has an unknown key "rule"'],
      ['{"rules": {"image-missing": "warn"}}', '"rules.image-missing" is "warn"; a severity is "error", "warning", "info" or "off"'],
      ['{"rules": ', 'perflab.config.json:1:11: not valid JSON'],
    ] as const) {
      const r = perflab(['check', 'content', '--no-cache'], project(config));
      expect(r.code, config).toBe(2);
      expect(r.stderr, config).toContain(says);
      expect(r.stderr, config).not.toMatch(/\n\s+at /);
      expect(r.stderr.trim().split('\n'), config).toHaveLength(1);
    }
  });

  it('should accept a config with a BOM and apply it', () => {
    const r = perflab(['check', 'content', '--no-cache'], project('\ufeff{ "rules": { "claim-mismatch": "warning" } }'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ {2}warning {2}Unexpected `\+5\.0%`.* {2}claim-mismatch$/m);
  });
});

describe('config schema', () => {
  it('should list every problem and refuse prototype keys', () => {
    expect(() => parseConfig('{"rules": {"__proto__": "off"}}')).toThrow(ConfigError);
    try {
      parseConfig('{"rules": {"nope": "off", "image-missing": "of"}}', 'x.json');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'x.json:1:12: "rules.nope": "nope" is not a rule id; docs/rules.md lists them',
        'x.json:1:44: "rules.image-missing" is "of"; a severity is "error", "warning", "info" or "off"',
      ]);
    }
    expect(parseConfig('{}')).toEqual({});
  });

  it('should know every message id the source can emit', () => {
    const src = execFileSync('git', ['grep', '-hoE', String.raw`(draft\(|ruleId: )'[a-z-]+'`, '--', 'src/lib'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const ids = new Set([...src.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]));
    const known = knownMessageIds();
    const unknown = [...ids].filter((id) => !known.has(id) && !id.startsWith('site-'));
    expect(unknown).toEqual([]);
    expect([...PIPELINE_MESSAGE_IDS].sort()).toEqual(PIPELINE_MESSAGE_IDS);
  });
});

describe('file names', () => {
  it('should report `#` and `?` in a file name and NFC/NFD twins (one route), through the CLI as errors', () => {
    const nfc = 'caf\u00e9.md';
    const nfd = 'cafe\u0301.md';
    const ok = claimMismatch.examples.ok;
    const names = checkAll(['a/x#1.md', 'a/why?.md', `a/${nfc}`, `a/${nfd}`, 'a/ok.md'].map((p) => analyze(ok, p)))
      .flatMap((r) => r.messages)
      .filter((m) => m.ruleId === 'file-name-invalid' || m.ruleId === 'route-collision');
    expect(names.map((m) => [m.file, m.ruleId])).toEqual([
      ['a/x#1.md', 'file-name-invalid'],
      ['a/why?.md', 'file-name-invalid'],
      [`a/${nfc}`, 'route-collision'],
      [`a/${nfd}`, 'route-collision'],
    ]);
    expect(names.every((m) => m.severity === 'error' && m.line === 1)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'perflab-names-'));
    writeFileSync(join(dir, 'x#1.md'), ok);
    writeFileSync(join(dir, nfc), ok);
    writeFileSync(join(dir, nfd), ok);
    const files = collectMarkdown([dir]).files;
    const r = perflab(['check', '--no-cache', dir], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${join(dir, 'x#1.md')}:1:1  error  File name \`x#1.md\` contains \`#\``);
    // Some file systems store one form only: then there is one file and nothing to report.
    const twins = files.filter((f) => f.normalize('NFC') === join(dir, nfc).normalize('NFC'));
    if (twins.length === 2) expect(r.stdout.match(/ends at the same place of the site as .*route-collision$/gm)).toHaveLength(2);
    else console.warn('SKIPPED: this file system keeps one Unicode form of a name');
  });
});

describe('what to do', () => {
  it('names each rule with unacknowledged findings once, with its fix sentence, and nothing when all is clean', async () => {
    const { adviceFor } = await import('../../src/lib/cli/check.js');
    const { rules } = await import('../../src/lib/rules/index.js');
    const fix = rules.find((r) => r.id === 'claim-mismatch')!.fix;
    const advice = adviceFor([
      { ruleId: 'claim-mismatch', severity: 'error' },
      { ruleId: 'claim-mismatch', severity: 'error' },
      { ruleId: 'image-missing', severity: 'warning', acknowledged: { reason: 'kept', line: 1 } },
    ]);
    expect(advice.split('\n')).toEqual([
      'What to do:',
      `  claim-mismatch: ${fix} (docs/rules.md#claim-mismatch)`,
      '  To keep a finding as published, put `<!-- perflab-ignore rule-id: reason -->` on its line.',
    ]);
    expect(adviceFor([{ ruleId: 'x', severity: 'info' }])).toBe('');
    for (const r of rules) expect(r.fix.length, r.id).toBeGreaterThan(20);
  });
});
