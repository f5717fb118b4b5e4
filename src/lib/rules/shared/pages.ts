// The pages of a set by their resolved path, built once per set (a rule runs once per page, and a page may have
// many links): finding the page a relative link names is then a look-up, not a scan of every page.
import { dirname, resolve } from 'node:path';

const indexes = new WeakMap<readonly { path: string }[], Map<string, { path: string }>>();

/** The page of `reports` that `target`, a link written on the page `from`, names; null when none. */
export function linkedPage<T extends { path: string }>(from: string, target: string, reports: readonly T[]): T | null {
  let index = indexes.get(reports);
  if (!index) {
    index = new Map();
    // The first page of a path wins, as a scan in page order would find it.
    for (const r of reports) {
      const key = resolve('/', r.path);
      if (!index.has(key)) index.set(key, r);
    }
    indexes.set(reports, index);
  }
  return (index.get(resolve('/', dirname(from), target)) as T | undefined) ?? null;
}
