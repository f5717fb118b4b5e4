/**
 * Fuzzing of file and folder names: small content folders of pages under hostile names (`#`, `?`, `%xx`, spaces,
 * NFC/NFD twins, dots, `.md` in other cases, very long names, control characters, names of the site's own files) are written to disk, listed as
 * `perflab check` and the loader list them, and checked. No page may be lost silently: every page written is
 * listed (unless hidden), and every page either has its own route (its own files on the site, reached by the URL
 * the site makes of its slug) or an error names it. Which files the site writes is asked of Astro's own route
 * generator, not of the code under test. Fixed seed; `PERFLAB_FUZZ_RUNS` runs a longer campaign.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectMarkdown } from '../../src/lib/files.js';
import { folderFindings, siteFileFindings } from '../../src/lib/listing.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { slugOf } from '../../src/lib/route.js';
import { listMarkdown } from '../../src/lib/site/files.js';
import { astroRoutes, siteOwnFiles, writtenAs } from '../helpers/astro-routes.js';
import { RUNS, SEED } from './oracle.js';

if (RUNS) vi.setConfig({ testTimeout: RUNS * 200 + 60_000 });

let routes: Awaited<ReturnType<typeof astroRoutes>>;
beforeAll(async () => {
  routes = await astroRoutes();
});

const work = mkdtempSync(join(tmpdir(), 'perflab-fuzz-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Pieces of hostile names. */
const piece = fc.oneof(
  fc.constantFrom(
    'a',
    'B',
    'h100',
    'qwen3',
    '-',
    '_',
    '.',
    '..',
    ' ',
    '#',
    '?',
    '%',
    '%23',
    '%2F',
    '%25',
    '%e9',
    '\\',
    '+',
    '&',
    '=',
    "'",
    '"',
  ),
  fc.constantFrom('caf\u00e9', 'cafe\u0301', '\u00c5', 'A\u030a', '\u4e2d', '\u{1f600}', '\u0001', '\t', '\u007f', '\u0085', '\u200b'),
  fc.constantFrom('x'.repeat(120), 'long-'.repeat(30)),
);
const segment = fc
  .array(piece, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''))
  .filter((s) => s !== '.' && s !== '..' && Buffer.byteLength(s) <= 200);
const pagePath = fc
  .tuple(fc.array(segment, { maxLength: 2 }), segment, fc.constantFrom('.md', '.md', '.MD', '.Md', '.md.md'))
  .map(([folders, name, ext]) => [...folders, `${name}${ext}`].join('/'));
// Now and then a name the site's own files take (`data/reports.json` is the list of reports).
const anyPath = fc.oneof(
  { arbitrary: pagePath, weight: 12 },
  { arbitrary: fc.constantFrom('reports.md', 'reports.MD', 'runs.csv/x.md'), weight: 1 },
);
const siteArb = fc.uniqueArray(anyPath, { minLength: 1, maxLength: 6 });

/** The files the site writes for a page, as Astro names them (its generator, `encodeURI`, then the file URL's path). */
function outputs(slug: string): string[] {
  return [`${routes.page({ slug })}/index.html`, routes.markdown({ slug }), routes.data({ slug })].map(writtenAs);
}

/** Whether the URL the site makes of a slug (`/reports/<slug>/`), as a browser sends it and a server decodes it, names the page's file. */
function reachable(slug: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(`/reports/${slug}/`, 'http://site').pathname);
  } catch {
    return false;
  }
  return join('/out', decoded, 'index.html') === outputs(slug)[0];
}

/** The site's own files beside the reports' (under `/out`, as `outputs` names files). */
const site = siteOwnFiles().map((f) => join('/out', f));
const meets = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
const hidden = (path: string) => path.split('/').some((s) => s.startsWith('.'));

let n = 0;
describe('fuzz: hostile file and folder names through the listing and the checks', () => {
  it('should lose no page silently: each page has its own reachable route or an error names it; nothing throws', () => {
    fc.assert(
      fc.property(siteArb, (paths) => {
        const root = join(work, `site-${n++}`);
        mkdirSync(root);
        const written: string[] = [];
        for (const p of paths) {
          try {
            mkdirSync(join(root, p, '..'), { recursive: true });
            writeFileSync(join(root, p), `# Page\n\nA page named ${JSON.stringify(p)}.\n`, { flag: 'wx' });
            written.push(p);
          } catch {
            // A name the file system refuses, or a file where another page needs a folder: not a page.
          }
        }
        try {
          const skipped: unknown[] = [];
          const listed = listMarkdown([root], root, skipped as never);
          const visible = written.filter((p) => !hidden(p));
          if (visible.length === 0) return;
          // The CLI lists what the loader lists; every page written and not hidden is listed.
          expect(collectMarkdown([root]).pages.map((p) => p.path)).toEqual(listed.map((f) => f.path));
          expect(listed.map((f) => f.path).sort()).toEqual([...visible].sort());
          expect(skipped).toEqual([]);
          const reports = checkAll(listed.map((f) => analyze(`# Page\n\nText.\n`, f.path, f.absolutePath)));
          const named = listed.map((f) => ({ file: f.path, path: f.path }));
          const folders = [...folderFindings(named), ...siteFileFindings(named)];
          const errors = (path: string, id: string) =>
            reports.some((r) => r.path === path && r.messages.some((m) => m.ruleId === id && m.severity === 'error')) ||
            folders.some((m) => m.file === path && m.ruleId === id);
          const files = listed.map((f) => outputs(slugOf(f.path)));
          listed.forEach((f, i) => {
            const slug = slugOf(f.path);
            if (!reachable(slug)) expect(errors(f.path, 'file-name-invalid'), `unreachable: ${JSON.stringify(f.path)}`).toBe(true);
            // The files of every other page, and the site's own.
            const theirs = [...files.filter((_, j) => j !== i), site];
            const met = theirs.some((t) => t.some((b) => files[i].some((a) => meets(a, b))));
            if (met) expect(errors(f.path, 'route-collision'), `collides: ${JSON.stringify(f.path)}`).toBe(true);
          });
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { seed: SEED, numRuns: RUNS || 200 },
    );
  });
});
