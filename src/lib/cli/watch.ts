// `perflab check --watch`: the author's loop without a site. Check once, then again whenever a Markdown file under
// the paths (or the config) changes, printing only the files whose findings changed. Parsed pages stay in memory,
// so a re-check parses only the edited pages; the checks that need every page run again (a number copied from an
// edited page may now be wrong on another).
import { watch, statSync, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../config.js';
import { formatMessage } from '../diagnostics.js';
import { terminalText } from '../terminal.js';
import type { Analysis } from '../pipeline.js';
import { check, type CheckOptions } from './check.js';
import { listFolder } from '../listing.js';
import { UsageError, collectMarkdown } from '../files.js';

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
      io.err(`perflab: ${terminalText(error.message)} (still watching)\n`);
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
  // Each folder the listing reads is watched on its own (a recursive watch follows links, and died on a link cycle),
  // and the set is made again after each change: a folder created is watched, one removed is let go, and a watched
  // folder deleted and made again (a new inode) is watched anew. A path that does not exist is watched through the
  // nearest folder above it, so that its creation is seen.
  const watchers = new Map<string, { watcher: FSWatcher; ino: number }>();
  const refused = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const soon = () => {
    if (stopped) return;
    clearTimeout(timer);
    // A save is often two events (the file emptied, then written): check once, after they settle.
    timer = setTimeout(() => {
      arm();
      run();
    }, 100);
  };
  const drop = (dir: string) => {
    watchers.get(dir)?.watcher.close();
    watchers.delete(dir);
  };
  const arm = () => {
    const want = foldersToWatch(paths, options.cwd);
    for (const dir of watchers.keys()) if (!want.has(dir)) drop(dir);
    for (const [dir, ino] of want) {
      if (watchers.get(dir)?.ino === ino) continue;
      drop(dir);
      try {
        const watcher = watch(dir, () => soon());
        // A folder removed while watched, or any failure of its watch: watched again (or let go) on the next change.
        watcher.on('error', () => {
          if (watchers.get(dir)?.watcher === watcher) drop(dir);
          soon();
        });
        watchers.set(dir, { watcher, ino });
        refused.delete(dir);
      } catch (error) {
        if (!refused.has(dir)) io.err(`perflab: cannot watch ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
        refused.add(dir);
      }
    }
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const dir of [...watchers.keys()]) drop(dir);
  };
}

/**
 * The folders to watch, with their inode: every folder the listing reads under each folder path, the folder of each
 * file path, the nearest existing folder above a path that does not exist, and the working folder (the config).
 */
function foldersToWatch(paths: readonly string[], cwd: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (dir: string) => {
    const st = statSync(dir, { throwIfNoEntry: false });
    if (st?.isDirectory()) out.set(dir, st.ino);
  };
  for (const p of paths) {
    let at = resolve(cwd, p);
    let st = statSync(at, { throwIfNoEntry: false });
    if (!st) {
      while (!st && dirname(at) !== at) {
        at = dirname(at);
        st = statSync(at, { throwIfNoEntry: false });
      }
      add(at);
      continue;
    }
    if (!st.isDirectory()) {
      add(dirname(at));
      continue;
    }
    const folders: string[] = [];
    try {
      listFolder(at, [], folders);
    } catch {
      // Unreadable now: watched as it is, read again on its next change.
    }
    if (folders.length === 0) folders.push(at);
    for (const dir of folders) add(dir);
  }
  add(cwd);
  return out;
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
