import { isAbsolute, relative, sep } from 'node:path';

/** A finding's file as a POSIX path relative to `cwd` (CI tools resolve paths against the repository root). */
export function relativePosix(file: string, cwd: string): string {
  const rel = isAbsolute(file) ? relative(cwd, file) : file;
  return rel.split(sep).join('/').replace(/^\.\//, '');
}
