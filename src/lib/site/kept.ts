// What a dev server keeps of each report across requests and reloads: a value that depends on an entry's contents
// alone, by a key that names them (its file and hash), made again only for an entry that changed.

/** Values made earlier, by key, and the function that made them (a reload of the code makes a new one). */
export interface Kept<E, T> {
  made: (entry: E) => T;
  byKey: Map<string, T>;
}

/**
 * `make` of each entry, taking the value `kept` has for the same key when this same `make` made it. The returned
 * `kept` holds these entries' values only.
 */
export function keptBy<E, T>(
  make: (entry: E) => T,
  entries: Iterable<{ key: string; entry: () => E }>,
  kept: Kept<E, T> | undefined,
): { values: T[]; kept: Kept<E, T> } {
  const before = kept?.made === make ? kept.byKey : new Map<string, T>();
  const byKey = new Map<string, T>();
  const values: T[] = [];
  for (const { key, entry } of entries) {
    const value = before.get(key) ?? byKey.get(key) ?? make(entry());
    byKey.set(key, value);
    values.push(value);
  }
  return { values, kept: { made: make, byKey } };
}
