// How much Markdown a load keeps parsed in memory (./analyses.ts). Its own module, importing only ../lib/sizes.ts
// (Node's modules alone), because the Astro config reads it too, and everything a config imports is transformed by
// Vite before the build starts.
import { megabytes } from '../lib/sizes.js';

/** Markdown bytes up to which a load keeps every parsed page in memory (`PERFLAB_KEEP_MB` overrides it). */
export const KEEP_BYTES = 8_000_000;

/** Markdown bytes up to which a load keeps every parsed page: `PERFLAB_KEEP_MB`, else `KEEP_BYTES`. */
export const keepBytes = (): number => megabytes(process.env.PERFLAB_KEEP_MB, KEEP_BYTES);

/**
 * Markdown bytes up to which a dev server keeps every page's text and parse from one reload to the next (an edit
 * parses the edited page only). Above, it keeps what the page set reads of each page (a few KB) and reads texts and
 * parses again when it needs them: at 10,000 reports (410 MB of Markdown) the texts and parses did not fit in
 * Node's heap. `PERFLAB_DEV_KEEP_MB` overrides it.
 */
export const DEV_KEEP_BYTES = 160_000_000;

export const devKeepBytes = (): number => megabytes(process.env.PERFLAB_DEV_KEEP_MB, DEV_KEEP_BYTES);
