// @ts-check
// Where a build may write its site. perflab removes only what it wrote: the output folder is never the project, a
// content folder or the cache, never holds one of them, never lies inside a content folder, and an existing folder is
// replaced only when it holds the marker an earlier build left there (or is empty). Plain JavaScript: the Astro config
// and scripts/search-index.mjs (run by Node without a TypeScript loader) both use it.
import { existsSync, lstatSync, readdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** The file a build leaves in its output folder, so the next build knows the folder is perflab's to replace. */
export const SITE_MARKER = '.perflab-site';
const MARKER_TEXT = 'This folder is a site built by perflab. A later build replaces it whole.\n';

/**
 * The path as the file system resolves it: links followed for the part that exists, the rest appended (so a link to
 * the project, or `./x/..`, is seen for what it is).
 * @param {string} path
 * @returns {string}
 */
function real(path) {
  const abs = resolve(path);
  try {
    return realpathSync.native(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(real(parent), basename(abs));
  }
}

/**
 * Whether `inner` is `outer` or lies inside it.
 * @param {string} outer
 * @param {string} inner
 */
function within(outer, inner) {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Why a build must not write (and, later, replace) `outDir`, or null when it may: a one-line reason. Checked before
 * anything is written.
 * @param {string} outDir the output folder asked for
 * @param {{ root: string, contents: readonly string[], cacheDir?: string }} project the project's folder, its content
 *   folders and its cache folder
 * @returns {string | null}
 */
export function outDirProblem(outDir, project) {
  const out = real(outDir);
  const root = real(project.root);
  if (within(out, root)) {
    return out === root ? 'is the project folder' : `contains the project folder ${root}`;
  }
  for (const content of project.contents.map(real)) {
    if (out === content) return 'is a content folder';
    if (within(out, content)) return `contains the content folder ${content}`;
    if (within(content, out)) return `lies inside the content folder ${content}`;
  }
  if (project.cacheDir) {
    const cache = real(project.cacheDir);
    if (within(out, cache)) return out === cache ? 'is the cache folder' : `contains the cache folder ${cache}`;
  }
  return foreignFolder(out);
}

/**
 * Why `dir` is not a folder perflab may empty or replace, or null: it does not exist, it is an empty folder, or it
 * holds the marker of an earlier build.
 * @param {string} dir
 * @returns {string | null}
 */
export function foreignFolder(dir) {
  if (!existsSync(dir)) return null;
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  if (!stat.isDirectory()) return 'is not a folder';
  const names = readdirSync(dir);
  if (names.length === 0 || names.includes(SITE_MARKER)) return null;
  return `holds files perflab did not write (no ${SITE_MARKER} from an earlier build): empty it or choose another folder`;
}

/**
 * Leave the marker in a folder perflab writes.
 * @param {string} dir
 */
export function markSite(dir) {
  // Written whole or not at all: a temporary file renamed over the marker.
  const temp = join(dir, `${SITE_MARKER}.${process.pid}.tmp`);
  writeFileSync(temp, MARKER_TEXT);
  renameSync(temp, join(dir, SITE_MARKER));
}
