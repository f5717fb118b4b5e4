import { join, resolve } from 'node:path';
import { isIgnored, loadConfig, projectRoot, ruleDocsUrl, type Config } from '../config.js';
import { checkAll, type Analysis } from '../pipeline.js';
import { AnalysisCache } from '../engine/parse-cache.js';
import type { Report } from '../schemas/report.js';
import type { Message } from '../schemas/message.js';
import { tooLargeFinding } from '../limits.js';
import { folderCollisions, folderFindings, readPage, siteFileFindings, skippedLine } from '../listing.js';
import { UsageError, collectMarkdown } from '../files.js';
import { toJson } from './json.js';
import { rules } from '../rules/index.js';
import { wantHelper } from '../engine/pool.js';
import { checkWithHelper, helperModule } from '../engine/check-helper.js';
import { Tally } from './tally.js';

export interface CheckResult {
  reports: Report[];
  /** 0 clean, 1 unacknowledged errors (usage and config errors throw UsageError / ConfigError: exit 2). */
  exitCode: number;
  /** Lines for stdout. */
  output: string;
  /** Lines for stderr (summary, timing). */
  summary: string;
  /** For the author, on stderr after the findings: one line per rule with unacknowledged findings, saying what to do. */
  advice: string;
  /** The config the check applied (its `docsUrl` links the rules in CI formats). */
  config: Config;
}

export interface CheckOptions {
  format: 'text' | 'json';
  cwd: string;
  cache?: boolean;
  /** Cache folder; default `node_modules/.cache/perflab` under `cwd`. */
  cacheDir?: string;
  /**
   * Parsed pages kept in memory from one check to the next (`--watch`), by page key: a page whose text, path and
   * code are unchanged is not parsed or read from the cache again. Left holding this check's pages only.
   */
  memo?: Map<string, Analysis>;
}

/**
 * `perflab check`: parse and verify every Markdown file under `paths`; the same pipeline as the site.
 * Throws UsageError (missing path, no Markdown files) or ConfigError (bad `perflab.config.json`) before any
 * page is read.
 */
export function check(paths: readonly string[], options: CheckOptions): CheckResult {
  const started = process.hrtime.bigint();
  const input = readPages(paths, options);
  const memo = options.memo;
  const keys = new Set<string>();
  let kept = 0;
  const analyses = input.files.map((file, i) => {
    const source = input.sources[i];
    if (!memo) return input.cache.analyze(source, file, resolve(file));
    const key = input.cache.keyOf(source, file, resolve(file));
    keys.add(key);
    const known = memo.get(key);
    if (known) {
      kept++;
      return known;
    }
    const fresh = input.cache.analyze(source, file, resolve(file));
    memo.set(key, fresh);
    return fresh;
  });
  if (memo) for (const key of memo.keys()) if (!keys.has(key)) memo.delete(key);
  const reports = checkAll(analyses, input.config);
  return summarise(reports, input, options, started, input.cache.hits + kept);
}

/**
 * `check` (without `memo`), sharing the pages with a second thread when there are enough of them (see
 * ../engine/pool.ts and ./threads.ts): the same result, in less time on a large set of pages.
 */
export async function checkShared(paths: readonly string[], options: CheckOptions): Promise<CheckResult> {
  const started = process.hrtime.bigint();
  const input = readPages(paths, options);
  const module = helperModule();
  if (!module || !wantHelper(input.bytes)) {
    const reports = checkAll(
      input.files.map((file, i) => input.cache.analyze(input.sources[i], file, resolve(file))),
      input.config,
    );
    return summarise(reports, input, options, started, input.cache.hits);
  }
  const shared = await checkWithHelper(module, input);
  return summarise(shared.reports, input, options, started, input.cache.hits + shared.hits, shared.helped);
}

/** What a check reads before parsing: the config, the files, their text and size, and the analysis cache. */
export interface CheckInput {
  config: Config;
  files: string[];
  sources: string[];
  bytes: number;
  cache: AnalysisCache;
  cacheDir: string | null;
  /** Findings of the listing (folder names, pages too large to read), by the file they name. */
  listed: Message[];
  /** What the listing did not read, and why (said on stderr). */
  notes: string[];
  /** Files under the paths that the config's `ignores` left out (the summary says how many). */
  ignored: number;
}

function readPages(paths: readonly string[], options: CheckOptions): CheckInput {
  const listing = listPages(paths, options);
  let bytes = 0;
  const sources = listing.files.map((file) => {
    const text = readText(file, listing.listed);
    bytes += Buffer.byteLength(text);
    return text;
  });
  return { ...listing, sources, bytes };
}

/** What a check knows before it reads a page: `CheckInput` but the text of the pages. */
export type Listing = Omit<CheckInput, 'sources' | 'bytes'>;

/** The config, the files under `paths` (less those the config ignores), the listing's findings and the cache. */
export function listPages(paths: readonly string[], options: CheckOptions): Listing {
  const config = loadConfig(options.cwd);
  const collected = collectMarkdown(paths.length ? paths : ['content']);
  // The config's `ignores` leave files out before they are read (the summary counts files checked).
  const files = collected.files.filter((f) => !isIgnored(config, f));
  const kept = new Set(files);
  const pages = collected.pages.filter((p) => kept.has(p.file));
  const { skipped } = collected;
  // In the project's root whatever folder the command runs in (a node_modules/ made elsewhere would move npm's root).
  const cacheDir =
    options.cache === false ? null : (options.cacheDir ?? join(projectRoot(options.cwd), 'node_modules', '.cache', 'perflab'));
  const cache = new AnalysisCache(cacheDir);
  // What the listing finds of the pages' paths, and the pages too large to be read: added to their reports.
  const listed = [
    ...folderFindings(pages),
    ...folderCollisions(pages),
    ...siteFileFindings(pages.map((p) => ({ file: p.file, path: p.folder === null ? null : p.path }))),
  ];
  return {
    config,
    files,
    cache,
    cacheDir,
    listed,
    notes: skipped.map(skippedLine),
    ignored: collected.files.length - files.length,
  };
}

/** The text of one listed page; a page too large to read is checked as an empty page, its finding added to `listed`. */
export function readText(file: string, listed: Message[]): string {
  let read;
  try {
    read = readPage(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (read.tooLarge !== undefined) {
    // Checked as an empty page, with the size it has on disk.
    listed.push(tooLargeFinding(file, read.tooLarge));
    return '';
  }
  return read.text;
}

/** The reports with the listing's findings added (see `readPages`); these are not acknowledged, a page lost is never published. */
function withListed(reports: Report[], listed: readonly Message[]): Report[] {
  if (listed.length === 0) return reports;
  const byFile = listedByFile(listed);
  return reports.map((r) => withListedOne(r, byFile));
}

/** The listing's findings by the file they name. */
export function listedByFile(listed: readonly Message[]): Map<string, Message[]> {
  const byFile = new Map<string, Message[]>();
  for (const m of listed) {
    const list = byFile.get(m.file);
    if (list) list.push(m);
    else byFile.set(m.file, [m]);
  }
  return byFile;
}

/** One report with the listing's findings of its file first (see `withListed`). */
export function withListedOne(r: Report, byFile: ReadonlyMap<string, readonly Message[]>): Report {
  const found = byFile.get(r.path);
  return found ? { ...r, messages: [...found, ...r.messages] } : r;
}

function summarise(all: Report[], input: CheckInput, options: CheckOptions, started: bigint, earlier: number, helped = 0): CheckResult {
  const { files, bytes, cache } = input;
  const reports = withListed(all, input.listed);
  const tally = new Tally(options.format !== 'json');
  for (const [i, r] of reports.entries()) tally.add(r, i);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const output = options.format === 'json' ? JSON.stringify(toJson(reports, input.config), null, 2) : tally.text();
  const facts = { files: files.length, ignored: input.ignored, bytes, ms, earlier, discarded: cache.discarded, helped, notes: input.notes };
  return {
    reports,
    exitCode: tally.exitCode,
    output,
    summary: tally.summary(facts),
    advice: adviceFor(tally.adviceMessages(), input.config),
    config: input.config,
  };
}

const FIX = new Map(rules.map((r) => [r.id, r.fix]));

/** `What to do:` and one line per rule id among the unacknowledged findings (with its docs), in order of first appearance. */
export function adviceFor(
  messages: readonly { ruleId: string; acknowledged?: unknown; severity: string }[],
  config: Pick<Config, 'docsUrl'> = {},
): string {
  const ids = [...new Set(messages.filter((m) => !m.acknowledged && m.severity !== 'info').map((m) => m.ruleId))];
  if (ids.length === 0) return '';
  const lines = ids.map((id) => `  ${id}: ${FIX.get(id) ?? 'see its documentation.'} (${ruleDocsUrl(id, config)})`);
  return ['What to do:', ...lines, '  To keep a finding as published, put `<!-- perflab-ignore rule-id: reason -->` on its line.'].join(
    '\n',
  );
}
