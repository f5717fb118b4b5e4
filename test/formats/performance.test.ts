import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFence } from '../../src/lib/formats/index.js';
import { contentDir, fences } from './pages.js';

describe('performance', () => {
  it('should parse result fences linearly, well above 25 MB/s', () => {
    // The 9-block sweep and the sglang transcripts, repeated to about 8 MB.
    const pages = ['qwen3-8b/h100-latency.md', 'engine-baselines/sglang-v0.5.1.md'];
    const all = pages.flatMap((p) => fences(readFileSync(join(contentDir, p), 'utf8')));
    const bytes = all.reduce((n, f) => n + f.value.length, 0);
    const rounds = Math.ceil(8e6 / bytes);
    // Warm the JIT first, as in a long build.
    for (let i = 0; i < Math.ceil(rounds / 8); i++) for (const f of all) parseFence(f, { expectResult: f.expectResult });
    // Best of three timed passes, so a busy test worker does not decide the outcome.
    let runs = 0;
    let seconds = Infinity;
    for (let pass = 0; pass < 3; pass++) {
      runs = 0;
      const start = performance.now();
      for (let i = 0; i < rounds; i++) for (const f of all) runs += parseFence(f, { expectResult: f.expectResult }).runs.length;
      seconds = Math.min(seconds, (performance.now() - start) / 1000);
    }
    const mbps = (bytes * rounds) / 1e6 / seconds;
    console.info(`formats: ${((bytes * rounds) / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${mbps.toFixed(0)} MB/s`);
    expect(runs).toBe(rounds * 49);
    expect(mbps).toBeGreaterThan(25);
  });
});
