// Every view of every page of a built site reads the run model: the card, the facts line and box, the side tree and
// the meta description show the page's one accelerator count (the count the run model falls back to, and the
// adopted run's own when the page states none); the explorer's rows (runs.csv) and /engines/ show each run's count
// and model as its setup states them, a run served from a local path named like the page's model under that model.
// On the seed pages (the test's copy of content/) and the shared corpus when it is there, else on the seed pages and
// the site fixtures.
import { csvRecords } from '../helpers/csv.js';
import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseHardware } from '../../src/lib/model/hardware.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import type { Run } from '../../src/lib/schemas/run.js';
import { modelName } from '../../src/lib/site/compare/setup.js';
import { hardwareText } from '../../src/lib/site/describe.js';
import { listMarkdown } from '../../src/lib/site/files.js';
import { CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';
import { buildOnce, buildSite, builtSite, contentRoots, inputHash, projectRoot } from './build.js';
import { htmlTree, text } from './helpers.js';

if (!hasCorpus) console.warn('SKIPPED (corpus part): the views are held on content/ and the site fixtures; ../shared/corpus is absent');
const roots = hasCorpus ? [join(projectRoot, 'test', 'fixtures', 'seed-pages'), CORPUS] : contentRoots.map((r) => join(projectRoot, r));

/** content/ and the corpus built into one site (the browser tests' build of the same inputs, shared with them). */
async function site(): Promise<string> {
  if (!hasCorpus) return builtSite();
  const corpus = createHash('sha256');
  for (const f of markdownFiles(CORPUS)) corpus.update(relative(CORPUS, f)).update('\0').update(readFileSync(f));
  const dir = join(projectRoot, 'test-results', 'corpus-site', `${inputHash()}-${corpus.digest('hex').slice(0, 8)}`);
  await buildOnce(dir, (d) => buildSite(d, roots));
  return join(dir, 'dist');
}

const files = listMarkdown(roots, projectRoot);
const reports = checkAll(files.map((f) => analyze(readFileSync(f.absolutePath, 'utf8'), f.path, f.absolutePath)));
const pages = files.map((f, i) => ({ report: reports[i], url: `/reports/${f.path.replace(/\.md$/, '')}/` }));
const byUrl = new Map(pages.map((p) => [p.url, p.report]));

let dist = '';
beforeAll(async () => {
  dist = await site();
}, 900_000);

/** The counts written as `× N` in a text. */
const counts = (s: string) => [...s.matchAll(/× (\d+)/g)].map((m) => Number(m[1]));
/** What a view must show of the page's hardware: the one count, or none when the page has none. */
const expectCount = (shown: string, report: Report, where: string) => {
  const n = report.hardware?.count ?? null;
  const found = counts(shown);
  expect(found.every((c) => c === n) && (n === null || report.hardware?.gpu == null || found.length > 0), `${where}: "${shown}"`).toBe(
    true,
  );
};

const isLocalPath = (m: string | null) => !!m && /^['"]?(?:\/|\.{1,2}\/|~)/.test(m);
const lastSegment = (m: string) => m.replace(/['"]/g, '').replace(/\/+$/, '').split('/').pop()!.toLowerCase();
const launchModel = (report: Report, run: Run) => report.commands.find((c) => c.line === run.context.commandLine)?.model ?? null;

describe(`the views of every page read the run model (${hasCorpus ? 'content and corpus' : 'content and fixtures'})`, () => {
  it("should give each page one accelerator count, the adopted run's when the page states none", () => {
    let derived = 0;
    for (const { report, url } of pages) {
      const hw = report.hardware;
      if (!hw?.count || report.frontmatter.gpus !== undefined || parseHardware(hw.text)?.count) continue;
      const adopted = report.runs.find((r) => r.setup.role === 'optimized');
      if (!adopted?.setup.acceleratorCount) continue;
      derived++;
      expect(hw.count, url).toBe(adopted.setup.acceleratorCount);
    }
    console.log(`run-model views: ${pages.length} pages, ${derived} with a count from the adopted run's launch`);
  });

  it('should show that count on the report page: facts line, facts box, side tree and meta description', () => {
    for (const { report, url } of pages) {
      const tree = htmlTree(dist, url);
      const line = select('.facts-line', tree);
      if (line) expectCount(text(line), report, `${url} facts line`);
      const box = selectAll('.facts dd', tree).map(text).join(' | ');
      expectCount(box, report, `${url} facts box`);
      const meta = select('meta[name="description"]', tree);
      const description = String(meta?.properties.content ?? '');
      expectCount(description, report, `${url} meta description`);
      const hw = hardwareText(report);
      if (hw && report.model) expect(description, url).toContain(`on ${hw}`);
      const current = select('.tree a[aria-current="page"]', tree);
      if (current && hw) expect(text(current), `${url} side tree`).toContain(hw);
    }
  });

  it("should show each page's count on its card", () => {
    const homes = ['/', ...(existsSync(join(dist, 'page')) ? readdirSync(join(dist, 'page')).map((n) => `/page/${n}/`) : [])];
    const cards = new Map<string, Element>();
    for (const home of homes)
      for (const card of selectAll('li.card', htmlTree(dist, home) as Root)) {
        const href = select('h2 a', card)?.properties.href;
        if (typeof href === 'string') cards.set(href, card);
      }
    let seen = 0;
    for (const { report, url } of pages) {
      const card = cards.get(url);
      if (!card) continue;
      seen++;
      expectCount(selectAll('.tag', card).map(text).join(' | '), report, `${url} card`);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("should list each run in the explorer's rows with its setup's count and model, a local path under the page's model", () => {
    const rows = csvRecords(readFileSync(join(dist, 'data', 'runs.csv'), 'utf8'));
    const slugs = new Map(pages.map((p) => [p.report.slug, p.report]));
    let local = 0;
    for (const row of rows) {
      const report = slugs.get(row.report);
      if (!report) continue;
      const run = report.runs.find((r) => r.id === row.run_id)!;
      expect(row.gpu_count, `${row.report}#${row.run_id}`).toBe(
        run.setup.acceleratorCount === null ? '' : String(run.setup.acceleratorCount),
      );
      expect(row.model_id, `${row.report}#${row.run_id}`).toBe(run.setup.model ?? '');
      // A run with no launch of its own runs on the page's devices.
      if (run.setup.parallelism === null && report.hardware?.count && run.setup.acceleratorCount !== null)
        expect(run.setup.acceleratorCount, `${row.report}#${row.run_id}`).toBe(report.hardware.count);
      const served = launchModel(report, run);
      if (report.model && isLocalPath(served) && lastSegment(served!) === lastSegment(report.model)) {
        local++;
        expect(modelName(run.setup.model!), `${row.report}#${row.run_id}`).toBe(modelName(report.model));
      }
    }
    if (hasCorpus) expect(local).toBeGreaterThan(0);
  });

  it('should show on /engines/ the count and model each linked run has', () => {
    const tree = htmlTree(dist, '/engines/');
    for (const block of selectAll('[data-h2h]', tree)) {
      const accelerator = String(block.properties.dataAccelerator);
      const [, n, gpu] = /^(\d+)x (.+)$/.exec(accelerator)!;
      for (const a of selectAll('.h2h-run a', block)) {
        const [url, id] = String(a.properties.href).split('#');
        const run = byUrl.get(url)?.runs.find((r) => r.id === id);
        expect(run, String(a.properties.href)).toBeDefined();
        expect([run!.setup.acceleratorCount, run!.setup.accelerator], String(a.properties.href)).toEqual([Number(n), gpu]);
        expect(modelName(run!.setup.model!)).toBe(String(block.properties.dataModel));
      }
    }
  });
});
