// `perflab check --watch`: the author's loop without a site. Check once, then again whenever a Markdown file under
// the paths (or the config) changes, printing only the files whose findings changed. Parsed pages stay in memory,
// so a re-check parses only the edited pages; the checks that need every page run again (a number copied from an
// edited page may now be wrong on another).
import { watch, statSync, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ConfigError } from '../config.js';
import { formatMessage } from '../diagnostics.js';
import type { Analysis } from '../pipeline.js';
import { check, type CheckOptions } from './check.js';
import { UsageError, collectMarkdown } from './files.js';

const CONFIG = 'perflab.config.json';

export interface WatchOutput {
  /** Findings (stdout). */
  out: (text: string) => void;
  /** Summaries, problems and the time of each check (stderr). */
  err: (text: string) => void;
}

/** The findings of each file, as printed (a file without findings has an empty list). */
type Findings = Map<string, string[]>;

/**
 * Runs the checks now and after each change; returns a function that stops watching. A usage or config error (a
 * folder emptied, a broken config) is said and the watch goes on, so that fixing it resumes the checks.
 */
export function watchCheck(paths: readonly string[], options: CheckOptions, io: WatchOutput): () => void {
  const memo = new Map<string, Analysis>();
  let last: Findings | null = null;
  let lastInputs = '';

  const run = (first = false) => {
    const inputs = inputsOf(paths, options.cwd);
    if (inputs === lastInputs) return;
    lastInputs = inputs;
    let result;
    try {
      result = check(paths, { ...options, format: 'text', memo });
    } catch (error) {
      // The first check's usage error ends the command, as without --watch.
      if (first || !(error instanceof UsageError || error instanceof ConfigError)) throw error;
      io.err(`perflab: ${error.message} (still watching)\n`);
      last = null;
      return;
    }
    const now: Findings = new Map();
    for (const r of result.reports) now.set(r.path, []);
    for (const m of result.reports.flatMap((r) => r.messages)) now.get(m.file)?.push(formatMessage(m));
    if (last === null) {
      const all = [...now.values()].flat();
      if (all.length) io.out(`${all.join('\n')}\n`);
    } else {
      io.err(`\n${new Date().toLocaleTimeString('en-GB')}: checked again\n`);
      const lines = changed(last, now);
      if (lines.length) io.out(lines.join(''));
      else io.err('no finding changed\n');
    }
    last = now;
    io.err(`${result.summary}\n`);
  };

  run(true);
  let timer: NodeJS.Timeout | undefined;
  const soon = () => {
    clearTimeout(timer);
    // A save is often two events (the file emptied, then written): check once, after they settle.
    timer = setTimeout(() => run(), 100);
  };
  const watchers: FSWatcher[] = [];
  const relevant = (name: string | null) => name === null || name.toLowerCase().endsWith('.md') || basename(name) === CONFIG;
  for (const p of new Set([...paths.map((p) => resolve(options.cwd, p)), options.cwd])) {
    const isDir = statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
    // A file is watched through its folder: editors often save by writing a new file over the old one.
    const dir = isDir ? p : dirname(p);
    const recursive = isDir && p !== options.cwd;
    try {
      watchers.push(watch(dir, { recursive }, (_event, name) => relevant(name) && soon()));
    } catch (error) {
      io.err(`perflab: cannot watch ${dir}: ${(error as Error).message}\n`);
    }
  }
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}

/** What the checks read, by file: its size and modification time, and the config's. Same string, same check. */
function inputsOf(paths: readonly string[], cwd: string): string {
  let files: string[];
  try {
    files = collectMarkdown(paths).files;
  } catch {
    files = [];
  }
  return [...files, resolve(cwd, CONFIG)]
    .map((f) => {
      const s = statSync(f, { throwIfNoEntry: false });
      return `${f}\0${s ? `${s.size}:${s.mtimeMs}` : '-'}`;
    })
    .join('\n');
}

/** For each file whose findings changed: its findings now, or a line saying it has none (or is gone). */
function changed(before: Findings, now: Findings): string[] {
  const out: string[] = [];
  for (const [file, lines] of now) {
    const was = before.get(file);
    if (was && was.join('\n') === lines.join('\n')) continue;
    out.push(lines.length ? `${lines.join('\n')}\n` : `${file}: no findings\n`);
  }
  for (const file of before.keys()) if (!now.has(file)) out.push(`${file}: no longer checked\n`);
  return out;
}
