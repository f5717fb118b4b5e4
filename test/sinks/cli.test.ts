// Every text `perflab check` prints goes through the terminal escaping: on a page full of hostile strings no output
// line starts with content (a `::error` workflow command, a fake finding), no ESC or other control byte reaches
// stdout or stderr, in every output mode; `--format github` lines are only perflab's own commands.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_PAGE } from './hostile-page.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT });
});

function hostileDir(config?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-sinks-'));
  mkdirSync(join(dir, 'models'));
  writeFileSync(join(dir, 'models', 'hostile.md'), HOSTILE_PAGE);
  if (config !== undefined) writeFileSync(join(dir, 'perflab.config.json'), config);
  return dir;
}

function perflab(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Control characters other than the line feed that ends each line (C0, DEL, C1, bidi, line separators). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The lines a program prints itself: a finding's place, a summary, advice, the fixer's lines, a usage error. */
const OWN =
  /^(models\/hostile\.md:\d+:\d+ {2}|\d+ files?, |What to do:| {2}[a-z-]+: | {2}To keep a finding|would fix \d+|fixed \d+|perflab: |$)/;

describe('perflab check prints no content as a line of its own, nor a control character', () => {
  for (const args of [[], ['--quiet'], ['--claims'], ['--fix-dry-run'], ['--format', 'github']]) {
    it(`should keep every line of \`perflab check ${args.join(' ')}\` its own`, () => {
      const dir = hostileDir();
      const r = perflab(['check', '.', '--no-cache', ...args], dir);
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(CONTROL);
      const lines = `${r.stdout}\n${r.stderr}`.split('\n');
      if (args[1] === 'github') {
        const commands = r.stdout.split('\n').filter(Boolean);
        expect(commands.length).toBeGreaterThanOrEqual(2);
        for (const l of commands)
          expect(l).toMatch(/^::(error|warning|notice) file=models\/hostile\.md,line=\d+,col=\d+,title=[a-z-]+::[^\n]*$/);
        for (const l of r.stderr.split('\n')) expect(l).toMatch(OWN);
      } else {
        for (const l of lines) expect(l).toMatch(OWN);
      }
    });
  }

  it('should print the findings quoting the raw line break and ESC as visible escapes, whole', () => {
    const r = perflab(['check', '.', '--no-cache'], hostileDir());
    expect(r.stdout).toContain(
      'models/hostile.md:11:1  warning  Unexpected image `nope.png\\n::error file=README.md,line=1::FAKE\\e[31m`: no such file next to this page  image-missing',
    );
  });

  it('should print a file name holding a line break and ESC as one escaped line, in check and in tables', () => {
    const dir = hostileDir();
    const name = 'evil\n::error file=README.md,line=1::NAME\u001b[2J.md';
    writeFileSync(join(dir, 'models', name), HOSTILE_PAGE);
    const shown = 'models/evil\\n::error file=README.md,line=1::NAME\\e[2J.md';
    const checked = perflab(['check', 'models', '--no-cache'], dir);
    expect(checked.stdout + checked.stderr).not.toMatch(CONTROL);
    expect(checked.stdout.split('\n').filter((l) => l.startsWith(shown)).length).toBeGreaterThan(0);
    const tables = perflab(['tables', `models/${name}`], dir);
    expect(tables.code).toBe(1);
    expect(tables.stdout + tables.stderr).not.toMatch(CONTROL);
    for (const l of tables.stderr.split('\n').filter(Boolean)) expect(l.startsWith(shown)).toBe(true);
  });

  it('should print a config error naming a hostile key on one line, escaped, with --format github too', () => {
    const dir = hostileDir('{"rul\\u001b[2Jes\\n::error file=a::CONFIG": 1}');
    for (const format of ['text', 'github']) {
      const r = perflab(['check', '.', '--format', format], dir);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      // One line: the key as its JSON string (its escape and line break written out), never raw.
      expect(r.stderr).toBe(
        'perflab: perflab.config.json:1:2: the config has an unknown key "rul\\u001b[2Jes\\n::error file=a::CONFIG"; ' +
          'the keys are "$schema", "rules", "overrides", "ignores" and "docsUrl"\n',
      );
    }
  });
});
