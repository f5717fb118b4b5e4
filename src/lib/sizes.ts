// Sizes the build decides by: a size in megabytes from the environment, and the bytes of files on disk. Node's own
// modules only: the Astro config reads it (through ../loader/keep.ts), before Vite has anything to transform it with.
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
