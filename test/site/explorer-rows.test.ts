// The explorer reads each report's rows from a file the loader writes (`.rows.json`, src/lib/engine/site-cache.ts), not by
// reading the report's entry and runs and making them again; so do /data/<slug>.json (`.data.json`) and runs.csv
// (`.csv.json`). On real pages, each file holds what the routes made from the entry as they read it back.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { cachedCsv, cachedData, cachedRows, fullEntry } from '../../src/lib/site/cached.js';
import { compareRows } from '../../src/lib/site/compare/rows.js';
import { csvPart, runsCsv } from '../../src/lib/site/csv.js';
import { storeRefSchema } from '../../src/lib/site/entry.js';
import { fakeLoader, readEntry, realPagesProject } from './loader-context.js';

let root = '';
let f: ReturnType<typeof fakeLoader>;
beforeAll(async () => {
  root = realPagesProject('explorer-rows');
  f = fakeLoader(root, join(root, 'cache'));
  await reportsLoader({ failOnError: false }).load(f.context);
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("should store each report's explorer rows as made from its entry and runs read back", () => {
  let rows = 0;
  let pagesWithRows = 0;
  for (const [id, item] of f.entries) {
    const entry = readEntry(item);
    const made = compareRows([{ report: fullEntry(entry), url: entry.data.site.url }]);
    // Read from the file with only the store's reference (the entry itself is not parsed).
    const stored = cachedRows({ data: storeRefSchema.parse(item.data) });
    expect(stored, id).toEqual(JSON.parse(JSON.stringify(made)));
    rows += stored.length;
    if (stored.length > 0) pagesWithRows++;
  }
  expect(pagesWithRows).toBeGreaterThan(5);
  expect(rows).toBeGreaterThan(50);
});

it('should write the same runs.csv from the stored parts as from the entries read back, with rows made again', () => {
  const pages = [...f.entries].map(([, item]) => {
    const entry = readEntry(item);
    return { report: fullEntry(entry), url: entry.data.site.url, ref: storeRefSchema.parse(item.data) };
  });
  const made = runsCsv(pages.map(({ report, url }) => csvPart({ report, url })));
  const stored = runsCsv(pages.map(({ ref }) => cachedCsv({ data: ref })));
  expect(made.split('\n').length).toBeGreaterThan(50);
  expect(stored).toBe(made);
});

it("should store each report's published data as the full entry read back, without the renderer's marks", () => {
  let claims = 0;
  for (const [id, item] of f.entries) {
    const entry = readEntry(item);
    const full = fullEntry(entry);
    const text = cachedData({ data: storeRefSchema.parse(item.data) });
    // The text the data route published before the loader wrote it.
    expect(text, id).toBe(JSON.stringify({ ...full, claims: full.claims.map(({ mark: _m, ...c }) => c) }));
    const data = JSON.parse(text) as { claims: object[]; runs: { metrics: object }[] };
    for (const c of data.claims) expect(c).not.toHaveProperty('mark');
    expect(data.runs.length).toBe(full.runs.length);
    claims += data.claims.length;
  }
  expect(claims).toBeGreaterThan(20);
});
