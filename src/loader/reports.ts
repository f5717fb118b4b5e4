// Astro content loader for perflab reports: one pipeline (`analyze` per file, `checkAll` over all), validated
// through the collection schema, rendered once into the store; unchanged entries are skipped by digest.
import type { Loader, LoaderContext } from 'astro/loaders';
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../lib/config.js';
import { pageSet, type Analysis } from '../lib/pipeline.js';
import { LoadedPages } from './analyses.js';
import { RENDER_VERSION } from '../lib/render/index.js';
import { storedEntry } from '../lib/site/cached.js';
import { siteSchema, storeRefSchema, storedEntrySchema, type StoreRef, type StoredEntry } from '../lib/site/entry.js';
import { slugOf } from '../lib/site/urls.js';
import { codeHash } from '../lib/engine/code.js';
import { CacheWriteError, cacheValid, lockCache, pruneCache, rememberCache } from '../lib/engine/site-cache.js';
import { keepSources, listMarkdown, readSource, type SkippedPath, type SourceFile } from '../lib/site/files.js';
import { tooLargeFinding } from '../lib/limits.js';
import { folderFindings, siteFileFindings, skippedLine } from '../lib/listing.js';
import { formatMessage } from '../lib/diagnostics.js';
import { lastUpdated } from './git.js';
import { errorKinds, escapedLogger, logDiagnostics } from './log.js';
import { terminalText } from '../lib/terminal.js';
import { mediaResolver } from './media.js';
import { fileBytes, memoryBudget } from '../lib/sizes.js';
import { PageTexts } from './texts.js';
import { derive, type Derived } from './derived.js';
import { checkAndRender, logged, type LoadShared, type Logged, type PageJob, type PageOutcome } from './page-entry.js';
import { citedHold, probesHold } from './probes.js';
import { breather, helped, shareWork, wantHelper } from '../lib/engine/pool.js';
import { dropAhead, startHelper, takeAhead, tellShared, type LoadHelper } from './threads.js';

export interface ReportsLoaderOptions {
  /** Content folders relative to the project root (default `['content']`). */
  roots?: string[];
  /** Throw after loading when an unacknowledged error exists (default: in production builds only). */
  failOnError?: boolean;
}

export function reportsLoader(options: ReportsLoaderOptions = {}): Loader {
  const roots = options.roots ?? ['content'];
  if (!Array.isArray(roots) || roots.length === 0 || roots.some((r) => typeof r !== 'string' || !r)) {
    throw new Error('reportsLoader: `roots` must be a non-empty array of folder paths, e.g. `{ roots: ["content"] }`.');
  }
  // Dev: the parsed pages stay in memory from one reload to the next (an edit parses the edited page only).
  const memo = new Map<string, Analysis>();
  // Dev: the render cache files of entries the store no longer holds are removed `PRUNE_DELAY_MS` after the last
  // load ends, never during one: a load writes its new files first and sets the store after, and a removal that came
  // in between (a reload of every page takes longer than the delay at 1,000 reports) left the store pointing at
  // files that were gone.
  let pruning: ReturnType<typeof setTimeout> | undefined;
  const pruneLater = (context: LoaderContext) => {
    clearTimeout(pruning);
    const dir = renderCacheDir(context);
    pruning = setTimeout(() => pruneCache(dir, storedCaches(context)), PRUNE_DELAY_MS);
    pruning.unref?.();
  };
  return {
    name: 'perflab-reports',
    load: async (context) => {
      const kept = context.watcher ? memo : null;
      clearTimeout(pruning);
      await load(context, roots, options.failOnError ?? process.env.NODE_ENV === 'production', kept);
      if (context.watcher) pruneLater(context);
      // Dev: reload on any Markdown change under the roots (cross-page checks need every page).
      const root = fileURLToPath(context.config.root);
      const watched = roots.map((r) => resolve(root, r));
      // Folders outside the project are not watched by default: add them so edits there reload too.
      for (const dir of watched) context.watcher?.add(dir);
      // One reload at a time: a save often comes as two events (the file emptied, then written), and two loads at once
      // could end in either order, leaving the entry of the half-written file. Events during a reload ask for one
      // more, which reads the files as they are by then.
      let running = false;
      let again = false;
      const reload = async () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        clearTimeout(pruning);
        do {
          again = false;
          await load(context, roots, false, kept, false).catch((error) => escapedLogger(context.logger).error(String(error)));
        } while (again);
        running = false;
        pruneLater(context);
      };
      context.watcher?.on('all', (_event, file) => {
        if (file.endsWith('.md') && watched.some((dir) => file.startsWith(dir))) void reload();
      });
    },
  };
}

/**
 * How long after the last load of a dev server the files of entries the store no longer holds are removed: a page
 * being served may still read the previous entry, and Astro's routes see the store's changes a little later.
 */
export const PRUNE_DELAY_MS = 10_000;

/** Where rendered HTML, sources and full runs go; the store keeps their path (see ../lib/engine/site-cache.ts). */
function renderCacheDir(context: LoaderContext): string {
  const projectRoot = fileURLToPath(context.config.root);
  return join(context.config.cacheDir ? fileURLToPath(context.config.cacheDir) : join(projectRoot, 'node_modules', '.astro'), 'perflab');
}

/** The cache prefixes the store points to now. */
const storedCaches = (context: LoaderContext): string[] =>
  [...context.store.values()].map((e) => (e.data as Partial<StoredEntry>).cache).filter((c): c is string => typeof c === 'string');

/**
 * One load of every report. `repeat`: log the findings of every page, not only of those checked in this load (a dev
 * server lists them all once, then on each reload those of the pages that changed).
 */
async function load(
  context: LoaderContext,
  roots: string[],
  failOnError: boolean,
  memo: Map<string, Analysis> | null,
  repeat = true,
): Promise<void> {
  const { store, meta, generateDigest, parseData } = context;
  const logger = escapedLogger(context.logger);
  const projectRoot = fileURLToPath(context.config.root);
  const base = context.config.base;
  const cacheDir = renderCacheDir(context);
  const absoluteRoots = roots.map((r) => (isAbsolute(r) ? r : resolve(projectRoot, r)));
  for (const dir of absoluteRoots) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new Error(`reportsLoader: content folder \`${dir}\` does not exist; create it or fix \`roots\`.`);
    }
  }

  const skipped: SkippedPath[] = [];
  // Two builds of one project must not write and prune the same cache files at once: the second one waits for the
  // first to exit. (The dev server, which reloads in one process for its whole life, does not hold it.)
  if (!context.watcher) await lockCache(cacheDir, (message) => logger.info(message));
  const listedFiles = listMarkdown(absoluteRoots, projectRoot, skipped);
  for (const s of skipped) logger.warn(skippedLine(s));
  const ids = new Map<string, SourceFile>();
  for (const f of listedFiles) {
    const id = slugOf(f.path);
    const other = ids.get(id);
    if (other) {
      // Two names that show alike: one is written in another Unicode form (NFC, NFD), or `.md` in another case.
      const alike = f.projectPath.normalize('NFC').toLowerCase() === other.projectPath.normalize('NFC').toLowerCase();
      const how = alike ? ' (the same name in another Unicode form or case of `.md`)' : '';
      throw buildStop(
        `reportsLoader: \`${terminalText(f.projectPath)}\` and \`${terminalText(other.projectPath)}\` both map to /reports/${id}/${how}; rename one.`,
      );
    }
    ids.set(id, f);
  }
  // What the listing finds (as `perflab check` does): folder names that break a page's URL, pages whose files would
  // overwrite the site's own, and pages too large to read, which are left out of the site. Errors: they fail a
  // production build, by name, after the other findings.
  const named = listedFiles.map((f) => ({ file: f.projectPath, path: f.path }));
  const listed = [...folderFindings(named), ...siteFileFindings(named)];
  // A dev server keeps every page's text and parse between reloads, unless the site is too large for that
  // (the memory budget's `devKeep` share, ../lib/sizes.ts): then it keeps what the page set reads of each page (`derivedByKey`), as a build would.
  const large = memo !== null && fileBytes(listedFiles.map((f) => f.absolutePath)) > memoryBudget().devKeep;
  if (large) {
    memo.clear();
    keepSources([]);
  }
  const kept = large ? null : memo;
  // Each page's text is read here for its digest, and kept only on a small site or a dev server (./texts.ts).
  const texts = new PageTexts(generateDigest, kept !== null ? Infinity : memoryBudget().keep);
  const files: SourceFile[] = [];
  // Long runs of work on this thread give the event loop a turn every BREATH_MS. Astro saves the content store
  // asynchronously, 500 ms after a change; a save begun while the load held the thread waited until the load's end,
  // then wrote the store as it was when it began, and Astro's last save, finding it still writing, was dropped
  // (5.18's writeFileAtomic retries with the first save's text). At 10,000 reports a rebuild that read every page's
  // parse back in one synchronous run of 30 s left the build reading the store from before the edit, and failed on
  // the edited page's pruned files.
  const breathe = breather();
  for (const f of listedFiles) {
    const pause = breathe();
    if (pause) await pause;
    const t = readSource(f.absolutePath, kept !== null);
    if (t.text === undefined) {
      if (t.tooLarge !== undefined) listed.push(tooLargeFinding(f.projectPath, t.tooLarge));
      ids.delete(slugOf(f.path));
    } else {
      files.push(f);
      texts.add(f.absolutePath, f.projectPath, t.text);
    }
  }
  for (const m of listed) logger.error(formatMessage(m));
  const listedFailure = () => {
    if (listed.length === 0 || !failOnError) return;
    const pages = new Set(listed.map((m) => m.file)).size;
    throw buildStop(
      `perflab: ${pages} page${pages === 1 ? '' : 's'} cannot be published as ${pages === 1 ? 'it is' : 'they are'}:\n${listed.map((m) => terminalText(formatMessage(m))).join('\n')}`,
    );
  };
  if (kept) keepSources(files.map((f) => f.absolutePath));
  const dates = lastUpdated(
    projectRoot,
    files.map((f) => f.projectPath),
  );
  const config = buildConfig(projectRoot);
  const sourceDigests = texts.digests;
  // The entry shape is part of the version: a new site field must not be served from an old store.
  const versions = {
    code: codeHash(),
    render: RENDER_VERSION,
    base,
    shape: [storedEntrySchema, siteSchema, storeRefSchema].map((schema) => Object.keys(schema.shape).join()).join(';'),
  };

  // Fast path: nothing changed since the last load, so the stored entries (and their messages) stand.
  const setDigest = generateDigest({
    ...versions,
    config: JSON.stringify(config),
    files: files.map((f, i) => [f.path, sourceDigests[i], dates.get(f.projectPath) ?? null]),
  } as Record<string, unknown>);
  const storedIds = new Set(store.keys());
  if (
    meta.get('set-digest') === setDigest &&
    files.every((f) => storedIds.has(slugOf(f.path))) &&
    storedIds.size === files.length &&
    files.every((f) => {
      const ref = store.get(slugOf(f.path))?.data as Partial<StoreRef> | undefined;
      // The Markdown is unchanged, but a linked file or an image may have come or gone since.
      return cacheValid(ref) && probesHold(ref?.probes, mediaResolver(base, projectRoot, f.absolutePath, absoluteRoots));
    })
  ) {
    logger.info(`${files.length} reports unchanged; using the stored entries`);
    dropAhead();
    finish(
      context,
      store.values().map((e) => loggedStored(e.data as unknown as StoreRef)),
      failOnError,
      repeat,
    );
    listedFailure();
    return;
  }

  const started = performance.now();
  // Read every page once; the checks of each page need only the others' reports (see LoadedPages for memory).
  const analysesDir = join(cacheDir, 'analyses');
  // The helper the config started ahead of a build (./threads.ts) has left some pages parsed in the analysis cache by
  // now; taken here, just before the parse and its \`finally\`, so that no failure between leaves it holding the
  // process. (The dev server starts none, and its reloads do not wait here.)
  const ahead = context.watcher ? null : await takeAhead(analysesDir, versions.code);
  const pages = new LoadedPages(
    files.map((f) => ({ path: f.path, absolutePath: f.absolutePath })),
    (i) => texts.text(i),
    analysesDir,
    versions.code,
    kept,
  );
  pages.parsed += ahead?.parsed ?? 0;
  // (On a large dev site, a page whose derived view is kept needs no parse until it is checked.)
  const toParse = files.map((_, i) => i).filter((i) => !pages.known(i) && !(large && derivedByKey.has(pages.key(i))));
  // A load of many pages to parse or check shares them with a helper thread (see ./threads.ts), started while this
  // thread parses (or ahead of the load, which then shares the rest of the parsing with it); it is stopped however
  // the load ends.
  let helper: Promise<LoadHelper | null> | null = null;
  const say = (message: string) => logger.info(message);
  const early = ahead && pages.onDisk ? Promise.resolve(ahead.helper) : null;
  const helperFor = (bytes: number) =>
    (helper ??= pages.onDisk && wantHelper(bytes) ? (early ?? startHelper(cacheDir, versions.code, analysesDir, say)) : null);
  const outcomes: PageOutcome[] = new Array(files.length);
  let byHelper = 0;
  let helperRan: boolean;
  const entries: Array<Logged | undefined> = new Array(files.length);
  const jobs: PageJob[] = [];
  try {
    // What links to a page can point at: its headings, runs and metric lines (not its claims, whose places are
    // known only once the page is checked; `anchor-missing` takes heading slugs only).
    const derivedBy: Array<Derived | undefined> = new Array(files.length);
    // A dev server keeps what it derived of each parse it keeps; a build derives each page once.
    const derived = context.watcher ? derivedKept : derive;
    const parsing = early ?? helperFor(toParse.reduce((n, i) => n + texts.lengths[i], 0));
    byHelper += await shareWork(
      toParse,
      (i) => (derivedBy[i] = derived(pages.read(i))),
      helped(
        parsing,
        async (h, batch) => {
          // A build takes what is derived of each page from the helper; a dev server reads the parses back, to keep
          // them in memory for its next reload.
          const reply = await h.ask({ type: 'parse', jobs: batch.map((i) => pages.job(i)), derive: !context.watcher });
          if (reply.type !== 'parsed') return;
          pages.parsed += reply.parsed;
          reply.derived?.forEach((d, k) => (derivedBy[batch[k]] = d));
        },
        say,
      ),
      4,
    );
    const all: Derived[] = [];
    for (let i = 0; i < files.length; i++) {
      const pause = breathe();
      if (pause) await pause;
      all.push((derivedBy[i] ??= (large ? derivedByKey.get(pages.key(i)) : undefined) ?? derived(pages.read(i))));
    }
    if (large) {
      derivedByKey.clear();
      all.forEach((d, i) => derivedByKey.set(pages.key(i), d));
    }
    const anchorSets = all.map((d) => d.anchors);
    const views = all.map((d) => d.viewDigest);
    const set = pageSet(all.map((d) => d.view));
    const byPath = new Map(files.map((f, i) => [f.path, i]));
    const viewOf = (path: string) => {
      const i = byPath.get(path);
      return i === undefined ? null : views[i];
    };
    // A page's entry is a function of its own text and of what the checks read of the other pages: the paths, heading
    // slugs and run values of all, and the places in the pages it cites (their lines and run ids show in its claims
    // and messages). When none of that changed, nor what it found on disk, its stored entry stands: it is neither
    // checked nor rendered again.
    const valuesOfAll = generateDigest(all.map((d) => d.valueDigest).join('\n'));
    // What every page's digest shares, hashed once: the code, the config, the values of all pages and the list of
    // pages (links to other pages render differently when those pages appear or vanish; the anchors of the pages it
    // links to are held by `cited`).
    const shared = generateDigest({
      ...versions,
      config: JSON.stringify(config),
      values: valuesOfAll,
      pages: generateDigest([...byPath.keys()].join('\n')),
    } as Record<string, unknown>);

    // Each page whose stored entry does not stand is checked, then rendered, then let go: only what the log and the
    // store need is kept of it.
    for (const [i, file] of files.entries()) {
      const pause = breathe();
      if (pause) await pause;
      const date = dates.get(file.projectPath) ?? null;
      const digest = generateDigest({ shared, path: file.path, absolutePath: file.absolutePath, source: sourceDigests[i], date });
      const existing = store.get(slugOf(file.path));
      if (
        existing &&
        existing.digest === digest &&
        cacheValid(existing.data as Partial<StoreRef>) &&
        probesHold((existing.data as Partial<StoreRef>).probes, mediaResolver(base, projectRoot, file.absolutePath, absoluteRoots)) &&
        citedHold((existing.data as Partial<StoreRef>).cited, viewOf)
      ) {
        entries[i] = loggedStored(existing.data as unknown as StoreRef);
        pages.release(i);
      } else jobs.push({ i, file, date, digest });
    }
    const load: LoadShared = { config, base, projectRoot, roots: absoluteRoots, cacheDir, byPath, anchorSets, views };
    // The helper gets the page set once, with its first pages to check.
    let told: Promise<unknown> | null = null;
    byHelper += await shareWork(
      jobs,
      (job) => {
        outcomes[job.i] = checkAndRender(pages.get(job.i), job, texts.text(job.i), set, load);
        pages.release(job.i);
      },
      helped(
        helperFor(jobs.reduce((n, j) => n + texts.lengths[j.i], 0)),
        async (h, batch) => {
          await (told ??= tellShared(h, load, set.reports));
          const reply = await h.ask({ type: 'render', jobs: batch.map((job) => ({ ...job, ...pages.job(job.i) })) });
          if (reply.type !== 'rendered') throw new Error(`the helper answered ${reply.type}`);
          for (const { i, outcome } of reply.outcomes) {
            if (outcome.ok) rememberCache(outcome.cache, outcome.cacheHashes);
            outcomes[i] = outcome;
            pages.release(i);
          }
        },
        say,
      ),
      2,
    );
  } finally {
    const h = await (helper as Promise<LoadHelper | null> | null);
    // A helper that ran to the end says its share below, none included (it may start after this thread is done).
    helperRan = h?.alive ?? false;
    await h?.close();
    await ahead?.helper.close();
  }

  // The store is written in page order, as one thread would, and last, in one synchronous run, after the slow
  // steps (pruning, logging every finding): Astro saves the store 500 ms after its last change, and a save that
  // started before the end of the load is not awaited by the one that ends it. At 10,000 reports, logging took longer
  // than that after the last change, and the build read the store from before it (a page's old, pruned files).
  const failed: string[] = [];
  const changes: Array<() => void> = [];
  let rendered = 0;
  for (const { i, file, digest } of jobs) {
    const pause = breathe();
    if (pause) await pause;
    const id = slugOf(file.path);
    const outcome = outcomes[i];
    if (!outcome.ok) {
      // An unwritable cache is no page's fault: stop and say so, rather than leave every page out.
      if (outcome.cacheWrite) throw new CacheWriteError(outcome.error);
      failed.push(`${file.projectPath}:1:1: cannot be rendered: ${outcome.error}`);
      changes.push(() => store.delete(id));
      continue;
    }
    const { cache, cacheHashes, probes, cited } = outcome;
    let ref: Record<string, unknown>;
    try {
      ref = await parseData({ id, data: { path: file.path, cache, cacheHashes, probes, cited }, filePath: file.projectPath });
    } catch (error) {
      failed.push(`${file.projectPath}:1:1: cannot be rendered: ${(error as Error)?.message ?? String(error)}`);
      changes.push(() => store.delete(id));
      continue;
    }
    changes.push(() => store.set({ id, data: ref, filePath: file.projectPath, digest }));
    loggedNext.set(`${cache}\0${cacheHashes.entry}`, outcome.log);
    entries[i] = { ...outcome.log, fresh: true };
    rendered++;
  }
  const checked = jobs.length;
  const done = entries.filter((e): e is Logged => e !== undefined);
  pages.prune();
  // A page that cannot be rendered fails a production build; elsewhere it is an error line and the rest builds.
  for (const f of failed) logger.error(f);
  const stopped = failed.length > 0 && failOnError;
  // Dev prunes later (see `pruneLater`).
  if (!context.watcher && !stopped) {
    pruneCache(
      cacheDir,
      done.map((e) => e.cache),
    );
  }
  logger.info(
    `${files.length} reports: ${checked} checked (the others unchanged), ${pages.parsed} parsed, ${rendered} rendered in ${Math.round(performance.now() - started)} ms` +
      (helperRan || byHelper ? ` (${byHelper} of the ${toParse.length + jobs.length} parses and renders by a second thread)` : ''),
  );
  const blocking = stopped ? { count: 0, kinds: '' } : logFindings(context, done, failOnError, repeat);
  for (const change of changes) change();
  if (stopped) {
    throw buildStop(
      `perflab: ${failed.length} page${failed.length === 1 ? '' : 's'} could not be rendered:\n${failed.map(terminalText).join('\n')}`,
    );
  }
  for (const id of storedIds) if (!ids.has(id)) store.delete(id);
  meta.set('set-digest', setDigest);
  stopOnErrors(blocking, failOnError);
  listedFailure();
}

/** Dev, on a site too large to keep its parses (the memory budget's `devKeep` share, ../lib/sizes.ts): what is derived of each page, by parse key. */
const derivedByKey = new Map<string, Derived>();

/** By parsed page: a dev server keeps its parses from one reload to the next, and so what is derived from them. */
const derivedOf = new WeakMap<Analysis, Derived>();

function derivedKept(a: Analysis): Derived {
  const known = derivedOf.get(a);
  if (known) return known;
  const d = derive(a);
  derivedOf.set(a, d);
  return d;
}

/** What the log needs of stored entries, by cache file and hash: a dev server reads each entry file once. */
let loggedMemo = new Map<string, Logged>();
let loggedNext = new Map<string, Logged>();

function loggedStored(ref: StoreRef): Logged {
  const key = `${ref.cache}\0${ref.cacheHashes.entry}`;
  const entry = loggedMemo.get(key) ?? logged(storedEntry(ref));
  loggedNext.set(key, entry);
  return entry;
}

/** The end of a load: what it logged is what the next one may reuse. */
function rollLogged(): void {
  loggedMemo = loggedNext;
  loggedNext = new Map();
}

/** Log every finding, then fail the build if any error is unacknowledged. */
function finish(context: LoaderContext, entries: readonly Logged[], failOnError: boolean, repeat: boolean) {
  stopOnErrors(logFindings(context, entries, failOnError, repeat), failOnError);
}

/** The unacknowledged errors of a load: how many, and their kinds in words (`errorKinds`). */
interface Blocking {
  count: number;
  kinds: string;
}

/** Log every finding; the unacknowledged errors. */
function logFindings(context: LoaderContext, entries: readonly Logged[], failOnError: boolean, repeat: boolean): Blocking {
  rollLogged();
  const count = logDiagnostics(context.logger, entries, repeat);
  const kinds = count > 0 ? errorKinds(entries) : '';
  if (count > 0 && !failOnError)
    context.logger.warn(
      `${count} unacknowledged error${count === 1 ? '' : 's'} (${kinds}); building anyway (not a production build, or PERFLAB_ALLOW_ERRORS=1)`,
    );
  return { count, kinds };
}

/** Fail the build when errors are unacknowledged and failing is on; the stop says what they are and how to publish anyway. */
function stopOnErrors(blocking: Blocking, failOnError: boolean): void {
  const n = blocking.count;
  if (n > 0 && failOnError) {
    throw buildStop(
      `perflab: ${n} unacknowledged error${n === 1 ? '' : 's'} in the reports (listed above): ${blocking.kinds}. ` +
        `Fix ${n === 1 ? 'it' : 'them'}, or acknowledge a finding with \`<!-- perflab-ignore rule-id: reason -->\`; ` +
        'to publish anyway, with each finding marked on its page, build with PERFLAB_ALLOW_ERRORS=1.',
    );
  }
}

/** The config for a build: a broken one stops it with its problems, one line each (`file:line:col: ...`), as a plain stop. */
function buildConfig(projectRoot: string): Config {
  try {
    return loadConfig(projectRoot);
  } catch (error) {
    if (error instanceof ConfigError) throw buildStop(error.problems.map((p) => `perflab: ${terminalText(p)}`).join('\n'));
    throw error;
  }
}

/**
 * The error that stops a build on findings: its message says it all. Without a stack Astro prints the message
 * alone (it derives its "Location" and "Stack trace" from the stack), so the stop does not read like a crash.
 */
export function buildStop(message: string): Error {
  const error = new Error(message);
  error.stack = '';
  return error;
}
