// The content loader against an in-memory store: validation, digests, removal, and when the build fails.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoaderContext } from 'astro/loaders';
import { reportsLoader } from '../../src/loader/entry.js';
import { cacheSuffixes, cachedHtml, cachedRuns, cachedSource, fullEntry } from '../../src/lib/site/cached.js';
import { entrySchema } from '../../src/lib/site/entry.js';
import { projectRoot } from './build.js';
import { fakeLoader, readEntry } from './loader-context.js';
import { claimOtherPage } from '../../src/lib/rules/claim-other-page.js';

const mismatch = join(projectRoot, 'test/fixtures/site/fixtures/mismatch.md');
let root = '';
let logs: string[] = [];
let entries: Map<string, any>;
let meta: Map<string, string>;
let rendered = 0;
const setIds: string[] = [];

function context(): LoaderContext {
  return fakeLoader(root, join(root, 'cache'), undefined, { entries, meta, logs, onSet: (id) => (rendered++, setIds.push(id)) }).context;
}

const write = (name: string, text: string) => writeFileSync(join(root, 'content', name), text);
const clean = '# A clean page\n\nNothing to check here.\n';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'perflab-loader-'));
  mkdirSync(join(root, 'content'));
  write('clean.md', clean);
  logs = [];
  entries = new Map();
  meta = new Map();
  rendered = 0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('should store one validated entry with rendered HTML per Markdown file', async () => {
  await reportsLoader({ failOnError: true }).load(context());
  const entry = entries.get('clean');
  expect(cachedHtml(entry)).toContain('Nothing to check here.');
  expect(cachedSource(entry)).toBe(clean);
  expect(readEntry(entry).data.site.url).toBe('/reports/clean/');
  expect(entry.digest).toBeTruthy();
});

it('should throw at the end of load on an unacknowledged error, after storing every entry', async () => {
  write('mismatch.md', readFileSync(mismatch, 'utf8'));
  await expect(reportsLoader({ failOnError: true }).load(context())).rejects.toThrow(/1 unacknowledged error/);
  expect([...entries.keys()].sort()).toEqual(['clean', 'mismatch']);
  expect(logs.some((l) => /^error content\/mismatch\.md:90:17 +error +Unexpected `8500\.00`.* claim-mismatch$/.test(l))).toBe(true);
});

it('should stop the build with its message only: no stack, from which Astro would print a Location and a Stack trace', async () => {
  write('mismatch.md', readFileSync(mismatch, 'utf8'));
  const error = (await reportsLoader({ failOnError: true })
    .load(context())
    .catch((e: unknown) => e)) as Error;
  // It names the kind of error (its rule and what the rule checks) and how to publish anyway.
  expect(error.message).toMatch(
    /^perflab: 1 unacknowledged error in the reports \(listed above\): 1 claim-mismatch \(a stated number that /,
  );
  expect(error.message).toContain('build with PERFLAB_ALLOW_ERRORS=1');
  expect(error.message).not.toMatch(/Fix the numbers/);
  expect(error.stack).toBe('');
});

it('should stop on a broken perflab.config.json with one plain line per problem, no stack', async () => {
  writeFileSync(join(root, 'perflab.config.json'), '{\n  "rules": {},\n  "rules": {},\n  "rule": {}\n}\n');
  const error = (await reportsLoader({ failOnError: true })
    .load(context())
    .catch((e: unknown) => e)) as Error;
  expect(error.message.split('\n')).toEqual([
    expect.stringMatching(/^perflab: .*perflab\.config\.json:3:3: "rules" is given twice \(first at line 2\); keep one$/),
    expect.stringMatching(/^perflab: .*perflab\.config\.json:4:3: the config has an unknown key "rule"; /),
  ]);
  expect(error.stack).toBe('');
});

it('should not throw when the error is acknowledged', async () => {
  const source = readFileSync(mismatch, 'utf8').replace(/\n$/, '') + ' <!-- perflab-ignore claim-mismatch: kept as published -->\n';
  write('mismatch.md', source);
  await expect(reportsLoader({ failOnError: true }).load(context())).resolves.toBeUndefined();
  const claim = readEntry(entries.get('mismatch')).data.claims.find((c) => c.text === '8500.00');
  expect(claim?.acknowledged?.reason).toBe('kept as published');
});

it('should log and go on when failing is off', async () => {
  write('mismatch.md', readFileSync(mismatch, 'utf8'));
  await reportsLoader({ failOnError: false }).load(context());
  expect(logs.some((l) => l.startsWith('warn') && /building anyway/.test(l))).toBe(true);
});

it('should skip unchanged files and re-render only the changed one', async () => {
  write('other.md', '# Other\n\nText.\n');
  const loader = reportsLoader({ failOnError: true });
  await loader.load(context());
  expect(rendered).toBe(2);
  rendered = 0;
  await loader.load(context());
  expect(rendered).toBe(0);
  write('other.md', '# Other\n\nChanged text.\n');
  await loader.load(context());
  expect(rendered).toBe(1);
  expect(cachedHtml(entries.get('other'))).toContain('Changed text.');
  // The files of the replaced version are gone; one set per entry remains.
  expect(readdirSync(join(root, 'cache', 'perflab')).filter((n) => n !== 'analyses').length).toBe(2 * Object.keys(cacheSuffixes).length);
  // The parsed pages kept for the next load: one per page, the edited page's older parse gone.
  expect(readdirSync(join(root, 'cache', 'perflab', 'analyses')).length).toBe(2);
});

it('should keep the entry, the HTML, the source and the run metrics out of the store, and give them back from the cache', async () => {
  write('mismatch.md', readFileSync(mismatch, 'utf8'));
  await reportsLoader({ failOnError: false }).load(context());
  const item = entries.get('mismatch');
  expect(item.body).toBeUndefined();
  expect(item.rendered).toBeUndefined();
  // The store holds where the files are, nothing else: Astro bundles the whole store into the build.
  expect(Object.keys(item.data).sort()).toEqual(['cache', 'cacheHashes', 'cited', 'path', 'probes']);
  const entry = readEntry(item);
  expect(entry.data.runs.length).toBeGreaterThan(0);
  expect(entry.data.runs.every((r: any) => !('metrics' in r))).toBe(true);
  const runs = cachedRuns(entry);
  expect(runs.map((r) => r.id)).toEqual(entry.data.runs.map((r: any) => r.id));
  expect(Object.keys(runs[0].metrics).length).toBeGreaterThan(0);
  const full = fullEntry(entry);
  expect(entrySchema.parse(full)).toEqual(full);
  expect('cache' in full).toBe(false);
  expect(Object.keys(full)).toEqual(Object.keys(entrySchema.shape));
});

it('should render again when the cache files are gone', async () => {
  const loader = reportsLoader({ failOnError: true });
  await loader.load(context());
  rmSync(join(root, 'cache', 'perflab'), { recursive: true });
  rendered = 0;
  await loader.load(context());
  expect(rendered).toBe(1);
  expect(existsSync(entries.get('clean').data.cache + '.html')).toBe(true);
});

it('should remove entries whose files are gone', async () => {
  write('other.md', '# Other\n');
  const loader = reportsLoader({ failOnError: true });
  await loader.load(context());
  rmSync(join(root, 'content', 'other.md'));
  await loader.load(context());
  expect([...entries.keys()]).toEqual(['clean']);
});

it('should reject bad options with the fix in the message', () => {
  expect(() => reportsLoader({ roots: [] })).toThrow(/non-empty array/);
});

describe('a page is checked again only when what its checks read changed', () => {
  it("should re-check a page when another page's run it was compared with changes, and not on a prose edit elsewhere", async () => {
    const { notOk, context: other } = claimOtherPage.examples as { notOk: string; context: string };
    write('claims.md', notOk);
    write('other.md', other);
    const loader = reportsLoader({ failOnError: false });
    await loader.load(context());
    const rules = () => readEntry(entries.get('claims')).data.messages.map((m) => m.ruleId);
    expect(rules()).toContain('claim-other-page');
    // A sentence added to the other page: the page that cites its run is checked again (the run's line moved), the
    // page that cites nothing is not.
    const clean = entries.get('clean');
    rendered = 0;
    write('other.md', other.replace('# Optimizing Other-8B Throughput', '# Optimizing Other-8B Throughput\n\nA new sentence.'));
    setIds.length = 0;
    await loader.load(context());
    expect(setIds.sort()).toEqual(['claims', 'other']);
    expect(entries.get('clean')).toBe(clean);
    // A sentence changed within its line: only that page.
    rendered = 0;
    write('other.md', other.replace('# Optimizing Other-8B Throughput', '# Optimizing Other-8B Throughput\n\nA changed sentence.'));
    await loader.load(context());
    expect(rendered).toBe(1);
    // The other page's run no longer prints the number: a run value is read by every page's checks, so all are
    // checked again, and the finding goes.
    rendered = 0;
    write('other.md', other.replace('160.00', '170.00'));
    await loader.load(context());
    expect(rendered).toBe(3);
    expect(rules()).not.toContain('claim-other-page');
  });

  it('should re-check only the page whose title changed, and the pages that link to it', async () => {
    write('target.md', '# Target\n\n## Results\n\nText.\n');
    write('linker.md', '# Linker\n\nSee [the results][r].\n\n[r]: target.md#results\n');
    const loader = reportsLoader({ failOnError: false });
    await loader.load(context());
    // A new title on a page nothing links to: that page only (every page was checked again before).
    setIds.length = 0;
    write('clean.md', '# A renamed clean page\n\nNothing to check here.\n');
    await loader.load(context());
    expect(setIds).toEqual(['clean']);
    expect(logs.some((l) => /3 reports: 1 checked \(the others unchanged\)/.test(l))).toBe(true);
    // A renamed heading on a page another links to (by a reference link): both, and the link's anchor is checked.
    setIds.length = 0;
    write('target.md', '# Target\n\n## Findings\n\nText.\n');
    await loader.load(context());
    expect(setIds.sort()).toEqual(['linker', 'target']);
    expect(readEntry(entries.get('linker')).data.messages.map((m) => m.ruleId)).toContain('anchor-missing');
  });

  it('should re-check a page when a file it links to appears', async () => {
    write('pic.md', '# Pictures\n\n![a chart](chart.png)\n');
    const loader = reportsLoader({ failOnError: false });
    await loader.load(context());
    const rules = () => readEntry(entries.get('pic')).data.messages.map((m) => m.ruleId);
    expect(rules()).toContain('image-missing');
    rendered = 0;
    await loader.load(context());
    expect(rendered).toBe(0);
    // A real PNG (1x1) beside the page.
    writeFileSync(
      join(root, 'content', 'chart.png'),
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    );
    // Nothing in the Markdown changed: the whole-set shortcut must not apply either.
    await loader.load(context());
    expect(rendered).toBe(1);
    expect(rules()).not.toContain('image-missing');
    expect(cachedHtml(entries.get('pic'))).toMatch(/<img[^>]+src="\/media\//);
  });
});

it('should change the store after the slow steps, in one run at the end of the load (Astro saves it 500 ms after a change)', async () => {
  write('other.md', '# Another page\n\nText.\n');
  const atSet: number[] = [];
  const f = fakeLoader(root, join(root, 'cache'), undefined, { entries, meta, logs, onSet: () => atSet.push(logs.length) });
  await reportsLoader({ failOnError: false }).load(f.context);
  expect(atSet.length).toBe(2);
  // Every line the load logs (its summary and every finding) comes before the first change of the store.
  expect(logs.some((l) => / numbers verified/.test(l))).toBe(true);
  expect(atSet.every((n) => n === logs.length)).toBe(true);
});

it('should render a page again when a page it links to renames the heading its link points at', async () => {
  write('target.md', '# Target\n\n## Results\n\nText.\n');
  write('linker.md', '# Linker\n\nSee [the results](target.md#results).\n');
  const loader = reportsLoader({ failOnError: false });
  await loader.load(context());
  expect(cachedHtml(entries.get('linker'))).toContain('href="/reports/target/#results"');
  write('target.md', '# Target\n\n## Findings\n\nText.\n');
  await loader.load(context());
  // The anchor is gone: the link points at the page, and the check says so.
  expect(cachedHtml(entries.get('linker'))).toContain('href="/reports/target/"');
  expect(readEntry(entries.get('linker')).data.messages.map((m) => m.ruleId)).toContain('anchor-missing');
});
