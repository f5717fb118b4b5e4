/**
 * Reading a saved result file a page links to, with the rules images follow: a relative link to a regular file
 * inside the page's content folder (as written and once links are followed), of at most `MAX_SAVED_BYTES`. A link
 * to a missing file or out of the folder is `link-unresolved`'s to report; what is refused here is said by
 * `saved-result-unreadable`. Nothing of the machine (which files exist outside the folder) reaches a message.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { contentFolderOf, outsideFolder } from '../content-folder.js';

/** The largest saved result file read (a `--save-detailed` file of ten thousand requests is a few MiB). */
export const MAX_SAVED_BYTES = 64 * 1024 * 1024;

/** A link's target that names a saved result: `.json`, `.jsonl`, or LoadGen's summary (`…mlperf_log_summary.txt`). */
export const SAVED_NAME = /(?:\.jsonl?|mlperf_log_summary\.txt)$/i;

export interface SavedText {
  kind: 'text';
  /** The file's path below the content folder, `/`-separated (what messages and the site name it by). */
  file: string;
  text: string;
  /** sha256 of the file's bytes, hex: what tells a cache the file changed. */
  digest: string;
}

export interface SavedRefused {
  kind: 'refused';
  file: string;
  /** Why, in words for the message. */
  reason: string;
}

/** Reads the file a link names (its decoded path), or null when the link is not the reader's to follow. */
export type SavedReader = (path: string) => SavedText | SavedRefused | null;

/** sha256 of a text's or a buffer's bytes. */
export function digestOf(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A path below a folder, `/`-separated. */
const below = (folder: string, target: string): string => relative(folder, target).split(sep).join('/');

/**
 * The reader of a page's saved result links. `absolutePath` is the page's file, `pagePath` its path below its
 * content folder; a page with no file (read from memory) follows no link. A page named by a path that is not below
 * a known content folder (a file named to `perflab check`) reads only files in its own folder and below.
 */
export function savedReader(absolutePath: string | null, pagePath: string): SavedReader {
  const folder = contentFolderOf(absolutePath, pagePath) ?? (absolutePath ? dirname(absolutePath) : null);
  return (path) => {
    if (!absolutePath || !folder || !SAVED_NAME.test(path) || path.startsWith('/')) return null;
    const target = resolve(dirname(absolutePath), path);
    if (outsideFolder(folder, target)) return null;
    const file = below(folder, target);
    let real: string;
    let realFolder: string;
    try {
      real = realpathSync(target);
      realFolder = realpathSync(folder);
      if (!statSync(real).isFile()) return { kind: 'refused', file, reason: 'not a regular file' };
    } catch {
      return null;
    }
    if (outsideFolder(realFolder, real)) return { kind: 'refused', file, reason: 'a link that leads out of the content folder' };
    let fd: number | null = null;
    try {
      fd = openSync(real, 'r');
      const size = fstatSync(fd).size;
      if (size > MAX_SAVED_BYTES) {
        return { kind: 'refused', file, reason: `${size} bytes, over the ${MAX_SAVED_BYTES}-byte limit for a saved result` };
      }
      const bytes = Buffer.alloc(size);
      let read = 0;
      while (read < size) {
        const n = readSync(fd, bytes, read, size - read, read);
        if (n === 0) break;
        read += n;
      }
      const data = bytes.subarray(0, read);
      return { kind: 'text', file, text: data.toString('utf8'), digest: digestOf(data) };
    } catch {
      return { kind: 'refused', file, reason: 'a file that cannot be read' };
    } finally {
      if (fd !== null) closeSync(fd);
    }
  };
}

/** Whether each saved file a report read still has the digest it had (a cache entry of the page is still good). */
export function savedFilesHold(
  absolutePath: string | null,
  pagePath: string,
  files: ReadonlyArray<{ link: string; digest: string }>,
): boolean {
  if (files.length === 0) return true;
  const read = savedReader(absolutePath, pagePath);
  return files.every((f) => {
    const now = read(f.link);
    return now?.kind === 'text' ? now.digest === f.digest : f.digest === '';
  });
}
