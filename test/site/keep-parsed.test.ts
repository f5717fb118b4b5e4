// A production build of a site that is not lean keeps every entry and run list it parses (src/lib/site/cached.ts,
// src/lib/site/lean.ts): each is read from its file, checked against its hash, and parsed once. Before `keepParsed`,
// every read parses the file again. This file has its own module state (`keepParsed` lasts for the process).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { cachedRuns, keepParsed, RECENT } from '../../src/lib/site/cached.js';
import { contentBytes, isLean } from '../../src/lib/site/lean.js';
import { MEMORY_BYTES, memoryBudget } from '../../src/lib/sizes.js';
import { keptListings, listing } from '../../src/lib/site/listing.js';
import { fakeLoader, readEntry } from './loader-context.js';
import { SEED_PAGES } from '../helpers/pages.js';

let root = '';
const PAGE = readFileSync(join(SEED_PAGES, 'qwen3-14b', 'h100.md'), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'perflab-keep-parsed-'));
  mkdirSync(join(root, 'content'));
  writeFileSync(join(root, 'content', 'runs.md'), PAGE);
  writeFileSync(join(root, 'content', 'other.md'), '# Another page\n\nText.\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  delete process.env.PERFLAB_MEMORY_MB;
});

async function load() {
  const f = fakeLoader(root, join(root, 'cache'));
  await reportsLoader({ failOnError: true }).load(f.context);
  const more = [...f.entries].filter(([id]) => /^p\d+$/.test(id)).map(([, e]) => e);
  return { runs: f.entries.get('runs'), other: f.entries.get('other'), more };
}

describe('parsed entries and runs', () => {
  it('should be parsed again once the last few reads moved on, until kept, then once; a changed file is refused', async () => {
    for (let i = 0; i < RECENT; i++) writeFileSync(join(root, 'content', `p${i}.md`), `# Page ${i}\n\nText.\n`);
    const { runs, other, more } = await load();
    const entry = readEntry(runs);
    // Read twice in a row (a report page's components), the runs are parsed once.
    const runsRead = cachedRuns(entry);
    expect(runsRead.length).toBeGreaterThan(0);
    expect(cachedRuns(entry)).toBe(runsRead);
    // After the entries of RECENT other pages, they are read and parsed again.
    for (const e of more) readEntry(e);
    expect(cachedRuns(entry)).not.toBe(runsRead);
    const data = readEntry(runs).data;
    for (const e of more) readEntry(e);
    expect(readEntry(runs).data.runs).not.toBe(data.runs);

    keepParsed();
    const first = cachedRuns(entry);
    expect(cachedRuns(entry)).toBe(first);
    expect(readEntry(runs).data.runs).toBe(readEntry(runs).data.runs);
    expect(readEntry(runs).data.title).toBe(entry.data.title);

    // Kept or not, what is parsed is what the loader wrote: a file changed before it was first read is refused.
    writeFileSync(`${(other!.data as { cache: string }).cache}.entry.json`, '{}');
    expect(() => readEntry(other)).toThrow(/changed after it was written; not publishing it/);
  });
});

describe('listings a dev server keeps across requests', () => {
  it('should be made once per entry contents, again when the contents change, and hold only the current entries', async () => {
    const { runs, other } = await load();
    const a = readEntry(runs).data;
    const b = readEntry(other).data;
    const made: string[] = [];
    const from = (key: string, entry: typeof a) => ({ key, entry: () => (made.push(key), entry) });

    const first = keptListings([from('a1', a), from('b1', b)], undefined);
    expect(first.listings).toEqual([listing(a), listing(b)]);
    expect(made).toEqual(['a1', 'b1']);

    // The same contents: nothing is made again.
    const second = keptListings([from('a1', a), from('b1', b)], first.kept);
    expect(second.listings[0]).toBe(first.listings[0]);
    expect(second.listings[1]).toBe(first.listings[1]);
    expect(made).toEqual(['a1', 'b1']);

    // One entry changed (a new file and hash), one removed: only the changed one is made, the removed one let go.
    const third = keptListings([from('a2', a)], second.kept);
    expect(made).toEqual(['a1', 'b1', 'a2']);
    expect(third.listings).toEqual([listing(a)]);
    expect([...third.kept.byKey.keys()]).toEqual(['a2']);

    // Listings made by another `listing` (the code changed under a dev server) are not taken.
    const stale = { made: (() => third.listings[0]) as unknown as typeof listing, byKey: third.kept.byKey };
    keptListings([from('a2', a)], stale);
    expect(made).toEqual(['a1', 'b1', 'a2', 'a2']);
  });
});

describe('a lean build', () => {
  it('should be one of more Markdown than the memory budget, which PERFLAB_MEMORY_MB sets, as it sets every share', () => {
    const bytes = contentBytes(root);
    expect(bytes).toBe(Buffer.byteLength(PAGE) + Buffer.byteLength('# Another page\n\nText.\n'));
    expect(memoryBudget(undefined)).toEqual({ keep: MEMORY_BYTES / 8, lean: MEMORY_BYTES, devKeep: MEMORY_BYTES * 2.5 });
    expect(memoryBudget('not a number').lean).toBe(MEMORY_BYTES);
    expect(memoryBudget('0.5')).toEqual({ keep: 62_500, lean: 500_000, devKeep: 1_250_000 });
    expect(isLean(root)).toBe(false);
    process.env.PERFLAB_MEMORY_MB = String((bytes - 0.5) / 1_000_000);
    expect(isLean(root)).toBe(true);
    process.env.PERFLAB_MEMORY_MB = String((bytes + 0.5) / 1_000_000);
    expect(isLean(root)).toBe(false);
  });
});
