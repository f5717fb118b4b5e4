// The explorer reads each report's rows from a file the loader writes (`.rows.json`, src/loader/cache.ts), not by
// reading the report's entry and runs and making them again: on real pages, the rows in the file are the rows made
// from the entry as the routes read it back, and runs.csv written from them is the one made without them.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { cachedRows, fullEntry } from '../../src/lib/site/cached.js';
import { compareRows } from '../../src/lib/site/compare/rows.js';
import { runsCsv } from '../../src/lib/site/csv.js';
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

it('should write the same runs.csv from the stored rows as from rows made again', () => {
  const pages = [...f.entries].map(([, item]) => {
    const entry = readEntry(item);
    return { report: fullEntry(entry), url: entry.data.site.url, ref: storeRefSchema.parse(item.data) };
  });
  const made = runsCsv(pages.map(({ report, url }) => ({ report, url })));
  const stored = runsCsv(pages.map(({ report, url, ref }) => ({ report, url, rows: cachedRows({ data: ref }) })));
  expect(made.split('\n').length).toBeGreaterThan(50);
  expect(stored).toBe(made);
});
