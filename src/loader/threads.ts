// The loader's helper thread (see ../lib/threads.ts): it parses pages into the analysis cache, which the loader then
// reads back (about ten times faster than parsing), and checks and renders pages into the render cache. It runs the
// loader's own sources (./helper.ts), bundled on first use into the render cache folder under the code's hash.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** A helper running this code, or null with the reason (told to `say`) when none can start. */
export async function startHelper(
  cacheDir: string,
  code: string,
  analysesDir: string,
  say: (message: string) => void,
): Promise<LoadHelper | null> {
  try {
    const file = await bundle(cacheDir, code);
    return new Helper<HelperRequest, HelperReply>(file, { analysesDir, code });
  } catch (error) {
    say(`one thread: the helper thread could not start (${(error as Error).message})`);
    return null;
  }
}

/** The helper's bundle for this code: built once into `cacheDir` (named by the code hash), then reused. */
async function bundle(cacheDir: string, code: string): Promise<string> {
  const file = join(cacheDir, `helper-${code.replace(/[^A-Za-z0-9_-]/g, '_')}.mjs`);
  if (existsSync(file)) return file;
  const entry = join(dirname(fileURLToPath(import.meta.url)), 'helper.ts');
  if (!existsSync(entry)) throw new Error('no sources beside the loader');
  // Node's own require: the loader runs inside Vite, whose module runner is closed by the time a load runs.
  const { build } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    // Some dependencies are CommonJS and require Node's built-ins.
    banner: { js: "import { createRequire as __perflabRequire } from 'node:module';\nconst require = __perflabRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'silent',
  });
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, result.outputFiles[0].text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  // The bundles of older code are never run again.
  for (const name of readdirSync(cacheDir)) {
    if (/^helper-.*\.mjs$/.test(name) && join(cacheDir, name) !== file) rmSync(join(cacheDir, name), { force: true });
  }
  return file;
}
