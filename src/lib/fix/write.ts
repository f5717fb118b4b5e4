// The one way perflab rewrites a page in place (`--fix`): the new text goes to a temporary file in the page's own
// folder (same file system, so the rename is atomic), flushed, given the page's mode, and renamed over the page
// only if the page still holds the bytes that were read. A reader never sees a half-written page, an edit saved
// while perflab ran is never overwritten, and a write that fails (EFBIG under a file-size limit, ENOSPC, EACCES)
// leaves the page as it was.
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

const WHY: Record<string, string> = {
  EFBIG: 'the new text is larger than the file-size limit allows',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOENT: 'the page or its folder is gone',
  EIO: 'input/output error',
};

/** A write error in words, with its code. */
export function writeErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code) return `${WHY[code] ?? 'the write failed'} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** The page changed on disk after it was read. */
export const CHANGED = 'the page changed since perflab read it (an edit saved meanwhile is kept); run perflab check --fix again';

/**
 * Replace `path` by `text` atomically, if `path` still holds `expected` (its bytes when read). Returns null when
 * written, otherwise why not (the page is then as it was, and no temporary file is left).
 */
export function writeAtomic(path: string, text: string, expected: Buffer): string | null {
  let target: string;
  let mode: number;
  try {
    // A symlinked page: replace the file it points to, not the link.
    target = realpathSync(path);
    mode = statSync(target).mode & 0o7777;
    // The rename would replace a page its owner made read-only: refuse, as writing it in place would (EACCES).
    accessSync(target, constants.W_OK);
  } catch (error) {
    return `cannot write ${path}: ${writeErrorText(error)}; the page is left as it was`;
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.perflab-tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(temp, 'wx', mode);
    fchmodSync(fd, mode); // the umask may have taken bits off
    const data = Buffer.from(text, 'utf8');
    for (let at = 0; at < data.length;) at += writeSync(fd, data, at, data.length - at);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    // Just before the rename: a page saved since it was read is left alone (its edit would be lost).
    if (!readFileSync(target).equals(expected)) {
      unlinkSync(temp);
      return `not written: ${CHANGED}`;
    }
    renameSync(temp, target);
    return null;
  } catch (error) {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // already closed or never usable: nothing more to release
      }
    }
    try {
      unlinkSync(temp);
    } catch {
      // never created, or already renamed
    }
    return `cannot write ${path}: ${writeErrorText(error)}; the page is left as it was`;
  }
}
