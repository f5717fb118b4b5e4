// The dev server's reload: one edited page is read, checked and rendered again; the other pages' files are neither
// read nor hashed again unless they changed on disk; the log lists the findings of the edited page only.
import { EventEmitter } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { reportsLoader } from '../../src/loader/entry.js';
import { cachedHtml } from '../../src/lib/site/cached.js';
import { cacheSuffixes } from '../../src/lib/site/cached.js';
import { projectRoot } from './build.js';
import { fakeLoader, readEntry } from './loader-context.js';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'perflab-dev-'));
  cpSync(join(projectRoot, 'test', 'fixtures', 'seed-pages'), join(root, 'content'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const SUMMARY = / reports: (\d+) checked \(the others unchanged\), (\d+) parsed, (\d+) rendered/;
/** What a load's summary line says it did: pages checked, parsed and rendered. */
const loaded = (logs: string[]) =>
  logs
    .find((l) => SUMMARY.test(l))
    ?.match(SUMMARY)
    ?.slice(1);

/** A loader context with a watcher, as `astro dev` gives; `reload(file)` says the file changed and waits for the load. */
async function devServer() {
  const f = fakeLoader(root, join(root, 'cache'));
  const watcher = Object.assign(new EventEmitter(), { add: () => undefined });
  (f.context as { watcher?: unknown }).watcher = watcher;
  await reportsLoader({ failOnError: false }).load(f.context);
  const reload = async (file: string) => {
    const from = f.logs.length;
    watcher.emit('all', 'change', file);
    for (let waited = 0; !f.logs.slice(from).some((l) => /\d+ reports, \d+\/\d+ numbers verified/.test(l)); waited += 20) {
      if (waited > 60_000) throw new Error('the reload did not finish');
      await new Promise((r) => setTimeout(r, 20));
    }
    return f.logs.slice(from);
  };
  return { ...f, reload, watcher };
}

const page = () => join(root, 'content', 'qwen3-14b', 'h100.md');

/** The finding lines of a log (`path:line:col  severity  message  rule-id`), and the counts of its summary. */
const findings = (logs: string[]) => logs.filter((l) => /^(warn|error) \S+:\d+:\d+ {2}/.test(l));
const counted = (logs: string[]) => {
  const summary = logs.find((l) => / numbers verified/.test(l)) ?? '';
  const m = /(\d+) errors, (\d+) warnings/.exec(summary);
  return { summary, findings: Number(m?.[1]) + Number(m?.[2]) };
};

it('should re-check, re-render and log only the edited page on a reload', async () => {
  const dev = await devServer();
  const first = counted(dev.logs);
  expect(first.findings).toBeGreaterThan(5);
  // The first load lists every finding.
  expect(findings(dev.logs).length).toBe(first.findings);

  writeFileSync(page(), `${readFileSync(page(), 'utf8')}\nA new paragraph devreloadmarker with a [link](missing-page.md).\n`);
  const logs = await dev.reload(page());
  expect(loaded(logs)).toEqual(['1', '1', '1']);
  // Only the edited page's findings are printed again, the new one among them; the summary counts all pages.
  const printed = findings(logs);
  expect(printed.length).toBeGreaterThan(1);
  expect(printed.filter((l) => !l.includes(' content/qwen3-14b/h100.md:'))).toEqual([]);
  expect(printed.some((l) => l.includes('missing-page.md'))).toBe(true);
  const now = counted(logs);
  expect(now.findings).toBe(first.findings + 1);
  const unprinted = now.findings - printed.length;
  expect(unprinted).toBeGreaterThan(0);
  expect(now.summary).toContain(`(${unprinted} of them on unchanged reports, listed before and not repeated)`);
  expect(cachedHtml(dev.entries.get('qwen3-14b/h100'))).toContain('devreloadmarker');
});

it('should keep what the page set reads of each page, not its parse, on a site too large to keep (PERFLAB_MEMORY_MB)', async () => {
  process.env.PERFLAB_MEMORY_MB = '0';
  try {
    const dev = await devServer();
    // The parses of the first load are gone: a reload that read any page but the edited one would parse it again.
    rmSync(join(root, 'cache', 'perflab', 'analyses'), { recursive: true, force: true });
    writeFileSync(page(), `${readFileSync(page(), 'utf8')}\nA new paragraph largesitemarker.\n`);
    const logs = await dev.reload(page());
    expect(loaded(logs)).toEqual(['1', '1', '1']);
    expect(cachedHtml(dev.entries.get('qwen3-14b/h100'))).toContain('largesitemarker');
  } finally {
    delete process.env.PERFLAB_MEMORY_MB;
  }
});

it('should render a page again when one of its cache files changed on disk, though its Markdown did not', async () => {
  const dev = await devServer();
  const other = dev.entries.get('qwen3-32b/h100');
  const html = `${other.data.cache}${cacheSuffixes.html}`;
  // Damaged behind the server's back: the next reload sees that the file is not the one it wrote.
  writeFileSync(html, 'damaged');
  writeFileSync(page(), `${readFileSync(page(), 'utf8')}\nOne more line.\n`);
  const logs = await dev.reload(page());
  expect(loaded(logs)).toEqual(['2', '1', '2']);
  expect(cachedHtml(dev.entries.get('qwen3-32b/h100'))).not.toBe('damaged');
  expect(readEntry(dev.entries.get('qwen3-32b/h100')).data.path).toBe('qwen3-32b/h100.md');
});

it('should read an edited page again even when its size is unchanged', async () => {
  const dev = await devServer();
  const text = readFileSync(page(), 'utf8');
  // The same length: the first letter of a paragraph changed (no heading, so no other page is affected).
  const line = text.split('\n').findIndex((l) => /^[A-Z][a-z]+ /.test(l));
  expect(line).toBeGreaterThan(0);
  const lines = text.split('\n');
  const before = lines[line];
  lines[line] = `Q${before.slice(1)}`;
  const edited = lines.join('\n');
  expect(edited.length).toBe(text.length);
  writeFileSync(page(), edited);
  const logs = await dev.reload(page());
  expect(loaded(logs)).toEqual(['1', '1', '1']);
  expect(cachedHtml(dev.entries.get('qwen3-14b/h100'))).toContain(`Q${before.slice(1, 30)}`);
});

it('should run one reload at a time, and end with the page as it was last written', async () => {
  const dev = await devServer();
  const from = dev.logs.length;
  const text = readFileSync(page(), 'utf8');
  // A save seen half-way (the file cut short), then the whole file, announced twice: three events in a row.
  writeFileSync(page(), text.slice(0, 200));
  dev.watcher.emit('all', 'change', page());
  writeFileSync(page(), `${text}\nThe last version, lastversionmarker.\n`);
  dev.watcher.emit('all', 'change', page());
  dev.watcher.emit('all', 'change', page());
  // Settled: no new line for half a second.
  for (let seen = -1; seen !== dev.logs.length;) {
    seen = dev.logs.length;
    await new Promise((r) => setTimeout(r, 500));
  }
  // The first event's reload, then one more for the two events that came while it ran.
  expect(dev.logs.slice(from).filter((l) => SUMMARY.test(l))).toHaveLength(2);
  expect(cachedHtml(dev.entries.get('qwen3-14b/h100'))).toContain('lastversionmarker');
});
