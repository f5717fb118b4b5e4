// content/ is the contributors' folder: no other test reads it (they read their own copies under test/fixtures/), and
// this one asserts only what a contributor's pull request must keep true of it. A copy of content/ with two new
// reports of the kinds contributors add (test/fixtures/new-reports/: a page in the house style around `vllm bench
// serve` output with its conclusion table, and a README-style page with llama-bench tables and prose claims) passes
// `perflab check` and builds into a site as `npm run build` builds it, failing on any unacknowledged error.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownFiles } from '../helpers/pages.js';
import { buildOnce, buildSite, inputHash, projectRoot } from './build.js';

const BIN = join(projectRoot, 'bin', 'perflab.mjs');
const CONTENT = join(projectRoot, 'content');
const NEW = join(projectRoot, 'test', 'fixtures', 'new-reports');
const newPages = markdownFiles(NEW).map((f) => `new-reports/${relative(NEW, f).split('\\').join('/')}`);

/** A folder of the project (a build reads content inside it) holding content/ and the new reports, fresh per run. */
function contentWithNewReports(): string {
  const parent = join(projectRoot, 'test-results', 'content-plus');
  rmSync(parent, { recursive: true, force: true });
  const dir = join(parent, `${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const folder = join(dir, 'content');
  cpSync(CONTENT, folder, { recursive: true });
  // In a folder of their own, so that they never take the place of a page content/ holds.
  cpSync(NEW, join(folder, 'new-reports'), { recursive: true });
  return folder;
}

let folder = '';
beforeAll(() => {
  folder = contentWithNewReports();
});

describe('content/ with two new reports', () => {
  it('should hold the two new reports beside every page of content/', () => {
    expect(newPages).toEqual(['new-reports/llama3.1-8b/l40s.md', 'new-reports/notes/flash-attention-llama-bench.md']);
    expect(markdownFiles(folder)).toHaveLength(markdownFiles(CONTENT).length + 2);
  });

  it('should pass `perflab check` (exit 0), the new reports with every claim verified and no warning or error', () => {
    const r = spawnSync(process.execPath, [BIN, 'check', relative(projectRoot, folder), '--claims', '--no-cache'], {
      cwd: projectRoot,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^${markdownFiles(folder).length} files, \\d+ runs, .*; 0 errors, `, 'm'));
    for (const page of newPages) {
      const lines = r.stdout.split('\n').filter((l) => l.startsWith(`${relative(projectRoot, join(folder, page))}:`));
      // Each new report states numbers that the checker reads and finds verified; none gives a warning or an
      // error. A number of the prose that no check reads is listed as `not judged`, with its `claim-unjudged` info.
      expect(lines.filter((l) => / {2}verified /.test(l)).length, page).toBeGreaterThan(2);
      for (const l of lines) expect(l, page).toMatch(/^\S+:\d+:\d+ {2}(?:verified {5}|not judged {3}|info {2}.*claim-unjudged$)/);
    }
  });

  it(
    'should build into a site as `npm run build` does, with a page for each new report',
    async () => {
      const dir = join(
        projectRoot,
        'test-results',
        'content-site',
        inputHash([
          'content',
          'test/fixtures/new-reports',
          'src',
          'public',
          'astro.config.mjs',
          'package-lock.json',
          'scripts/search-index.mjs',
        ]),
      );
      // A production build fails on any unacknowledged error, as a contributor's CI would.
      await buildOnce(dir, (d) => buildSite(d, [folder], { PERFLAB_ALLOW_ERRORS: '', NODE_ENV: 'production' }));
      for (const page of newPages) {
        expect(existsSync(join(dir, 'dist', 'reports', page.replace(/\.md$/, ''), 'index.html')), page).toBe(true);
      }
      expect(existsSync(join(dir, 'dist', 'pagefind'))).toBe(true);
    },
    15 * 60_000,
  );
});
