import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, githubLine } from '../../src/lib/output/github.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import type { Message } from '../../src/lib/schemas/message.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

/**
 * GitHub's workflow-command syntax: `::command prop=value,...::data`, where values and data carry no raw
 * CR/LF and property values no raw `:` or `,` (they are percent-escaped).
 */
const ANNOTATION = /^::(error|warning|notice) file=[^,:\r\n]+,line=\d+,col=\d+,title=[^,:\r\n]+::[^\r\n]*$/;

function perflab(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT });
});

const base: Message = {
  file: 'content/a.md',
  line: 3,
  column: 7,
  ruleId: 'claim-mismatch',
  severity: 'error',
  message: 'Unexpected `+5.0%`',
};

describe('GitHub annotation escaping', () => {
  it('should escape %, CR and LF in the message the way the Actions toolkit does', () => {
    expect(escapeData('50% of a\r\nb')).toBe('50%25 of a%0D%0Ab');
  });

  it('should also escape : and , in property values', () => {
    expect(escapeProperty('dir,1/a:b%.md')).toBe('dir%2C1/a%3Ab%25.md');
  });

  it('should print ::error with file, line, col and the rule id as title', () => {
    expect(githubLine(base, process.cwd())).toBe('::error file=content/a.md,line=3,col=7,title=claim-mismatch::Unexpected `+5.0%25`');
  });

  it('should print warnings as ::warning, infos as ::notice, and acknowledged findings as notices with the reason', () => {
    expect(githubLine({ ...base, severity: 'warning' }, '/')).toMatch(/^::warning /);
    expect(githubLine({ ...base, severity: 'info' }, '/')).toMatch(/^::notice /);
    const ack = githubLine({ ...base, acknowledged: { reason: 'kept, as published', line: 3 } }, '/');
    expect(ack).toBe(
      '::notice file=content/a.md,line=3,col=7,title=claim-mismatch (acknowledged)::Unexpected `+5.0%25` (acknowledged: kept, as published)',
    );
  });

  it('should make an absolute path relative to the working directory', () => {
    expect(githubLine({ ...base, file: join(ROOT, 'content', 'a.md') }, ROOT)).toContain('file=content/a.md,');
  });
});

describe('perflab check --format github', () => {
  it('should refuse an unknown format as a usage error (exit 2) naming the four formats', () => {
    const r = perflab(['check', 'test/fixtures/seed-pages', '--format', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('perflab: --format must be "text" or "json", got "xml" (for CI: "github" or "sarif")\n');
  });

  it('should print one valid annotation per finding of the seed pages and exit 0 (all errors acknowledged)', () => {
    const text = perflab(['check', 'test/fixtures/seed-pages']);
    const gh = perflab(['check', 'test/fixtures/seed-pages', '--format', 'github']);
    expect(gh.code).toBe(0);
    const lines = gh.stdout.trim().split('\n');
    expect(lines.length).toBe(text.stdout.trim().split('\n').length);
    for (const l of lines) expect(l).toMatch(ANNOTATION);
    expect(lines).toContain(
      '::notice file=test/fixtures/seed-pages/qwen3-32b/h100.md,line=22,col=134,title=claim-mismatch (acknowledged)::Unexpected `+10.7%25`, expected `+46.8%25` from (4068.16 / 2771.81 - 1) x 100 (line 389) (acknowledged: the two cells give +46.8%25; the upstream page prints +10.7%25)',
    );
  });

  it('should print ::error for an unacknowledged wrong number and exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-gh-'));
    writeFileSync(join(dir, 'page.md'), claimMismatch.examples.notOk);
    const r = perflab(['check', 'page.md', '--format', 'github'], dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    for (const l of lines) expect(l).toMatch(ANNOTATION);
    expect(
      lines.some((l) =>
        /^::error file=page\.md,line=7,col=\d+,title=claim-mismatch::Unexpected `\+5\.0%25`, expected `\+50\.0%25`/.test(l),
      ),
    ).toBe(true);
  });
});
