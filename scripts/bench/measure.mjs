// Run a command, measuring wall time (process.hrtime) and peak RSS (/usr/bin/time -v when present).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';

const TIME = '/usr/bin/time';
export const hasTimeV = existsSync(TIME);

/** Process groups started here and still running; ended on interrupt. */
export const live = new Set();

export function endLive(signal = 'SIGKILL') {
  for (const pid of live) {
    try {
      process.kill(-pid, signal);
    } catch {}
  }
}

/** Set once from the command line (`--timeout`). */
export const defaults = { timeoutMs: 45 * 60_000 };

/**
 * Run `cmd args` in `cwd`; stdout/stderr go to `log`. Never throws: returns
 * `{ok, code, ms, rssMiB, log}`; `rssMiB` is the largest process of the tree (ru_maxrss).
 */
export function measure(cmd, args, { cwd, env, log, timeoutMs = defaults.timeoutMs } = {}) {
  const rusage = `${log}.rusage`;
  rmSync(rusage, { force: true });
  const [file, argv] = hasTimeV ? [TIME, ['-v', '-o', rusage, cmd, ...args]] : [cmd, args];
  const fd = openSync(log, 'w');
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn(file, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd], detached: true });
    live.add(child.pid);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    const done = (code, error) => {
      clearTimeout(timer);
      live.delete(child.pid);
      closeSync(fd);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const timedOut = ms >= timeoutMs;
      resolve({
        ok: code === 0 && !error && !timedOut,
        code,
        ms,
        rssMiB: readRss(rusage),
        log,
        error: timedOut ? `stopped after ${Math.round(timeoutMs / 60_000)} min` : error?.message,
      });
    };
    child.on('error', (e) => done(null, e));
    child.on('exit', (code) => done(code));
  });
}

function readRss(file) {
  if (!existsSync(file)) return null;
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(file, 'utf8'));
  return m ? Number(m[1]) / 1024 : null;
}

/** Run steps in sequence, stopping at the first failure; wall times add up, RSS is the max. */
export async function measureSteps(steps) {
  const total = { ok: true, ms: 0, rssMiB: null, steps: [] };
  for (const [name, cmd, args, opts] of steps) {
    const r = await measure(cmd, args, opts);
    total.steps.push({ name, ...r });
    total.ms += r.ms;
    if (r.rssMiB != null) total.rssMiB = Math.max(total.rssMiB ?? 0, r.rssMiB);
    if (!r.ok) {
      total.ok = false;
      total.error = `${name} failed (exit ${r.code ?? r.error})`;
      break;
    }
  }
  return total;
}

/** Last lines of a log, for failure reports. */
export function tail(file, lines = 15) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
