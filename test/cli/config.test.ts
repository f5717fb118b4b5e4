/**
 * `perflab.config.json`: its JSON schema (generated from the zod schema, committed for editors), messages with line
 * and column in plain words, duplicate keys, overrides, ignores, the docs URL, and finding it from any folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { applyConfig, ConfigError, configSchema, loadConfig, parseConfig, ruleDocsUrl } from '../../src/lib/config.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import type { Message } from '../../src/lib/schemas/message.js';
import { expectGenerated } from '../helpers/generated.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');
const SCHEMA = join(ROOT, 'perflab.config.schema.json');

function perflab(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, PERFLAB_CONFIG: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The problems a config text gets, one line each. */
function problems(text: string): string[] {
  try {
    parseConfig(text, join(process.cwd(), 'perflab.config.json'));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

function schemaText(): string {
  const schema = z.toJSONSchema(configSchema, { target: 'draft-7' });
  return `${JSON.stringify({ ...schema, title: 'perflab.config.json', description: 'perflab settings: severities per rule, overrides per file, ignored files (docs: README.md).' }, null, 2)}\n`;
}

describe('the JSON schema of perflab.config.json', () => {
  it('should match the committed perflab.config.schema.json (a mismatch writes perflab.config.schema.json-changed)', () => {
    expectGenerated(SCHEMA, schemaText());
  });

  it('should accept and refuse what the zod schema does, rule ids and severities included', () => {
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
    const cases = [
      { $schema: './perflab.config.schema.json', rules: { 'image-missing': 'off' } },
      { overrides: [{ files: ['content/old/**'], rules: { 'claim-untraceable': 'error' } }], ignores: ['content/drafts/**'] },
      { docsUrl: 'https://example.org/docs/rules.md' },
      {},
      { rules: { 'claim-mismach': 'off' } },
      { rules: { 'image-missing': 'warn' } },
      { rule: {} },
      { overrides: [{ files: [], rules: {} }] },
      { overrides: [{ rules: {} }] },
      { ignores: 'content/drafts/**' },
      [],
    ];
    for (const c of cases) expect(validate(c), JSON.stringify(c)).toBe(configSchema.safeParse(c).success);
    expect(cases.filter((c) => validate(c))).toHaveLength(4);
  });
});

describe('config messages', () => {
  it('should give a key written twice in one object as an error at the repeat, with line and column', () => {
    expect(problems('{\n  "rules": { "image-missing": "off" },\n  "rules": { "claim-mismatch": "warning" }\n}')).toEqual([
      'perflab.config.json:3:3: "rules" is given twice (first at line 2); keep one',
    ]);
    expect(problems('{"rules": {"image-missing": "off", "image-missing": "error"}}')).toEqual([
      'perflab.config.json:1:36: "rules.image-missing" is given twice (first at line 1); keep one',
    ]);
  });

  it("should say what is wrong in plain words, one line per path naming the file and the field, never in zod's phrasing", () => {
    const lines = problems(
      '{\n  "rules": {"nope": "off", "image-missing": "of"},\n  "overrides": [{"files": [], "rules": {"image-missing": 1}, "extra": 2}, {}],\n  "ignores": "drafts",\n  "docsUrl": "docs/rules.md",\n  "rule": {}\n}',
    );
    expect(lines).toEqual([
      'perflab.config.json:2:13: "rules.nope": "nope" is not a rule id; docs/rules.md lists them',
      'perflab.config.json:2:45: "rules.image-missing" is "of"; a severity is "error", "warning", "info" or "off"',
      'perflab.config.json:3:27: "overrides[0].files" is an empty list; give at least one glob',
      'perflab.config.json:3:58: "overrides[0].rules.image-missing" is 1; a severity is "error", "warning", "info" or "off"',
      'perflab.config.json:3:62: "overrides[0]" has an unknown key "extra"; the keys are "files" and "rules"',
      'perflab.config.json:3:75: "overrides[1].files" is missing',
      'perflab.config.json:3:75: "overrides[1].rules" is missing',
      'perflab.config.json:4:14: "ignores" is "drafts"; it should be a list',
      'perflab.config.json:5:14: "docsUrl" is "docs/rules.md"; it should be an absolute http(s) URL',
      'perflab.config.json:6:3: the config has an unknown key "rule"; the keys are "$schema", "rules", "overrides", "ignores" and "docsUrl"',
    ]);
    for (const l of lines) expect(l).not.toMatch(/Expected|Required|Invalid|Received|Unrecognized/);
    expect(problems('{"rules": {"a": "off",}}')).toEqual([expect.stringMatching(/^perflab\.config\.json:1:2[0-9]: not valid JSON: /)]);
    expect(problems('')).toEqual(['perflab.config.json:1:1: the file is empty; an empty config is `{}`']);
  });
});

function message(file: string, ruleId: string): Message {
  return { file, line: 1, column: 1, ruleId, severity: 'warning', message: 'm' };
}

describe('overrides, ignores and the docs URL', () => {
  it('should apply overrides in order to the files their globs match, relative to the config folder, and drop ignored files', () => {
    const config = {
      ...parseConfig(
        JSON.stringify({
          rules: { 'image-missing': 'off' },
          overrides: [
            { files: ['content/legacy/**'], rules: { 'image-missing': 'error', 'claim-untraceable': 'info' } },
            { files: ['content/legacy/keep.md'], rules: { 'image-missing': 'warning' } },
          ],
          ignores: ['content/drafts/**'],
        }),
      ),
      dir: '/project',
    };
    const out = applyConfig(
      [
        message('/project/content/a.md', 'image-missing'),
        message('/project/content/legacy/x/b.md', 'image-missing'),
        message('/project/content/legacy/x/b.md', 'claim-untraceable'),
        message('/project/content/legacy/keep.md', 'image-missing'),
        message('/project/content/drafts/new.md', 'claim-untraceable'),
      ],
      config,
    );
    expect(out.map((m) => `${m.file} ${m.ruleId} ${m.severity}`)).toEqual([
      '/project/content/legacy/x/b.md image-missing error',
      '/project/content/legacy/x/b.md claim-untraceable info',
      '/project/content/legacy/keep.md image-missing warning',
    ]);
  });

  it('should link each rule to its section, under docsUrl when set', () => {
    expect(ruleDocsUrl('claim-mismatch')).toBe('docs/rules.md#claim-mismatch');
    expect(ruleDocsUrl('claim-mismatch', { docsUrl: 'https://example.org/r.md' })).toBe('https://example.org/r.md#claim-mismatch');
  });
});

/** A project: package.json, a config, content/ with one wrong page and one in drafts/ ignored. */
function project(config: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-config-'));
  writeFileSync(join(dir, 'package.json'), '{"name": "reports", "private": true}\n');
  writeFileSync(join(dir, 'perflab.config.json'), JSON.stringify(config));
  mkdirSync(join(dir, 'content', 'drafts'), { recursive: true });
  writeFileSync(join(dir, 'content', 'page.md'), claimMismatch.examples.notOk);
  writeFileSync(join(dir, 'content', 'drafts', 'new.md'), claimMismatch.examples.notOk);
  return dir;
}

describe('the CLI and the config', () => {
  it('should find the config and the content from a subfolder, and keep the cache in the project root', () => {
    const dir = project({ ignores: ['content/drafts/**'], rules: { 'claim-mismatch': 'warning' } });
    const r = perflab(['check'], join(dir, 'content', 'drafts'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\.\.\/page\.md:\d+:\d+ {2}warning {2}Unexpected .* {2}claim-mismatch$/m);
    expect(r.stdout).not.toContain('new.md');
    expect(r.stderr).toMatch(/^1 file \(1 ignored by the config\), /m);
    // npm takes a folder with node_modules/ for a project root: none is made where the command ran.
    expect(existsSync(join(dir, 'content', 'drafts', 'node_modules'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules', '.cache', 'perflab'))).toBe(true);
  });

  it('should take --config (before or after the command), --max-warnings and --version', () => {
    const dir = project({});
    writeFileSync(join(dir, 'strict.json'), JSON.stringify({ rules: { 'claim-mismatch': 'warning' } }));
    expect(perflab(['check', 'content', '--no-cache'], dir).code).toBe(1);
    expect(perflab(['check', 'content', '--no-cache', '--config', 'strict.json'], dir).code).toBe(0);
    expect(perflab(['--config', 'strict.json', 'check', 'content', '--no-cache'], dir).code).toBe(0);
    // Two wrong numbers on each of the two pages, and each page's block repeats the other's: 6 warnings.
    const over = perflab(['check', 'content', '--no-cache', '--config', 'strict.json', '--max-warnings', '5'], dir);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('perflab: 6 warnings, more than --max-warnings 5');
    expect(perflab(['check', 'content', '--no-cache', '--config', 'strict.json', '--max-warnings', '6'], dir).code).toBe(0);
    const missing = perflab(['check', 'content', '--config', 'nope.json'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json: cannot be read (no such file)');
    const version = perflab(['--version'], dir);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('should suggest the command a mistyped word meant', () => {
    const dir = project({});
    for (const [word, command] of [
      ['chek', 'check'],
      ['tabels', 'tables'],
      ['tab', 'tables'],
    ]) {
      const r = perflab([word, 'content/page.md'], dir);
      expect(r.code, word).toBe(2);
      expect(r.stderr, word).toBe(`perflab: no such file or folder: ${word}; did you mean \`perflab ${command}\`?\n`);
    }
    expect(perflab(['contnet'], dir).stderr).not.toContain('did you mean');
  });

  it('should link every message of --format json, and each rule of the advice, to its docs (docsUrl when set)', () => {
    const dir = project({ docsUrl: 'https://example.org/docs/rules.md' });
    const r = perflab(['check', 'content/page.md', '--format', 'json', '--no-cache'], dir);
    const messages = JSON.parse(r.stdout).files[0].messages as { ruleId: string; docsUrl: string }[];
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m.docsUrl).toBe(`https://example.org/docs/rules.md#${m.ruleId}`);
    const text = perflab(['check', 'page.md', '--no-cache'], join(dir, 'content'));
    // From content/, the config above still applies.
    expect(text.stderr).toContain('  claim-mismatch: ');
    expect(text.stderr).toContain(' (https://example.org/docs/rules.md#claim-mismatch)');
  });

  it('should read an empty config as none when loaded from a folder without one', () => {
    expect(loadConfig(mkdtempSync(join(tmpdir(), 'perflab-none-')))).toEqual({});
  });
});
