// One page's check and render, as the loader and its helper thread both run it: the page's analysis is checked
// against the page set, rendered, validated and written to the render cache. What comes back is small (where the
// files are, what the disk was asked, what the log needs), so it crosses threads cheaply; the Astro store is written by
// the loader alone.
import type { Config } from '../lib/config.js';
import { checkOne, type Analysis, type PageSet } from '../lib/pipeline.js';
import { pageLinks } from '../lib/model/tree.js';
import { countConstructs } from '../lib/render/counts.js';
import { renderReport } from '../lib/render/index.js';
import type { Report } from '../lib/schemas/report.js';
import { runSchema, type Run } from '../lib/schemas/run.js';
import { compareRows } from '../lib/site/compare/rows.js';
import { csvPart } from '../lib/site/csv.js';
import { describe, pageTitle } from '../lib/site/describe.js';
import type { CacheHashes } from '../lib/site/cached.js';
import { entryFileSchema, type Cited, type Entry, type EntryFile, type Probe, type SiteData, type StoredEntry } from '../lib/site/entry.js';
import { searchValueProblems } from '../lib/site/search-value.js';
import { reportUrl, slugOf } from '../lib/site/urls.js';
import { CacheWriteError, cachePrefix, writeCache, type CacheTexts } from '../lib/engine/site-cache.js';
import type { SourceFile } from '../lib/site/files.js';
import { logEntry, type LoggedEntry } from './log.js';
import { mediaResolver, savedResolver, type MediaResolver, type SavedResolver } from './media.js';
import { Probes, citedPages } from './probes.js';
import { packedIds } from './anchors.js';

/** What the check and render of every page of one load share (plain data: it is copied to the helper thread). */
export interface LoadShared {
  config: Config;
  base: string;
  projectRoot: string;
  /** The content folders, absolute. */
  roots: string[];
  /** The render cache folder. */
  cacheDir: string;
  /** Content-relative path → index of the page in the load. */
  byPath: Map<string, number>;
  /** By page index: what links to the page can point at (headings, runs, metric lines), packed (./anchors.ts). */
  anchorSets: string[];
  /** By page index: the digest of the page's view (what a page citing it reads of it). */
  views: string[];
}

/** One page to check and render. */
export interface PageJob {
  i: number;
  file: SourceFile;
  date: string | null;
  /** The entry's digest (names its cache files). */
  digest: string;
}

/** What the log and the cache pruning need of an entry (see `logDiagnostics`); `fresh` when checked in this load. */
export type Logged = LoggedEntry & Pick<StoredEntry, 'cache'>;

export const logged = (e: StoredEntry): Logged => ({ cache: e.cache, ...logEntry(e) });

/** The page's entry files are written: what the store keeps of it, and what the log needs. */
export interface PageDone {
  ok: true;
  cache: string;
  cacheHashes: CacheHashes;
  probes: Probe[];
  cited: Cited[];
  log: Logged;
}

/** The page could not be rendered (`cacheWrite`: because the render cache could not be written, no page's fault). */
export interface PageFailed {
  ok: false;
  cacheWrite: boolean;
  error: string;
}

export type PageOutcome = PageDone | PageFailed;

/** Check and render one page (its analysis `a`, of the text `source`) and write its entry files. Never throws. */
export function checkAndRender(a: Analysis, job: PageJob, source: string, set: PageSet, s: LoadShared): PageOutcome {
  const { file } = job;
  const id = slugOf(file.path);
  const probe = new Probes();
  const media = mediaResolver(s.base, s.projectRoot, file.absolutePath, s.roots);
  const saved = savedResolver(s.base, s.projectRoot, file.absolutePath, s.roots);
  try {
    const report = checkOne(a, set, s.config, probe.exists);
    probe.savedFiles(file.absolutePath, report);
    const entry = buildEntry(a, report, file, {
      base: s.base,
      date: job.date,
      pageUrl: (path) => (s.byPath.has(path) ? reportUrl(s.base, slugOf(path)) : null),
      anchors: (path) => {
        const i = s.byPath.get(path);
        return i === undefined ? null : packedIds(s.anchorSets[i]);
      },
      media: probe.media(media),
      saved,
    });
    // The entry and its full runs are validated here and written to the cache; the store gets only where they are.
    const runs = runsSchema.parse(entry.data.runs);
    const body = entryFileSchema.parse({ ...entry.data, runs: runs.map(({ metrics: _m, unknown: _u, ...run }) => run) });
    const cache = cachePrefix(s.cacheDir, id, job.digest);
    const cacheHashes = writeCache(cache, cacheTexts({ html: entry.html, source, runs, entry: body }));
    const cited = citedPages(report, s.byPath, pageLinks(a.tree, false)).map((path) => {
      const i = s.byPath.get(path);
      return { path, view: i === undefined ? '' : s.views[i] };
    });
    return { ok: true, cache, cacheHashes, probes: probe.list(), cited, log: logged({ ...body, cache, cacheHashes }) };
  } catch (error) {
    return { ok: false, cacheWrite: error instanceof CacheWriteError, error: (error as Error)?.message ?? String(error) };
  }
}

const runsSchema = runSchema.array();

/**
 * The text of each cache file of an entry: its body HTML, Markdown source, full runs, the entry itself, and what the
 * routes publish of it or read of each run, made here on the loader's threads from the entry as the routes read it
 * back (`fullEntry` of the written files): its rows (what the explorer and its question files read of each run), its
 * published data (`/data/<slug>.json`: the full entry without where the renderer marked each claim) and its part of
 * runs.csv. The routes of a large site read every report's entry and runs several times to make these.
 */
export function cacheTexts(files: { html: string; source: string; runs: Run[]; entry: EntryFile }): CacheTexts {
  const runs = JSON.stringify(files.runs);
  const entry = JSON.stringify(files.entry);
  const report = { ...(JSON.parse(entry) as EntryFile), runs: JSON.parse(runs) as Run[] };
  const url = files.entry.site.url;
  const rows = compareRows([{ report, url }]);
  // Where the renderer marked each claim (`mark`) is the renderer's own: not part of the published data.
  const claims = report.claims.map(({ mark: _mark, ...claim }) => claim);
  return {
    html: files.html,
    source: files.source,
    runs,
    entry,
    rows: JSON.stringify(rows),
    data: JSON.stringify({ ...report, claims }),
    csv: JSON.stringify(csvPart({ report, url, rows })),
  };
}

interface BuildOptions {
  base: string;
  date: string | null;
  pageUrl: (path: string) => string | null;
  anchors: (path: string) => { has(id: string): boolean } | null;
  /** The page's images: published from inside the content folders only (see ./media.ts). */
  media: Pick<MediaResolver, 'resolve' | 'published'>;
  /** The saved result files its runs were read from: published from inside the content folders only. */
  saved: Pick<SavedResolver, 'resolve' | 'published'>;
}

function buildEntry(analysis: Analysis, report: Report, file: SourceFile, o: BuildOptions) {
  const media = o.media;
  // Every saved file the runs were read from is published, whether or not the page's text links it again.
  for (const f of report.savedFiles) if (f.digest !== '') o.saved.resolve(f.link);
  const out = renderReport(analysis, report, { pageUrl: o.pageUrl, anchors: o.anchors, image: media.resolve, saved: o.saved.resolve });
  const site: SiteData = {
    url: reportUrl(o.base, report.slug),
    sourcePath: file.projectPath,
    lastUpdated: o.date,
    titleId: out.titleId,
    description: describe(report),
    counts: countConstructs(analysis.tree),
    headings: out.headings.map(({ depth, text, slug, line }) => ({ depth, text, slug, line })),
    media: media.published(),
    saved: o.saved.published(),
    problems: [],
  };
  // The rendered H1 moves to the page header; keep the title the pipeline read, else the one rendering found.
  const data: Entry = { ...report, title: report.title ?? out.title, site };
  // A filter or title with no plain text left is not indexed for search: say so rather than drop it quietly.
  site.problems.push(...searchValueProblems({ ...report, title: pageTitle(data) }));
  return { data, html: out.html };
}
