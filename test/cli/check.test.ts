import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import { CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');

function perflab(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Result blocks and failure stubs by raw line scan, independent of the parser. */
function countBlocks(source: string): number {
  const lines = source.split('\n');
  let inFence = false;
  let count = 0;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) inFence = !inFence;
    else if (!inFence) return;
    else if (/Serving Benchmark Result/.test(line)) count++;
    else if (/^\s*Successful requests:/.test(line) && !/Serving Benchmark Result|Traffic request rate:/.test(lines[i - 1] ?? '')) count++;
    else if (/^\s*(?:#\s*)?(?:Crash\b|[A-Za-z]*Error[:(])/.test(line)) count++;
  });
  return count;
}

describe('perflab check', () => {
  it('should exit 0 on the seed pages, whose findings are all acknowledged, and print a summary', () => {
    const r = perflab(['check', 'test/fixtures/seed-pages']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^5 files, 95 runs, \d+\/\d+ claims verified \(\d+ consistent, \d+ mismatched \(all acknowledged\)\), \d+ not judged; 0 errors, \d+ warnings, 13 acknowledged \(/m,
    );
  });

  it('should print every claim with its grade under --claims, one line per claim of the JSON', () => {
    const page = 'test/fixtures/seed-pages/qwen3-32b/h100.md';
    const json = JSON.parse(perflab(['check', page, '--format', 'json']).stdout);
    const claims = json.files[0].claims as { line: number; column: number; verdict: string; rounding?: boolean }[];
    const lines = perflab(['check', page, '--claims'])
      .stdout.split('\n')
      .filter((l) => /^\S+:\d+:\d+ {2}(verified|consistent|rounding|mismatch|untraceable) /.test(l));
    expect(lines).toHaveLength(claims.length);
    for (const c of claims) {
      const grade = c.verdict === 'mismatch' && c.rounding ? 'rounding' : c.verdict;
      expect(lines.some((l) => l.startsWith(`${page}:${c.line}:${c.column}  ${grade} `))).toBe(true);
    }
    // The acknowledged wrong percentage of the conclusion: its grade, the formula with the recomputed value, and the note.
    expect(lines.find((l) => l.includes('+10.7%'))).toMatch(
      /mismatch\s+\+10\.7% {2}\(4068\.16 \/ 2771\.81 - 1\) x 100 = 46\.8 \(line \d+\) \[acknowledged\]/,
    );
  });

  it('should print `path:line:col  status  message  rule-id` lines (status: severity or acknowledged)', () => {
    const lines = perflab(['check', 'test/fixtures/seed-pages/qwen3-32b/h100.md']).stdout.trim().split('\n');
    expect(lines).toContain(
      'test/fixtures/seed-pages/qwen3-32b/h100.md:22:134  acknowledged  Unexpected `+10.7%`, expected `+46.8%` from (4068.16 / 2771.81 - 1) x 100 (line 389) ' +
        '(reason: the two cells give +46.8%; the upstream page prints +10.7%)  claim-mismatch',
    );
    for (const l of lines) expect(l).toMatch(/^\S+:\d+:\d+ {2}(error|warning|info|acknowledged) {2}.+ {2}[a-z-]+$/);
  });

  it('should exit 1 on an unacknowledged wrong number, naming file, line and rule', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-cli-'));
    writeFileSync(join(dir, 'page.md'), claimMismatch.examples.notOk);
    const r = perflab(['check', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${join(dir, 'page.md')}:7:`);
    expect(r.stdout).toMatch(/ {2}error {2}Unexpected `\+5\.0%`, expected `\+50\.0%`.* {2}claim-mismatch$/m);
  });

  it('should reuse parsed pages from its cache with the same output, and parse afresh with --no-cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-cache-'));
    writeFileSync(join(dir, 'page.md'), claimMismatch.examples.notOk);
    const first = perflab(['check', 'page.md'], dir);
    const second = perflab(['check', 'page.md'], dir);
    const fresh = perflab(['check', '--no-cache', 'page.md'], dir);
    expect(first.stderr).toContain('0 of 1 files parsed earlier');
    expect(second.stderr).toContain('1 of 1 files parsed earlier');
    expect(fresh.stderr).toContain('0 of 1 files parsed earlier');
    expect(second.stdout).toBe(first.stdout);
    expect(fresh.stdout).toBe(first.stdout);
    // A changed file is parsed again.
    writeFileSync(join(dir, 'page.md'), claimMismatch.examples.ok);
    const changed = perflab(['check', 'page.md'], dir);
    expect(changed.stderr).toContain('0 of 1 files parsed earlier');
    expect(changed.code).toBe(0);
  });

  it('should exit 2 (usage error) naming a path that does not exist, without a summary of 0 errors', () => {
    const r = perflab(['check', 'no/such/folder']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('perflab: no such file or folder: no/such/folder');
    expect(r.stderr).not.toMatch(/0 errors/);
    expect(r.stdout).toBe('');
  });

  it('should print one stable JSON document with --format json', () => {
    const doc = JSON.parse(perflab(['check', 'test/fixtures/seed-pages/qwen3-8b/h100-latency.md', '--format', 'json']).stdout);
    const file = doc.files[0];
    expect(Object.keys(file)).toEqual(['path', 'runs', 'claims', 'messages']);
    expect(file.runs[0]).toEqual({
      line: 85,
      format: 'vllm',
      label: null,
      failed: false,
      metrics: expect.objectContaining({ total_token_throughput: { value: 1020.76, text: '1020.76', unit: 'tok/s', line: 95 } }),
      setup: expect.objectContaining({ model: 'Qwen/Qwen3-8B', engine: 'vllm', maxConcurrency: 4, numPrompts: 100, role: 'baseline' }),
    });
    // Each setup field names the lines it was read from: the run's own launch, the benchmark command, the sections.
    expect(file.runs[0].setup.evidence).toEqual(expect.objectContaining({ model: [80], maxConcurrency: [70, 85] }));
    expect(Object.keys(file.claims[0])).toEqual(
      expect.arrayContaining(['line', 'kind', 'text', 'stated', 'recomputed', 'verdict', 'source']),
    );
    expect(Object.keys(file.messages[0])).toEqual(expect.arrayContaining(['line', 'column', 'ruleId', 'severity', 'message']));
  });
});

describe('no benchmark block is lost through the whole pipeline', () => {
  const files = [...markdownFiles(join(ROOT, 'test', 'fixtures', 'seed-pages')), ...(hasCorpus ? markdownFiles(CORPUS) : [])];
  const doc = JSON.parse(perflab(['check', ...files, '--format', 'json']).stdout || '{"files":[]}');

  for (const file of files) {
    it(`should report one run per result block or failure stub of ${file.slice(ROOT.length - 4)}`, () => {
      const entry = doc.files.find((f: { path: string }) => f.path === file);
      expect(entry.runs.length).toBe(countBlocks(readFileSync(file, 'utf8')));
    });
  }
});
