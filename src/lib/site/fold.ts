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
