// The loader's helper thread (see ../lib/engine/pool.ts): it parses pages into the analysis cache, which the loader then
// reads back (about ten times faster than parsing), and checks and renders pages into the render cache. It runs the
// loader's bundle (./bundle.ts, ./entry.ts), which starts ./helper.ts when it is given the helper's role.
import { fileURLToPath } from 'node:url';
import { bundleFile, loaderBundle } from './bundle.js';
import { bundledCode, codeHash } from '../lib/engine/code.js';
import { Helper, wantHelper } from '../lib/engine/pool.js';
import type { PageView } from '../lib/schemas/report.js';
import type { Derived } from './derived.js';
import type { LoadShared, PageJob, PageOutcome } from './page-entry.js';

/** One page to parse: its text, paths and analysis cache key. */
export interface ParseJob {
  source: string;
  path: string;
  absolutePath: string;
  key: string;
}

export type HelperRequest =
  | { type: 'take' }
  | { type: 'parse'; jobs: ParseJob[]; derive: boolean }
  | { type: 'views'; views: PageView[]; anchorSets: string[] }
  | { type: 'shared'; shared: LoadShared }
  | { type: 'render'; jobs: Array<PageJob & ParseJob> };

export type HelperReply =
  | { type: 'taken'; parsed: number }
  | { type: 'parsed'; parsed: number; derived: Derived[] | null }
  | { type: 'ready' }
  | { type: 'kept'; views: number }
  | { type: 'rendered'; outcomes: Array<{ i: number; outcome: PageOutcome }> }
  | { type: 'failed'; error: string };

export type LoadHelper = Helper<HelperRequest, HelperReply>;

/** The `role` in a worker's data that makes the loader's bundle serve as the helper. */
export const HELPER_ROLE = 'perflab-loader-helper';

/** A helper running this code, or null with the reason (told to `say`) when none can start. */
export async function startHelper(
  cacheDir: string,
  code: string,
  analysesDir: string,
  say: (message: string) => void,
): Promise<LoadHelper | null> {
  try {
    // A loader that runs from its bundle starts the helper from that same file.
    const file = bundledCode === code ? fileURLToPath(import.meta.url) : await loaderBundle(cacheDir, code);
    return new Helper<HelperRequest, HelperReply>(file, { role: HELPER_ROLE, analysesDir, code });
  } catch (error) {
    say(`one thread: the helper thread could not start (${(error as Error).message})`);
    return null;
  }
}

/** A page a helper started ahead of the load parses: its content-relative and absolute path. */
export interface PrefetchPage {
  path: string;
  absolutePath: string;
}

/** Set for `astro build` by the config: the helper started ahead of the load, and what its parses are keyed by. */
const AHEAD = Symbol.for('perflab.loader-ahead');

interface Ahead {
  analysesDir: string;
  code: string;
  helper: LoadHelper;
}

/**
 * Called by the config at the start of `astro build`: Astro then spends about a second on one core before the loader
 * runs (loading its content config), so a helper thread starts now and parses the site's pages, from the last one
 * back, into the analysis cache, where the loader finds them. The loader takes the helper over (`takeAhead`): the
 * helper stops parsing between two pages and serves the load as any helper would, or is closed. No helper on one
 * core, with `PERFLAB_THREADS=1`, or when the bundle is not there yet (the loader would make it).
 */
export function startAhead(analysesDir: string, pages: readonly PrefetchPage[], env: NodeJS.ProcessEnv = process.env): boolean {
  dropAhead();
  if (pages.length === 0 || !wantHelper(Number.POSITIVE_INFINITY, env)) return false;
  const file = bundleFile();
  if (!file) return false;
  try {
    const code = codeHash();
    const helper = new Helper<HelperRequest, HelperReply>(file, { role: HELPER_ROLE, analysesDir, code, ahead: pages });
    // Until the loader takes it, the helper does not keep the process alive (a build that fails before the load).
    helper.hold(false);
    (globalThis as Record<symbol, unknown>)[AHEAD] = { analysesDir, code, helper } satisfies Ahead;
    return true;
  } catch {
    return false;
  }
}

/** Close a helper started ahead that no load took (a load with nothing to parse; a second start; tests). */
export function dropAhead(): void {
  const ahead = (globalThis as Record<symbol, unknown>)[AHEAD] as Ahead | undefined;
  (globalThis as Record<symbol, unknown>)[AHEAD] = undefined;
  void ahead?.helper.close();
}

/**
 * The helper started ahead for this analysis cache and code, stopped from parsing on its own, with how many pages it
 * parsed; null when there is none (or it failed: the loader parses those pages itself).
 */
export async function takeAhead(analysesDir: string, code: string): Promise<{ helper: LoadHelper; parsed: number } | null> {
  const ahead = (globalThis as Record<symbol, unknown>)[AHEAD] as Ahead | undefined;
  (globalThis as Record<symbol, unknown>)[AHEAD] = undefined;
  if (!ahead) return null;
  if (ahead.analysesDir !== analysesDir || ahead.code !== code) {
    await ahead.helper.close();
    return null;
  }
  ahead.helper.hold(true);
  try {
    const reply = await ahead.helper.ask({ type: 'take' });
    if (reply.type === 'taken') return { helper: ahead.helper, parsed: reply.parsed };
  } catch {
    // failed: closed below
  }
  await ahead.helper.close();
  return null;
}

/**
 * Pages of the set sent to the helper in one message: a message is a copy of what it carries until the helper has
 * read it, so the set goes in parts rather than as one more copy of every page's view at once.
 */
const SET_PART = 250;

/** Give the helper the page set (the views, and what links can point at), in parts, then the rest of what the load shares. */
export async function tellShared(h: LoadHelper, load: LoadShared, views: readonly PageView[]): Promise<void> {
  for (let k = 0; k < views.length; k += SET_PART)
    await h.ask({ type: 'views', views: views.slice(k, k + SET_PART), anchorSets: load.anchorSets.slice(k, k + SET_PART) });
  await h.ask({ type: 'shared', shared: { ...load, anchorSets: [] } });
}
