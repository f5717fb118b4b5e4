// One status per finding (issue 46): an acknowledged finding is `acknowledged` in every output, never `error`: the
// text format, `--quiet`, `--format github`, SARIF (a suppression) and the VS Code problem matchers (.vscode/tasks.json);
// the summary's counts agree with their nouns and say what they count; `--claims` states a recomputed value once.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage, statusOf } from '../../src/lib/diagnostics.js';
import { formatCi, quietOutput } from '../../src/lib/output/index.js';
import { githubLine } from '../../src/lib/output/github.js';
import { formatClaims } from '../../src/lib/output/claims.js';
import { Tally } from '../../src/lib/cli/tally.js';
import type { Claim } from '../../src/lib/schemas/claim.js';
import type { Message } from '../../src/lib/schemas/message.js';
import type { Report } from '../../src/lib/schemas/report.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');
const SEED = 'test/fixtures/seed-pages/qwen3-32b/h100.md';

const message = (over: Partial<Message>): Message => ({
  file: 'p.md',
  line: 3,
  column: 7,
  ruleId: 'claim-mismatch',
  severity: 'error',
  message: 'Unexpected `+5.0%`, expected `+50.0%`',
  ...over,
});
const acknowledged = message({ acknowledged: { reason: 'kept, as published', line: 3 } });
const reportOf = (messages: Message[], claims: Partial<Claim>[] = []) =>
  ({ path: 'p.md', runs: [], claims, messages }) as unknown as Report;

function perflab(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('an acknowledged finding has one status: acknowledged', () => {
  it('should be `acknowledged` in the status of every output, and its severity otherwise', () => {
    expect(statusOf(acknowledged)).toBe('acknowledged');
    expect(statusOf(message({}))).toBe('error');
    expect(statusOf(message({ severity: 'warning' }))).toBe('warning');
  });

  it('should print `acknowledged`, not `error`, in the text format, with the reason', () => {
    expect(formatMessage(acknowledged)).toBe(
      'p.md:3:7  acknowledged  Unexpected `+5.0%`, expected `+50.0%` (reason: kept, as published)  claim-mismatch',
    );
    expect(formatMessage(message({}))).toBe('p.md:3:7  error  Unexpected `+5.0%`, expected `+50.0%`  claim-mismatch');
  });

  it('should leave acknowledged findings out of --quiet, which prints the errors only', () => {
    const out = quietOutput([reportOf([acknowledged, message({ line: 9 })])]);
    expect(out).toBe('p.md:9:7  error  Unexpected `+5.0%`, expected `+50.0%`  claim-mismatch');
  });

  it('should be a notice in --format github, and a suppressed result in SARIF', () => {
    expect(githubLine(acknowledged, '/')).toMatch(/^::notice file=p\.md,line=3,col=7,title=claim-mismatch \(acknowledged\)::/);
    const sarif = JSON.parse(formatCi('sarif', [reportOf([acknowledged, message({ line: 9 })])], '/'));
    const [ack, open] = sarif.runs[0].results;
    expect(ack.suppressions).toEqual([{ kind: 'inSource', status: 'accepted', justification: 'kept, as published' }]);
    expect(open.suppressions).toBeUndefined();
  });

  it('should print no acknowledged finding as an error from the CLI, in text or with --quiet (exit 0)', () => {
    const text = perflab(['check', SEED, '--no-cache']);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines).toContain(
      `${SEED}:22:134  acknowledged  Unexpected \`+10.7%\`, expected \`+46.8%\` from (4068.16 / 2771.81 - 1) x 100 (line 389) ` +
        '(reason: the two cells give +46.8%; the upstream page prints +10.7%)  claim-mismatch',
    );
    for (const l of lines) expect(l).toMatch(/^\S+:\d+:\d+ {2}(acknowledged|warning|info) {2}.+ {2}[a-z-]+$/);
    const quiet = perflab(['check', SEED, '--quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toBe('');
  });
});

describe('the VS Code problem matchers (.vscode/tasks.json)', () => {
  type Matcher = { severity?: string; pattern: { regexp: string; severity?: number } };
  const tasks = JSON.parse(readFileSync(join(ROOT, '.vscode', 'tasks.json'), 'utf8')) as {
    tasks: { label: string; problemMatcher: Matcher | Matcher[] }[];
  };
  /** The severity VS Code gives a line: the first matcher that reads it, its severity group or its fixed severity. */
  const severityOf = (label: string, line: string): string | null => {
    for (const m of [tasks.tasks.find((t) => t.label === label)!.problemMatcher].flat()) {
      const g = new RegExp(m.pattern.regexp).exec(line);
      if (g) return m.pattern.severity ? g[m.pattern.severity] : (m.severity ?? 'error');
    }
    return null;
  };

  it('should show an acknowledged finding as info, never as an error, in both tasks', () => {
    const ack = formatMessage({ ...acknowledged, file: 'content/a.md' });
    for (const label of ['perflab: check', 'perflab: watch']) {
      expect(severityOf(label, ack), label).toBe('info');
      expect(severityOf(label, formatMessage(message({ file: 'content/a.md' }))), label).toBe('error');
      expect(severityOf(label, formatMessage(message({ file: 'content/a.md', severity: 'warning' }))), label).toBe('warning');
    }
  });
});

describe('the summary line', () => {
  const facts = { files: 1, ignored: 0, bytes: 1000, ms: 10, earlier: 0, discarded: 0, helped: 0, notes: [] };
  const claim = (over: Partial<Claim>): Partial<Claim> => ({ verdict: 'verified', acknowledged: null, ...over });

  it('should agree each count with its noun', () => {
    const t = new Tally(true);
    t.add({ ...reportOf([message({}), message({ line: 4, severity: 'warning' })]), runs: [{}] } as unknown as Report, 0);
    expect(t.summary(facts)).toMatch(/^1 file, 1 run, 0\/0 claims verified; 1 error, 1 warning, 0 acknowledged \(/);
    const more = new Tally(true);
    for (let i = 0; i < 2; i++)
      more.add({ ...reportOf([message({}), message({ severity: 'warning' })]), runs: [{}, {}] } as unknown as Report, i);
    expect(more.summary({ ...facts, files: 2 })).toMatch(/^2 files, 4 runs, 0\/0 claims verified; 2 errors, 2 warnings, 0 acknowledged \(/);
  });

  it('should say how many mismatched claims are acknowledged, so "mismatched" beside "0 errors" is not a riddle', () => {
    const t = new Tally(true);
    const ack = { reason: 'kept', line: 1 };
    t.add(
      reportOf(
        [acknowledged, { ...acknowledged, line: 5 }],
        [
          claim({}),
          claim({ verdict: 'mismatch', acknowledged: ack }),
          claim({ verdict: 'mismatch', acknowledged: ack }),
          claim({ verdict: 'consistent' }),
        ],
      ),
      0,
    );
    expect(t.summary(facts)).toMatch(
      /^1 file, 0 runs, 1\/4 claims verified \(1 consistent, 2 mismatched \(all acknowledged\)\); 0 errors, 0 warnings, 2 acknowledged \(/,
    );
    const some = new Tally(true);
    some.add(
      reportOf([acknowledged, message({ line: 5 })], [claim({ verdict: 'mismatch', acknowledged: ack }), claim({ verdict: 'mismatch' })]),
      0,
    );
    expect(some.summary(facts)).toContain('(2 mismatched (1 acknowledged)); 1 error, 0 warnings, 1 acknowledged (');
  });
});

describe('perflab check --claims', () => {
  it('should state a recomputed value once when the formula ends with it', () => {
    const c = {
      line: 4,
      column: 2,
      text: '31.55',
      verdict: 'mismatch',
      rounding: true,
      formula: 'Mean TPOT (ms) = 31.56',
      recomputed: 31.56,
      source: { path: 'p.md', line: 40, metric: 'mean_tpot_ms' },
      acknowledged: null,
    } as unknown as Claim;
    expect(formatClaims([{ path: 'p.md', claims: [c] }])).toBe('p.md:4:2  rounding     31.55  Mean TPOT (ms) = 31.56 (line 40)');
    const percent = { ...c, text: '+5.0%', formula: '(10.5 / 7 - 1) x 100', recomputed: 50, rounding: false } as Claim;
    expect(formatClaims([{ path: 'p.md', claims: [percent] }])).toBe('p.md:4:2  mismatch     +5.0%  (10.5 / 7 - 1) x 100 = 50 (line 40)');
  });
});
