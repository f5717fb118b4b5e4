/**
 * `.vscode/tasks.json`: its problem matchers against real `perflab check` and `perflab check --watch` output. The
 * watch task is followed through a model of VS Code's background collector (tasks/common/problemCollectors.ts): a
 * begin pattern with a file group marks that file for cleaning, one without marks every file; findings replace the
 * whole list of their file; the end pattern removes the marked files no finding named. The Problems panel after
 * each save must equal what a full `perflab check` prints, also for the files that did not change.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');
const TASKS = JSON.parse(readFileSync(join(ROOT, '.vscode', 'tasks.json'), 'utf8')) as {
  tasks: { label: string; command: string; isBackground?: boolean; problemMatcher: Matcher | Matcher[] }[];
};

interface Pattern {
  regexp: string;
  file?: number;
}
interface Matcher {
  owner: string;
  /** The severity of every problem this matcher reads, when its pattern has no severity group. */
  severity?: string;
  pattern: Pattern & { line?: number; column?: number; severity?: number; message: number; code?: number };
  background?: { activeOnStart: boolean; beginsPattern: Pattern; endsPattern: string };
}

const task = (label: string) => TASKS.tasks.find((t) => t.label === label)!;
const matchers = (label: string) => [task(label).problemMatcher].flat();

/** `file:line:col severity code message` of each finding a matcher reads from a line. */
function problem(m: Matcher, line: string): { file: string; text: string } | null {
  const g = new RegExp(m.pattern.regexp).exec(line);
  if (!g) return null;
  const p = m.pattern;
  const severity = p.severity ? g[p.severity] : m.severity;
  return { file: g[p.file!], text: `${g[p.file!]}:${g[p.line!]}:${g[p.column!]} ${severity} ${g[p.code!]} ${g[p.message]}` };
}

/** The first of a task's matchers that reads a line (VS Code gives a line to each in turn). */
function problemOf(ms: readonly Matcher[], line: string): { file: string; text: string } | null {
  for (const m of ms) {
    const p = problem(m, line);
    if (p) return p;
  }
  return null;
}

/** The Problems panel, as VS Code's background collector builds it from the task's lines. */
class Panel {
  problems = new Map<string, string[]>();
  private active = new Set<number>();
  private toClean = new Set<string>();
  private cycle = new Map<string, string[]>();
  constructor(private readonly ms: Matcher[]) {
    ms.forEach((m, i) => m.background?.activeOnStart && this.begin(i, null));
  }
  private begin(i: number, file: string | null) {
    this.active.add(i);
    if (file === null) for (const f of this.problems.keys()) this.toClean.add(f);
    else this.toClean.add(file);
  }
  line(text: string) {
    let consumed = false;
    this.ms.forEach((m, i) => {
      const b = m.background && !this.active.has(i) ? new RegExp(m.background.beginsPattern.regexp).exec(text) : null;
      if (b) {
        const group = m.background!.beginsPattern.file;
        this.begin(i, group ? b[group] : null);
        consumed = true;
      }
    });
    if (consumed) return;
    let finished = false;
    this.ms.forEach((m, i) => {
      if (m.background && this.active.has(i) && new RegExp(m.background.endsPattern).test(text)) {
        this.active.delete(i);
        finished = true;
      }
    });
    if (finished) {
      for (const [file, list] of this.cycle) this.problems.set(file, list);
      for (const file of this.toClean) if (!this.cycle.has(file)) this.problems.delete(file);
      this.cycle.clear();
      this.toClean.clear();
      return;
    }
    for (const m of this.ms) {
      const p = problem(m, text);
      if (!p) continue;
      this.cycle.set(p.file, [...(this.cycle.get(p.file) ?? []), p.text]);
      this.toClean.delete(p.file);
      break;
    }
  }
  list(): string[] {
    return [...this.problems.values()].flat().sort();
  }
}

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function project(): string {
  dir = mkdtempSync(join(tmpdir(), 'perflab-vscode-'));
  writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  mkdirSync(join(dir, 'content', 'a'), { recursive: true });
  copyFileSync(join(ROOT, 'test', 'fixtures', 'seed-pages', 'qwen3-14b', 'h100.md'), join(dir, 'content', 'a', 'one.md'));
  copyFileSync(join(ROOT, 'test', 'fixtures', 'seed-pages', 'qwen3-32b', 'h100.md'), join(dir, 'content', 'a', 'two.md'));
  return dir;
}

/** What the plain task's matcher reads from a full check: the whole list, sorted. */
function fullCheck(cwd: string): string[] {
  const r = spawnSync(process.execPath, [BIN, 'check', '--no-cache'], { cwd, encoding: 'utf8' });
  const ms = matchers('perflab: check');
  return r.stdout
    .split('\n')
    .map((l) => problemOf(ms, l)?.text)
    .filter((t): t is string => !!t)
    .sort();
}

function until(test: () => boolean, what: () => string, ms = 30_000): Promise<void> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const tick = () => {
      if (test()) done();
      else if (Date.now() - started > ms) fail(new Error(`timed out; output so far:\n${what()}`));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

it('should run the project’s own binary, never a package fetched by name', () => {
  for (const t of TASKS.tasks) expect(t.command, t.label).toMatch(/^npm exec --no -- perflab check\b/);
});

it('should end a watch cycle on the summary line, also when the config ignores files', () => {
  for (const m of matchers('perflab: watch')) {
    const end = new RegExp(m.background!.endsPattern);
    expect(end.test('2 files, 30 runs, 50/52 claims verified (2 mismatched); 1 error, 0 warnings, 0 acknowledged (...)')).toBe(true);
    expect(end.test('1 file (1 ignored by the config), 1 run, 4/6 claims verified; 0 errors, 6 warnings, 0 acknowledged')).toBe(true);
  }
});

it('should read every finding of a plain check, with file, line, column, severity, rule id and message', () => {
  const cwd = project();
  const r = spawnSync(process.execPath, [BIN, 'check', '--no-cache'], { cwd, encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  expect(lines.length).toBeGreaterThan(3);
  const ms = matchers('perflab: check');
  const m = ms[0];
  for (const l of lines) expect(problemOf(ms, l), l).not.toBeNull();
  // An acknowledged finding is info in the Problems panel, never an error (the check exits 0).
  const acked = lines.filter((l) => l.includes('  acknowledged  '));
  expect(acked.length).toBeGreaterThan(0);
  for (const l of acked) expect(problemOf(ms, l)?.text, l).toMatch(/^\S+:\d+:\d+ info /);
  expect(
    problem(m, 'content/a/one.md:22:134  error  Unexpected `+10.7%`, expected `+46.8%` from x  (line 389)  claim-mismatch')?.text,
  ).toBe('content/a/one.md:22:134 error claim-mismatch Unexpected `+10.7%`, expected `+46.8%` from x  (line 389)');
});

it('should keep the Problems panel equal to a full check after each save with --watch, for unchanged and cleaned files too', async () => {
  const cwd = project();
  const panel = new Panel(matchers('perflab: watch'));
  // One stream, in order, as the task's terminal shows it.
  const child = spawn('sh', ['-c', `exec "${process.execPath}" "${BIN}" check --watch 2>&1`], { cwd });
  let text = '';
  let fed = 0;
  let summaries = 0;
  child.stdout.on('data', (d) => {
    text += d;
    const end = text.lastIndexOf('\n');
    for (const l of text
      .slice(fed, end + 1)
      .split('\n')
      .slice(0, -1)) {
      panel.line(l);
      if (new RegExp(matchers('perflab: watch')[0].background!.endsPattern).test(l)) summaries++;
    }
    fed = end + 1;
  });
  const cycle = (n: number) =>
    until(
      () => summaries >= n,
      () => text,
    );
  try {
    await cycle(1);
    expect(panel.list()).toEqual(fullCheck(cwd));
    expect(panel.list().some((p) => p.startsWith('content/a/two.md:'))).toBe(true);
    // A save that changes one page's findings: the other page's problems stay.
    appendFileSync(join(cwd, 'content', 'a', 'one.md'), '\nSee the [other page](missing-page.md).\n');
    await cycle(2);
    expect(text).toMatch(/checked again\n/);
    expect(panel.list()).toEqual(fullCheck(cwd));
    expect(panel.list().some((p) => p.startsWith('content/a/two.md:'))).toBe(true);
    // A page without findings any more: its problems go.
    writeFileSync(join(cwd, 'content', 'a', 'two.md'), '# A clean page\n\nNothing to check here.\n');
    await cycle(3);
    expect(text).toContain('content/a/two.md: no findings');
    expect(panel.list()).toEqual(fullCheck(cwd));
    expect(panel.list().some((p) => p.startsWith('content/a/two.md:'))).toBe(false);
  } finally {
    child.kill();
  }
}, 120_000);
