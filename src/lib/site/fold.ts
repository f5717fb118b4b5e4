// What a pass over every report gathers, one report at a time: a production build makes several of them in one read
// of each report (./digest.ts), a dev server one at a time when a page asks.

/** Takes the reports one at a time, then gives what it gathered. */
export interface Fold<T, R> {
  add(item: T): void;
  result(): R;
}

/** A fold over `items`, in order. */
export function foldAll<T, R>(fold: Fold<T, R>, items: Iterable<T>): R {
  for (const item of items) fold.add(item);
  return fold.result();
}

/** What each fold of a set gives. */
export type Results<F> = { [K in keyof F]: F[K] extends Fold<never, infer R> ? R : never };

/** Several folds over one pass of `items`: each item is read once for all of them. */
export function foldMany<T, F extends Record<string, Fold<T, unknown>>>(folds: F, items: Iterable<T>): Results<F> {
  const all = Object.values(folds);
  for (const item of items) for (const f of all) f.add(item);
  return Object.fromEntries(Object.entries(folds).map(([k, f]) => [k, f.result()])) as Results<F>;
}

/** A fold of what `pick` takes of each item. */
export const picking = <T, U, R>(fold: Fold<U, R>, pick: (item: T) => U): Fold<T, R> => ({
  add: (item) => fold.add(pick(item)),
  result: () => fold.result(),
});
