// `--fix` never loses an edit and never leaves a page cut: every write is a temporary file in the page's folder
// renamed over it (mode kept), refused when the page changed since it was read; a failing write (EFBIG under a
// file-size limit) names the file, leaves the page as it was and exits non-zero. And its report counts what changed.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/lib/config.js';
import { computeFixes, fixDiff, fixReport, fixSources, pipelinePlanner, writeFixes, type Planner } from '../../src/lib/fix/fix.js';
import type { Fix } from '../../src/lib/fix/plan.js';
import { CHANGED, writeAtomic } from '../../src/lib/fix/write.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT });
});

/** A folder holding one page with one certain wrong number (`+5.0%`, recomputed `+50.0%`). */
function pageDir(): { dir: string; page: string; source: string } {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-write-'));
  const page = join(dir, 'page.md');
  const source = claimMismatch.examples.notOk;
  writeFileSync(page, source);
  return { dir, page, source };
}

const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.includes('perflab-tmp'));

describe('writeAtomic', () => {
  it('should replace the page through a temporary file, keeping its mode and leaving no temporary file', () => {
    const { dir, page, source } = pageDir();
    chmodSync(page, 0o640);
    expect(writeAtomic(page, 'new text\n', Buffer.from(source))).toBeNull();
    expect(readFileSync(page, 'utf8')).toBe('new text\n');
    expect(statSync(page).mode & 0o7777).toBe(0o640);
    expect(leftovers(dir)).toEqual([]);
  });

  it('should refuse to replace a page that changed since it was read', () => {
    const { dir, page, source } = pageDir();
    appendFileSync(page, 'a line saved meanwhile\n');
    expect(writeAtomic(page, 'new text\n', Buffer.from(source))).toBe(`not written: ${CHANGED}`);
    expect(readFileSync(page, 'utf8')).toBe(`${source}a line saved meanwhile\n`);
    expect(leftovers(dir)).toEqual([]);
  });

  it('should write the file a symlinked page points to, keeping the link', () => {
    const { dir, page, source } = pageDir();
    const link = join(dir, 'link.md');
    symlinkSync(page, link);
    expect(writeAtomic(link, 'through the link\n', Buffer.from(source))).toBeNull();
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(page, 'utf8')).toBe('through the link\n');
  });

  // Root may write any file: the check runs as nobody then, which must be able to read the CLI.
  const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const canRun =
    process.platform !== 'win32' &&
    spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(join(ROOT, 'package.json'))}, 4)`], as).status === 0;
  if (!canRun) console.warn('write.test.ts: the EACCES test is skipped (the CLI cannot be run as another user here)');

  it.skipIf(!canRun)('should leave a read-only page alone (EACCES), naming it, exit 1', () => {
    const { dir, page, source } = pageDir();
    chmodSync(dir, 0o777);
    chmodSync(page, 0o444);
    // The folder is writable: a rename alone would replace the page.
    const r = spawnSync(process.execPath, [BIN, 'check', 'page.md', '--fix', '--no-cache'], { cwd: dir, encoding: 'utf8', ...as });
    expect(r.stderr).toMatch(
      /page\.md:7:\d+ {2}not fixed {2}`\+5\.0%` \(would be `\+50\.0%`\): cannot write page\.md: permission denied \(EACCES\); the page is left as it was/,
    );
    expect(r.status).toBe(1);
    expect(readFileSync(page, 'utf8')).toBe(source);
    expect(leftovers(dir)).toEqual([]);
  });

  it('should name the file and the reason when the page cannot be written, without throwing', () => {
    const { dir } = pageDir();
    const gone = join(dir, 'gone.md');
    expect(writeAtomic(gone, 'x', Buffer.from(''))).toMatch(
      /^cannot write .*gone\.md: the page or its folder is gone \(ENOENT\); the page is left as it was$/,
    );
  });
});

describe('perflab check --fix against a page edited or unwritable during the run', () => {
  it('should keep a line appended to the page while --fix ran, and report the page as not fixed', () => {
    const { dir, page, source } = pageDir();
    // The real pipeline, with an editor saving the page after the first check: the moment --fix lost the edit.
    const real = pipelinePlanner(loadConfig(dir));
    let calls = 0;
    const planner: Planner = (files, sources) => {
      if (calls++ === 0) appendFileSync(page, 'a line saved during the run\n');
      return real(files, sources);
    };
    const result = computeFixes([page], dir, planner);
    expect(result.files.map((f) => f.fixes.map((x) => `${x.from} -> ${x.to}`))).toEqual([['+5.0% -> +50.0%']]);
    const failures = writeFixes(result);
    expect(failures).toEqual([{ path: page, reason: `not written: ${CHANGED}` }]);
    expect(readFileSync(page, 'utf8')).toBe(`${source}a line saved during the run\n`);
    const report = fixReport(result, false, failures);
    expect(report).toContain('page.md:7:');
    expect(report).toContain('not fixed  `+5.0%` (would be `+50.0%`): not written: the page changed since perflab read it');
    expect(report.split('\n').at(-1)).toBe('fixed 0 numbers in 0 files; 1 file not written (listed above)');
    expect(leftovers(dir)).toEqual([]);
  });

  it('should not write a page that is not valid UTF-8 (its other bytes would change)', () => {
    const { dir, page, source } = pageDir();
    const bytes = Buffer.concat([Buffer.from(source), Buffer.from([0xff, 0xfe, 0x0a])]);
    writeFileSync(page, bytes);
    const result = computeFixes([page], dir);
    expect(result.files).toHaveLength(1);
    expect(writeFixes(result)).toEqual([{ path: page, reason: expect.stringContaining('not valid UTF-8') }]);
    expect(readFileSync(page).equals(bytes)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')(
    'should leave the page whole and name it when a file-size limit stops the write (EFBIG), exiting 1 without a stack',
    () => {
      const { dir, page } = pageDir();
      // Pad the page past the limit (21 KiB): the fixed text cannot be written whole.
      const padded = `${readFileSync(page, 'utf8')}\n${'Padding prose to make the page larger than the limit.\n'.repeat(420)}`;
      writeFileSync(page, padded);
      expect(Buffer.byteLength(padded)).toBeGreaterThan(21 * 1024);
      const r = spawnSync('sh', ['-c', `ulimit -f 21 && exec "${process.execPath}" "${BIN}" check page.md --fix --no-cache`], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(r.stderr).not.toMatch(/node:fs|at .*\(node:|Error: EFBIG/);
      expect(r.stderr).toMatch(
        /page\.md:7:\d+ {2}not fixed {2}`\+5\.0%` \(would be `\+50\.0%`\): cannot write page\.md: .*\(EFBIG\); the page is left as it was/,
      );
      expect(r.status).toBe(1);
      expect(readFileSync(page, 'utf8')).toBe(padded);
      expect(leftovers(dir)).toEqual([]);
    },
  );

  it('should reject --fix together with --fix-dry-run with a one-line usage message and exit 2, writing nothing', () => {
    const { dir, page, source } = pageDir();
    const r = spawnSync(process.execPath, [BIN, 'check', 'page.md', '--fix', '--fix-dry-run'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('perflab: --fix writes the pages and --fix-dry-run writes nothing: give one of them\n');
    expect(readFileSync(page, 'utf8')).toBe(source);
  });
});

describe("--fix's report: one line per place changed, net over the passes", () => {
  const fix = (line: number, column: number, from: string, to: string): Fix => ({ file: 'p.md', line, column, from, to, formula: null });
  /** A planner that proposes, pass after pass, the fixes of `script` (its last step again and again, as a real check would). */
  const scripted =
    (script: Fix[][]): Planner =>
    (_files, sources) => {
      const step = (script.length > 1 ? script.shift() : script[0]) ?? [];
      // Only what the page reads at that place, as the real planner does.
      const text = sources[0].split('\n');
      return [{ fixes: step.filter((f) => text[f.line - 1].slice(f.column - 1).startsWith(f.from)), skipped: [] }];
    };

  it('should report a number fixed twice as one fix from the text as read to the text as written', () => {
    const page = '| a | -28.6% | 9.9% x |\n';
    const result = fixSources(['p.md'], [Buffer.from(page)], scripted([[fix(1, 7, '-28.6%', '-22.3%')], [fix(1, 7, '-22.3%', '-22.4%')]]));
    expect(result.files[0].after).toBe('| a | -22.4% | 9.9% x |\n');
    expect(fixReport(result, false).split('\n')).toEqual(['p.md:1:7  fixed  `-28.6%` -> `-22.4%`', 'fixed 1 number in 1 file']);
  });

  it('should count two agreeing fixes of one number once, and leave one whose checks disagree', () => {
    const page = '| a | 1.5 | 2.5 |\n';
    const result = fixSources(
      ['p.md'],
      [Buffer.from(page)],
      scripted([[fix(1, 7, '1.5', '1.6'), fix(1, 7, '1.5', '1.6'), fix(1, 13, '2.5', '2.6'), fix(1, 13, '2.5', '2.4')]]),
    );
    expect(result.files[0].after).toBe('| a | 1.6 | 2.5 |\n');
    expect(fixReport(result, false).split('\n')).toEqual([
      'p.md:1:7  fixed  `1.5` -> `1.6`',
      'p.md:1:13  not fixed  `2.5`: its checks recompute different values (`2.6`, `2.4`): no certain value',
      'fixed 1 number in 1 file',
    ]);
  });

  it('should leave, and list as not fixed, a number whose recomputed value goes back and forth', () => {
    const page = '| a | -28.6% | 9.9% x |\n';
    const result = fixSources(
      ['p.md'],
      [Buffer.from(page)],
      scripted([
        [fix(1, 7, '-28.6%', '-22.3%'), fix(1, 16, '9.9%', '10.1%')],
        [fix(1, 7, '-22.3%', '-28.6%')],
        [fix(1, 7, '-28.6%', '-22.3%')],
      ]),
    );
    expect(result.files[0].after).toBe('| a | -28.6% | 10.1% x |\n');
    expect(fixReport(result, false).split('\n')).toEqual([
      'p.md:1:16  fixed  `9.9%` -> `10.1%`',
      'p.md:1:7  not fixed  `-28.6%`: its recomputed value changes with the number itself (`-28.6%`, `-22.3%` in turn): no certain value',
      'fixed 1 number in 1 file',
    ]);
  });

  it("should show the diff's control characters on a terminal, keeping tabs and CRLF, and the bytes when piped", () => {
    const page = 'x 1.5 \u001b[2K\tend\r\n';
    const result = fixSources(['p.md'], [Buffer.from(page)], scripted([[fix(1, 3, '1.5', '1.6')]]));
    expect(fixDiff(result)).toContain('+x 1.6 \u001b[2K\tend\r\n');
    const shown = fixDiff(result, true);
    expect(shown).not.toContain('\u001b');
    expect(shown).toContain('+x 1.6 \\e[2K\tend\r\n');
  });

  it('should make every line of the report safe for the terminal', () => {
    const result = fixSources(
      ['p\x1b[2K.md'],
      [Buffer.from('x 1.5\n')],
      scripted([[{ ...fix(1, 3, '1.5', '1.6'), file: 'p\x1b[2K.md', formula: 'a\nb' }]]),
    );
    const report = fixReport(result, true);
    expect(report).not.toContain('\x1b');
    expect(report.split('\n')[0]).toBe('p\\e[2K.md:1:3  would fix  `1.5` -> `1.6` from a\\nb');
  });
});
