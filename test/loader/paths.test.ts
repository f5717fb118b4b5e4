// The loader on hostile content folders: the listing `perflab check` makes, the same findings, and a production build
// that fails naming the pages instead of losing one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectMarkdown } from '../../src/lib/files.js';
import { LIMITS } from '../../src/lib/limits.js';
import { listMarkdown } from '../../src/lib/site/files.js';
import { reportsLoader } from '../../src/loader/entry.js';
import { fakeLoader } from '../site/loader-context.js';

let root = '';
let logs: string[] = [];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'perflab-loader-paths-'));
  mkdirSync(join(root, 'content'));
  logs = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(join(root, 'content', path, '..'), { recursive: true });
  writeFileSync(join(root, 'content', path), text);
};
const page = (title: string) => `# ${title}\n\nText of ${title}.\n`;
const load = (failOnError: boolean) => {
  const fake = fakeLoader(root, join(root, 'cache'), undefined, { entries: new Map(), meta: new Map(), logs });
  return { entries: fake.entries, done: reportsLoader({ failOnError }).load(fake.context) };
};

describe('listing', () => {
  it('should list a page at its real path when a link aliases its folder (whichever comes first), and skip the link with a reason', () => {
    write('m/real.md', page('Real'));
    write('z/real.md', page('Z'));
    symlinkSync('m', join(root, 'content', 'aliasdir'));
    symlinkSync('m', join(root, 'content', 'zz'));
    const skipped: { path: string; reason: string }[] = [];
    const files = listMarkdown([join(root, 'content')], root, skipped);
    expect(files.map((f) => f.path)).toEqual(['m/real.md', 'z/real.md']);
    expect(skipped.map((s) => [s.path.slice(root.length), s.reason])).toEqual([
      ['/content/aliasdir', 'a symlink to `m`, which is read at its own path (a link would publish its pages twice)'],
      ['/content/zz', 'a symlink to `m`, which is read at its own path (a link would publish its pages twice)'],
    ]);
  });

  it('should list the same pages, and say the same of the links it skips, as `perflab check` of the folder', () => {
    write('m/real.md', page('Real'));
    write('.drafts/d.md', page('Draft'));
    write('n/self.md', page('Self'));
    symlinkSync('m', join(root, 'content', 'aliasdir'));
    symlinkSync(join(root, 'content', 'm', 'real.md'), join(root, 'content', 'n', 'alias.md'));
    // A link to a page the walk does not reach otherwise (in a hidden folder) is followed: it is published once.
    symlinkSync(join('..', '.drafts', 'd.md'), join(root, 'content', 'n', 'draft.md'));
    symlinkSync('loopb', join(root, 'content', 'n', 'loopa'));
    symlinkSync('loopa', join(root, 'content', 'n', 'loopb'));
    symlinkSync(tmpdir(), join(root, 'content', 'outside'));
    const skipped: { path: string; reason: string }[] = [];
    const files = listMarkdown([join(root, 'content')], root, skipped);
    const cli = collectMarkdown([join(root, 'content')]);
    expect(files.map((f) => f.path)).toEqual(['m/real.md', 'n/draft.md', 'n/self.md']);
    expect(cli.pages.map((p) => p.path)).toEqual(files.map((f) => f.path));
    expect(cli.skipped).toEqual(skipped);
    expect(skipped.map((s) => s.path.slice(root.length))).toEqual(['/content/aliasdir', '/content/n/alias.md', '/content/outside']);
  });
});

describe('loader', () => {
  it('should fail a production build naming both pages written to one route, and each folder whose name breaks a URL', async () => {
    write('hash#dir/h100.md', page('A'));
    write('hash%23dir/h100.md', page('B'));
    write('ok.md', page('Ok'));
    await expect(load(true).done).rejects.toThrow(/unacknowledged error/);
    const errors = logs.filter((l) => l.startsWith('error '));
    expect(errors.filter((l) => l.endsWith('route-collision'))).toEqual([
      expect.stringMatching(/^error content\/hash#dir\/h100\.md:1:1 {2}error {2}Page `hash#dir\/h100\.md` .* as `hash%23dir\/h100\.md`/),
      expect.stringMatching(/^error content\/hash%23dir\/h100\.md:1:1 {2}error {2}Page `hash%23dir\/h100\.md` .* as `hash#dir\/h100\.md`/),
    ]);
    expect(errors).toContain(
      'error content/hash#dir/h100.md:1:1  error  Folder name `hash#dir` contains `#`: the URL of this page would break there, so the page is unreachable; rename the folder  file-name-invalid',
    );
  });

  it('should fail a production build naming a folder that breaks a URL even when no page is in error', async () => {
    write('why?/a.md', page('A'));
    await expect(load(true).done).rejects.toThrow(
      /1 page cannot be published as it is:\ncontent\/why\?\/a\.md:1:1 {2}error {2}Folder name `why\?` contains `\?`/,
    );
  });

  it("should fail a production build naming a page whose data would overwrite the site's own `data/reports.json`", async () => {
    write('reports.md', page('R'));
    write('ok.md', page('Ok'));
    await expect(load(true).done).rejects.toThrow(
      /1 page cannot be published as it is:\ncontent\/reports\.md:1:1 {2}error {2}Page `content\/reports\.md` ends at the same place as the site's own `data\/reports\.json`/,
    );
  });

  it('should leave a page too large to read out of the site, naming it with its size, and build the rest', async () => {
    write('ok.md', page('Ok'));
    write('huge.md', '');
    truncateSync(join(root, 'content', 'huge.md'), 1024 ** 3);
    const dev = load(false);
    await dev.done;
    expect([...dev.entries.keys()]).toEqual(['ok']);
    expect(logs).toContain(
      `error content/huge.md:1:1  error  Page of ${1024 ** 3} bytes is over the limit of ${LIMITS.pageBytes} bytes; it is not parsed. Split it into several pages.  page-too-large`,
    );
    await expect(load(true).done).rejects.toThrow(
      /1 page cannot be published as it is:\ncontent\/huge\.md:1:1 {2}error {2}Page of 1073741824 bytes/,
    );
  });

  it('should link to a page by the route Astro writes it under (NFC, percent-encoded)', async () => {
    const nfd = 'cafe\u0301';
    write(`${nfd}.md`, page('Cafe'));
    write('index.md', `# Index\n\nSee [the page](${encodeURI(nfd)}.md).\n`);
    const { entries, done } = load(true);
    await done;
    const html = readFileSync(`${(entries.get('index') as { data: { cache: string } }).data.cache}.html`, 'utf8');
    expect(html).toContain(`href="/reports/${encodeURI(nfd.normalize('NFC'))}/"`);
  });
});
