// Images referenced by a page: published under `/media/` when the file is a real image inside a content folder,
// otherwise the renderer shows a labelled placeholder. Nothing outside the content folders is ever published: the
// path must stay inside a content folder as written, and again once every symlink is resolved (a link to
// `/etc/passwd`, a linked folder or `../../node_modules/x.png` are all refused).
import { createHash } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { PUBLISHED_IMAGE as IMAGE } from '../lib/rules/site-image-missing.js';
import { siteUrl } from '../lib/site/urls.js';
import { MAX_SAVED_BYTES, SAVED_NAME } from '../lib/saved/read.js';

/** True when `path` is `dir` itself or lies below it (both absolute, normalised). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

function realpath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The real path of a file that may be published, or null: `file` (absolute) must be named as `name` says, lie inside
 * one of `roots` (absolute content folders) as written, its real path inside the same folder's real path (and named
 * so too), and be a regular file of at most `maxBytes`.
 */
function publishable(file: string, roots: readonly string[], name: RegExp, maxBytes = Infinity): string | null {
  if (!name.test(file)) return null;
  const root = roots.map((r) => resolve(r)).find((r) => isInside(r, file));
  if (!root) return null;
  const realRoot = realpath(root);
  const real = realpath(file);
  if (!realRoot || !real || !name.test(real) || !isInside(realRoot, real)) return null;
  const stat = statSync(real, { throwIfNoEntry: false });
  return stat?.isFile() && stat.size <= maxBytes ? real : null;
}

/** The real path of an image that may be published (a raster image, see `publishable`), or null. */
export const publishableImage = (file: string, roots: readonly string[]): string | null => publishable(file, roots, IMAGE);

/** The real path of a saved result file that may be published (`.json` / `.jsonl`, at most `MAX_SAVED_BYTES`), or null. */
export const publishableSaved = (file: string, roots: readonly string[]): string | null =>
  publishable(file, roots, SAVED_NAME, MAX_SAVED_BYTES);

/**
 * Where a page's saved result files are published: the file as it is (`url`, under `/saved/`, named by a hash of its
 * project path and its own name) and its rendered view (`view`, the same address with `.html`), by the link's path.
 */
export function savedResolver(base: string, projectRoot: string, pagePath: string, roots: readonly string[]) {
  const published = new Map<string, { url: string; view: string; file: string; name: string }>();
  return {
    resolve(link: string): { url: string; view: string } | null {
      if (link.includes('\0') || isAbsolute(link)) return null;
      const known = published.get(link);
      if (known) return known;
      const file = resolve(dirname(pagePath), link);
      if (!publishableSaved(file, roots)) return null;
      const project = relative(projectRoot, file).split(sep).join('/');
      const hash = createHash('sha256').update(project).digest('hex').slice(0, 10);
      const url = siteUrl(base, `saved/${hash}/${basename(file)}`);
      // What the view names it by: its path below its content folder (never a path of the building machine).
      const root = roots.map((r) => resolve(r)).find((r) => isInside(r, file)) ?? dirname(file);
      const name = relative(root, file).split(sep).join('/');
      const entry = { url, view: `${url}.html`, file: project, name };
      published.set(link, entry);
      return entry;
    },
    published: () => [...published.values()],
  };
}

/**
 * `roots`: the content folders (absolute). Each published image is recorded with its URL and its path relative to
 * the project root; the media route checks it again with `publishableImage` before reading it.
 */
export function mediaResolver(base: string, projectRoot: string, pagePath: string, roots: readonly string[]) {
  const published = new Map<string, string>();
  return {
    resolve(src: string): string | null {
      let decoded: string;
      try {
        decoded = decodeURIComponent(src.split(/[?#]/)[0]);
      } catch {
        return null;
      }
      // Absolute paths and URLs are not files beside the page; NUL never names a file.
      if (decoded.includes('\0') || isAbsolute(decoded) || /^[a-z][a-z0-9+.-]*:/i.test(decoded)) return null;
      const file = resolve(dirname(pagePath), decoded);
      if (!publishableImage(file, roots)) return null;
      const project = relative(projectRoot, file).split(sep).join('/');
      const hash = createHash('sha256').update(project).digest('hex').slice(0, 10);
      const url = siteUrl(base, `media/${hash}/${basename(file)}`);
      published.set(url, project);
      return url;
    },
    published: () => [...published].map(([url, file]) => ({ url, file })),
  };
}

export type MediaResolver = ReturnType<typeof mediaResolver>;
export type SavedResolver = ReturnType<typeof savedResolver>;
