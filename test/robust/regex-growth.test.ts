// Every regex of src/ against adversarial text of growing length: a run of one repeated piece (a blank, a digit,
// `<`, a backslash, `on `, ...) and an ending that makes the match fail late. A regex whose time grows by more than
// 30x when the text grows 8x (linear: 8x, quadratic: 64x) fails, once its time is large enough to measure.
// The regexes run in a worker thread under a watchdog: a regex that does not finish its inputs in time (a
// backtracking blow-up never returns, and a timeout cannot interrupt synchronous code) is named, the worker is
// stopped and the audit goes on with the next regex, so the test fails instead of hanging CI.
import { describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { regexSources } from './regex-sources.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PIECES = [
  ' ',
  '\t',
  'a',
  'A',
  '1',
  '1.',
  '1,',
  '.',
  ',',
  '-',
  '--a ',
  '_',
  '<',
  '>',
  '<a',
  '`',
  '\\',
  '/',
  '*',
  '**',
  '(',
  ')',
  '[',
  ']',
  ':',
  '=',
  '"',
  "'",
  '%',
  '&',
  ';',
  '#',
  '|',
  'a ',
  '1 ',
  ' a',
  'x ',
  'on ',
  'per ',
  'up ',
  'more ',
  'k',
  '!!! ',
  '???',
  '|a',
];
const ENDINGS = ['', '!', '\n', 'x', '1', ' '];
const N = 2000;
/** A regex whose inputs take longer than this (all of them together) is reported as not finishing. */
const WATCHDOG_MS = 20_000;

interface Job {
  label: string;
  pattern: string;
  flags: string;
}

/** Plain JavaScript for the worker: times each job from `start` on and posts `begin` / `slow` / `end` per job. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { jobs, start, pieces, endings, n } = workerData;
function time(re, text) {
  const t = performance.now();
  re.lastIndex = 0;
  re.exec(text);
  return performance.now() - t;
}
for (let i = start; i < jobs.length; i++) {
  parentPort.postMessage({ type: 'begin', i });
  const re = new RegExp(jobs[i].pattern, jobs[i].flags.replace('g', ''));
  for (const piece of pieces) {
    for (const end of endings) {
      const small = piece.repeat(Math.ceil(n / piece.length)) + end;
      const large = piece.repeat(Math.ceil((8 * n) / piece.length)) + end;
      let t8 = time(re, large);
      if (t8 < 15) continue;
      // Measured again (best of five) before it counts: the machine is noisy.
      for (let k = 0; k < 4; k++) t8 = Math.min(t8, time(re, large));
      const t1 = Math.max(0.5, Math.min(time(re, small), time(re, small), time(re, small)));
      if (t8 >= 15 && t8 / t1 > 30)
        parentPort.postMessage({ type: 'slow', i, text: JSON.stringify(piece) + ' x n + ' + JSON.stringify(end) + ': ' + t1.toFixed(1) + ' ms -> ' + t8.toFixed(1) + ' ms' });
    }
  }
}
parentPort.postMessage({ type: 'end' });
`;

/** Runs the jobs from `start` until the end or until one of them outlasts the watchdog; returns where it stopped. */
function runFrom(jobs: Job[], start: number, slow: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { jobs, start, pieces: PIECES, endings: ENDINGS, n: N } });
    let current = start;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        slow.push(`${jobs[current].label} did not finish its inputs within ${WATCHDOG_MS / 1000} s`);
        void worker.terminate().then(() => resolve(current + 1));
      }, WATCHDOG_MS);
    };
    worker.on('message', (m: { type: string; i: number; text: string }) => {
      if (m.type === 'begin') {
        current = m.i;
        arm();
      } else if (m.type === 'slow') slow.push(`${jobs[m.i].label} on ${m.text}`);
      else {
        clearTimeout(timer);
        void worker.terminate().then(() => resolve(null));
      }
    });
    worker.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

describe('regex growth', () => {
  it('no regex of src/ grows super-linearly on repeated-piece inputs', async () => {
    const jobs: Job[] = regexSources(ROOT).map((r) => ({
      label: `${r.file}:${r.line} /${r.pattern}/${r.flags}`,
      pattern: r.pattern,
      flags: r.flags,
    }));
    const slow: string[] = [];
    let next: number | null = 0;
    while (next !== null && next < jobs.length) next = await runFrom(jobs, next, slow);
    expect(slow).toEqual([]);
  }, 600_000);
});
