// The Markdown pages under a content folder, and the reading of one page: one listing for `perflab check`, its
// `--watch` and the site's loader, so that they read the same pages and say the same of what they leave out.
//
// Links: a link is never followed out of its content folder (its real path must lie inside). A link to a page or
// folder that the walk lists at its own path (an alias) is skipped with a note, so that the real page is published
// at its real path and no page is published twice; a link to a page the walk would not reach otherwise (in a hidden
// folder) is followed. Each real folder is walked once, so a link cycle ends.
import { closeSync, constants, fstatSync, openSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Message } from './schemas/message.js';
import { LIMITS } from './limit-scan.js';
import { compareText } from './order.js';
import { routeCollisions, routeOf, segmentProblem, showName, showNames, siteFilesMet, slugOf } from './route.js';

/** A Markdown file of a content folder. */
export interface ListedPage {
  /** Path on disk, under the folder as given (links not resolved). */
  absolutePath: string;
  /** Path relative to the content folder, `/`-separated (`qwen3-14b/h100.md`): the page's route path. */
  path: string;
}

/** A file or folder the listing did not read, and why (said by `perflab check` and by the build alike). */
export interface SkippedPath {
  path: string;
  reason: string;
}

/** The listing's line for a path it did not read (the same in the CLI and in the build log). */
export const skippedLine = (s: SkippedPath): string => `${s.path}: not read: ${s.reason}`;

/** Whether `child` (a real path) lies inside `parent` (a real path). */
function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/** Names the walk does not enter or list. */
const hidden = (name: string) => name.startsWith('.') || name === 'node_modules';
const isMarkdownName = (name: string) => name.toLowerCase().endsWith('.md');

/** The real path of `p` (links resolved), or null when it has none (missing, a broken link, a link cycle). */
export const realOf = (p: string): string | null => {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
};

/**
 * The Markdown files under `root` (which must be a readable folder: an unreadable root throws), sorted by path in
 * code-unit order. What it does not read (links out of the folder, broken links, aliases, unreadable folders) is
 * pushed to `skipped`; every folder it reads (`root` first), to `folders`.
 */
export function listFolder(root: string, skipped: SkippedPath[] = [], folders: string[] = []): ListedPage[] {
  const realRoot = realOf(root) ?? root;
  const out: ListedPage[] = [];
  const seen = new Set([realRoot]);
  /** Whether the walk lists a real path at its own place: no hidden folder on the way, and a Markdown name for a file. */
  const listedItself = (real: string, isDir: boolean) => {
    const rel = relative(realRoot, real);
    const parts = rel === '' ? [] : rel.split(sep);
    return parts.every((p) => !hidden(p)) && (isDir || isMarkdownName(parts[parts.length - 1] ?? ''));
  };
  const walk = (dir: string, rel: string, top: boolean) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (top) throw error;
      skipped.push({ path: dir, reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
      return;
    }
    folders.push(dir);
    // In name order, so that what is listed, followed and skipped is the same on every file system.
    entries.sort((a, b) => compareText(a.name, b.name));
    for (const entry of entries) {
      if (hidden(entry.name)) continue;
      const full = join(dir, entry.name);
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const real = realOf(full);
        const stat = real ? statSync(real, { throwIfNoEntry: false }) : undefined;
        if (!real || !stat) {
          if (isMarkdownName(entry.name)) skipped.push({ path: full, reason: 'a broken symlink' });
          continue;
        }
        isDir = stat.isDirectory();
        isFile = stat.isFile();
        if (!isDir && !(isFile && isMarkdownName(entry.name))) continue;
        if (!inside(realRoot, real)) {
          skipped.push({ path: full, reason: 'a symlink that leaves its content folder' });
          continue;
        }
        if (listedItself(real, isDir)) {
          const target = relative(realRoot, real).split(sep).join('/');
          skipped.push({
            path: full,
            reason: `a symlink to \`${target || '.'}\`, which is read at its own path (a link would publish its pages twice)`,
          });
          continue;
        }
      }
      if (isDir) {
        const real = realOf(full);
        if (!real || seen.has(real)) continue;
        seen.add(real);
        walk(full, path, false);
      } else if (isFile && isMarkdownName(entry.name)) out.push({ absolutePath: full, path });
      else if (!isFile && isMarkdownName(entry.name))
        skipped.push({ path: full, reason: 'not a regular file (a FIFO, a device or a socket)' });
    }
  };
  walk(root, '', true);
  return out.sort((a, b) => compareText(a.path, b.path));
}

/** An error of the listing about a whole page (at 1:1: a page's name is no line of it). */
const pageError = (file: string, ruleId: string, message: string, expected: string, actual: string): Message => ({
  file,
  line: 1,
  column: 1,
  ruleId,
  severity: 'error',
  message,
  expected,
  actual,
});

/**
 * `file-name-invalid` for the folders of each page's path below its content folder (`path`, see `ListedPage`); the
 * page's own file name is checked by the rule. `file` is the name the message gives the page (its path as shown).
 */
export function folderFindings(pages: readonly { file: string; path: string }[]): Message[] {
  const out: Message[] = [];
  for (const { file, path } of pages) {
    const folders = path.split('/').slice(0, -1);
    for (const folder of folders) {
      const bad = segmentProblem(folder);
      if (bad.length === 0) continue;
      out.push(
        pageError(
          file,
          'file-name-invalid',
          `Folder name \`${showName(folder)}\` contains ${bad.join(' and ')}: the URL of this page would break there, so the page is unreachable; rename the folder`,
          'a folder name without `#`, `?`, `%`, `\\` or control characters',
          showName(folder),
        ),
      );
      break;
    }
  }
  return out;
}

/**
 * `route-collision` between pages of different content folders built together (`perflab check c d`, as the site
 * from `PERFLAB_CONTENT=c,d`): their paths below their folders end at one route. Pages of one folder are the rule's
 * (`src/lib/rules/route-collision.ts`), which compares the paths as shown; a page not in a folder (`folder` null)
 * has no route known.
 */
export function folderCollisions(pages: readonly { file: string; path: string; folder: string | null }[]): Message[] {
  const inFolders = pages.filter((p) => p.folder !== null);
  const out: Message[] = [];
  for (const [i, others] of routeCollisions(inFolders.map((p) => p.path))) {
    const page = inFolders[i];
    const named = others.map((j) => inFolders[j]).filter((o) => o.folder !== page.folder);
    if (named.length === 0) continue;
    const [mine, ...theirs] = showNames([page, ...named].map((o) => o.file));
    out.push(
      pageError(
        page.file,
        'route-collision',
        `Page \`${mine}\` ends at the same place of the site as \`${theirs.join('`, `')}\` (route \`${showName(routeOf(slugOf(page.path)))}\`) when their folders are built together: one would overwrite the other; rename one`,
        'a route of its own',
        [mine, ...theirs].join(' and '),
      ),
    );
  }
  return out;
}

/**
 * `route-collision` for pages whose files would overwrite, or stand where the site needs, a file of the site's own
 * (`SITE_FILES`: a page `reports.md` has its data at `data/reports.json`, the list of every report). `path`: the
 * page's path below its content folder (null for a file named alone: no route known).
 */
export function siteFileFindings(pages: readonly { file: string; path: string | null }[]): Message[] {
  const out: Message[] = [];
  for (const { file, path } of pages) {
    const met = path === null ? [] : siteFilesMet(path);
    if (met.length === 0) continue;
    out.push(
      pageError(
        file,
        'route-collision',
        `Page \`${showName(file)}\` ends at the same place as the site's own \`${met.join('`, `')}\` (route \`${showName(routeOf(slugOf(path!)))}\`): one would overwrite the other; rename the page`,
        'a route of its own',
        met.join(' and '),
      ),
    );
  }
  return out;
}

/** A page's text, or its size in bytes when that is over the page limit (then it is not read at all). */
export type PageText = { text: string; tooLarge?: undefined } | { text?: undefined; tooLarge: number };

/**
 * Read a page, unless its size on disk is over the page limit (`page-too-large`): a page of a gigabyte is never
 * made into a string (which would fail, or fill the memory). Up to three bytes over are read (a byte-order mark is
 * not part of the page); the parser's limit then decides. Throws what the file system throws.
 */
export function readPage(path: string): PageText {
  const fd = openRegular(path);
  try {
    const size = fstatSync(fd).size;
    if (size > LIMITS.pageBytes + 3) return { tooLarge: size };
    return { text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

/**
 * Open a file for reading only if it is a regular file: a FIFO, a device (`/dev/zero`, `/dev/stdin`) or a socket
 * would block the read or never end it. Opened without blocking (a FIFO's open waits for a writer otherwise), then
 * checked on the descriptor, so what is read is what was checked. Throws an error whose `code` is `ENOTREG` for
 * anything else, or what the file system throws.
 */
export function openRegular(path: string): number {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  throw Object.assign(new Error(`not a regular file: ${path}`), { code: 'ENOTREG' });
}
