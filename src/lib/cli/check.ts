import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatMessage } from '../diagnostics.js';
import { loadConfig, type Config } from '../config.js';
import { checkAll, isBlocking, type Analysis } from '../pipeline.js';
import { AnalysisCache } from './cache.js';
import type { Report } from '../schemas/report.js';
import { UsageError, collectMarkdown } from './files.js';
import { toJson } from './json.js';
import { compareText } from '../order.js';
import { rules } from '../rules/index.js';
import { wantHelper } from '../threads.js';
import { checkWithHelper, helperModule } from './threads.js';

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
 * ../threads.ts and ./threads.ts): the same result, in less time on a large set of pages.
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
}

function readPages(paths: readonly string[], options: CheckOptions): CheckInput {
  const config = loadConfig(options.cwd);
  const { files } = collectMarkdown(paths.length ? paths : ['content']);
  let bytes = 0;
  const cacheDir = options.cache === false ? null : (options.cacheDir ?? join(options.cwd, 'node_modules', '.cache', 'perflab'));
  const cache = new AnalysisCache(cacheDir);
  const sources = files.map((file) => {
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    bytes += Buffer.byteLength(source);
    return source;
  });
  return { config, files, sources, bytes, cache, cacheDir };
}

function summarise(reports: Report[], input: CheckInput, options: CheckOptions, started: bigint, earlier: number, helped = 0): CheckResult {
  const { files, bytes, cache } = input;
  const messages = reports
    .flatMap((r) => r.messages)
    .sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.ruleId, b.ruleId));
  const blocking = messages.filter(isBlocking).length;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const output = options.format === 'json' ? JSON.stringify(toJson(reports), null, 2) : messages.map(formatMessage).join('\n');
  const count = (s: string) => messages.filter((m) => m.severity === s && !m.acknowledged).length;
  const claims = reports.flatMap((r) => r.claims);
  const verified = claims.filter((c) => c.verdict === 'verified').length;
  // The other grades, so `consistent` (adds up on an unsourced input) is never read as verified.
  const grades = (['consistent', 'mismatch', 'untraceable'] as const)
    .map((v) => [v, claims.filter((c) => c.verdict === v).length] as const)
    .filter(([, n]) => n > 0)
    .map(([v, n]) => `${n} ${v}`);
  const summary =
    `${files.length} files, ${reports.reduce((n, r) => n + r.runs.length, 0)} runs, ${verified}/${claims.length} claims verified` +
    `${grades.length ? ` (${grades.join(', ')})` : ''}; ` +
    `${count('error')} errors, ${count('warning')} warnings, ${messages.filter((m) => m.acknowledged).length} acknowledged ` +
    `(${(bytes / 1e6).toFixed(2)} MB in ${ms.toFixed(0)} ms, ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s; ${earlier} of ${files.length} files parsed earlier` +
    `${cache.discarded ? `; ${cache.discarded} bad cache entries discarded` : ''}` +
    `${helped ? `; ${helped} read and checked by a second thread` : ''})`;
  return { reports, exitCode: blocking > 0 ? 1 : 0, output, summary, advice: adviceFor(messages) };
}

const FIX = new Map(rules.map((r) => [r.id, r.fix]));

/** `What to do:` and one line per rule id among the unacknowledged findings, in order of first appearance. */
export function adviceFor(messages: readonly { ruleId: string; acknowledged?: unknown; severity: string }[]): string {
  const ids = [...new Set(messages.filter((m) => !m.acknowledged && m.severity !== 'info').map((m) => m.ruleId))];
  if (ids.length === 0) return '';
  const lines = ids.map((id) => `  ${id}: ${FIX.get(id) ?? 'see docs/rules.md'}`);
  return ['What to do:', ...lines, '  To keep a finding as published, put `<!-- perflab-ignore rule-id: reason -->` on its line.'].join(
    '\n',
  );
}
