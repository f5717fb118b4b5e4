// The loader's helper thread (see ../lib/threads.ts): it parses pages into the analysis cache, which the loader then
// reads back (about ten times faster than parsing), and checks and renders pages into the render cache. It runs the
// loader's bundle (./bundle.ts, ./entry.ts), which starts ./helper.ts when it is given the helper's role.
import { fileURLToPath } from 'node:url';
import { loaderBundle } from './bundle.js';
import { bundledCode } from './cache.js';
import { Helper } from '../lib/threads.js';
import type { PageView } from '../lib/schemas/report.js';
import type { LoadShared, PageJob, PageOutcome } from './page-entry.js';

/** One page to parse: its text, paths and analysis cache key. */
export interface ParseJob {
  source: string;
  path: string;
  absolutePath: string;
  key: string;
}

export type HelperRequest =
  | { type: 'parse'; jobs: ParseJob[] }
  | { type: 'shared'; shared: LoadShared; views: PageView[] }
  | { type: 'render'; jobs: Array<PageJob & ParseJob> };

export type HelperReply =
  | { type: 'parsed'; parsed: number }
  | { type: 'ready' }
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
