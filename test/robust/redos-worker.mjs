// The static ReDoS check of a share of the regexes of src/ (./regex.test.ts), in a worker of its own: the checker
// keeps what it built for every pattern it was given, and all of src/ in one heap reached the test worker's 4 GB limit.
import { parentPort, workerData } from 'node:worker_threads';
import { isSafePattern } from 'redos-detector';

const flagged = [];
for (const r of workerData.patterns) {
  const res = isSafePattern(r.pattern, {
    caseInsensitive: r.flags.includes('i'),
    unicode: r.flags.includes('u') || r.flags.includes('v'),
    multiLine: r.flags.includes('m'),
    dotAll: r.flags.includes('s'),
    maxSteps: 5000,
    timeout: 300,
  });
  // Only a proof counts: an unbounded score (backtracking that grows without limit per character, i.e. exponential or
  // nested repetition). A check that ran out of steps or time is inconclusive; bounded polynomial scores of unanchored
  // patterns are left to the growth tests.
  if (!res.safe && res.error === 'hitMaxScore' && 'infinite' in res.score && res.score.infinite)
    flagged.push(`${r.file}:${r.line} /${r.pattern}/${r.flags}`);
}
parentPort.postMessage(flagged);
