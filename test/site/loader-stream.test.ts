// A site too large to keep every parsed page in memory is checked and rendered one page at a time, reading pages
// back from the analysis cache: what it stores must be what a load that keeps every page stores.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { cachedHtml, cachedRuns } from '../../src/lib/site/cached.js';
import { fakeLoader, readEntry, realPagesProject } from './loader-context.js';

let root = '';
const saved = process.env.PERFLAB_MEMORY_MB;
beforeEach(() => {
  root = realPagesProject('loader-stream');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  if (saved === undefined) delete process.env.PERFLAB_MEMORY_MB;
  else process.env.PERFLAB_MEMORY_MB = saved;
});

async function load(memoryMb: string, cache: string) {
  process.env.PERFLAB_MEMORY_MB = memoryMb;
  const f = fakeLoader(root, join(root, cache));
  await reportsLoader({ failOnError: false }).load(f.context);
  const ids = [...f.entries.keys()].sort();
  const out = ids.map((id) => {
    const item = f.entries.get(id);
    const { cache: _c, cacheHashes: _h, ...data } = readEntry(item).data;
    return { id, data, html: cachedHtml(item), runs: cachedRuns(item) };
  });
  return { out, logs: f.logs, dir: join(root, cache, 'perflab', 'analyses') };
}

it('should store the same entries, bodies and runs whether the pages are kept in memory or read back one at a time', async () => {
  const kept = await load('1000', 'cache-kept');
  const streamed = await load('0', 'cache-streamed');
  expect(kept.out.length).toBeGreaterThan(5);
  expect(streamed.out.map((e) => e.id)).toEqual(kept.out.map((e) => e.id));
  for (const [i, e] of streamed.out.entries()) expect(e, e.id).toEqual(kept.out[i]);
  // Both logged the same findings.
  const findings = (logs: string[]) => logs.filter((l) => !/ reports: \d+ checked/.test(l));
  expect(findings(streamed.logs)).toEqual(findings(kept.logs));
  // One parsed page per report is kept for the next load.
  expect(readdirSync(streamed.dir).length).toBe(streamed.out.length);
});

it('should parse only the pages that changed on the next load, reading the others back', async () => {
  const first = await load('1000', 'cache');
  const n = first.out.length;
  expect(first.logs.some((l) => new RegExp(`${n} reports: ${n} checked \\(the others unchanged\\), ${n} parsed`).test(l))).toBe(true);
  const f = fakeLoader(root, join(root, 'cache'));
  // A new store (as after a restart), the same cache folder: nothing to parse.
  await reportsLoader({ failOnError: false }).load(f.context);
  expect(f.logs.some((l) => new RegExp(`${n} reports: ${n} checked \\(the others unchanged\\), 0 parsed`).test(l))).toBe(true);
});
