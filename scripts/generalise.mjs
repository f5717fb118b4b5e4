#!/usr/bin/env node
// The generalisation harness (test/generalise): real report pages rewritten into other authors' layouts and pages
// with one injected fault, checked by the real pipeline; prints precision and recall per kind, and one example of
// each kind that does not hold. A larger campaign than CI's only prints: its ratchets are skipped.
//
//   node scripts/generalise.mjs [samples per page and kind, default 2] [seed, default 9]
import { spawnSync } from 'node:child_process';

const [samples = '2', seed = '9'] = process.argv.slice(2);
if (!/^\d+$/.test(samples) || !/^\d+$/.test(seed)) {
  console.error('usage: node scripts/generalise.mjs [samples] [seed]');
  process.exit(2);
}
const run = spawnSync('npx', ['vitest', 'run', 'test/generalise/generalise.test.ts', '--reporter=default', '--silent=false'], {
  stdio: 'inherit',
  env: { ...process.env, PERFLAB_GENERALISE: `${samples},${seed}` },
});
process.exit(run.status ?? 1);
