// Sizes the build decides by: the one memory setting, a size in megabytes from the environment, and the bytes of
// files on disk. Node's own modules only: the Astro config reads it (through ./site/lean.ts), before Vite has
// anything to transform it with.
import { statSync } from 'node:fs';

/** `mb` (an environment variable's text, in megabytes) in bytes, else `fallback`. */
export const megabytes = (mb: string | undefined, fallback: number): number =>
  mb && /^\d+(\.\d+)?$/.test(mb) ? Number(mb) * 1_000_000 : fallback;

/** Bytes of the files at `paths` (a file that cannot be read counts 0). */
export function fileBytes(paths: Iterable<string>): number {
  let n = 0;
  for (const p of paths) n += statSync(p, { throwIfNoEntry: false })?.size ?? 0;
  return n;
}

/**
 * The memory budget: how much Markdown a site may have before perflab trades time for memory (`PERFLAB_MEMORY_MB`,
 * default 64 MB). Every memory decision of a build and a dev server is a fixed share of it, measured on generated
 * sites of 30 to 10,000 reports (bench/RESULTS.md):
 * - `keep`: up to an eighth of it (8 MB), a build keeps every parsed page in memory between the load's passes;
 *   above, it reads each page back from the parse cache;
 * - `lean`: above it, a production build is lean (it reads each report's entry again when a route needs it and keeps
 *   V8's heap close to what is live);
 * - `devKeep`: up to two and a half times it (160 MB), a dev server keeps every page's text and parse from one reload
 *   to the next; above, what the page set reads of each page (a few KB), reading the rest again when it needs it (at
 *   10,000 reports, 410 MB of Markdown, the texts and parses did not fit in Node's heap).
 */
export interface MemoryBudget {
  keep: number;
  lean: number;
  devKeep: number;
}

/** The default budget, in bytes of Markdown. */
export const MEMORY_BYTES = 64_000_000;

/** The budget in bytes: `mb` (default `PERFLAB_MEMORY_MB`), else `MEMORY_BYTES`, and the shares of it. */
export function memoryBudget(mb: string | undefined = process.env.PERFLAB_MEMORY_MB): MemoryBudget {
  const bytes = megabytes(mb, MEMORY_BYTES);
  return { keep: bytes / 8, lean: bytes, devKeep: bytes * 2.5 };
}
