// Number formatting in one place, fixed locale so builds are deterministic.

const formats = new Map<string, Intl.NumberFormat>();

/**
 * `1234.5` -> `1,234.5` (en-US grouping) with `min` to `max` decimals. The same as `toLocaleString('en-US', ...)`,
 * whose every call builds a formatter again: a site prints hundreds of thousands of numbers.
 */
export function grouped(value: number, min: number, max: number): string {
  const key = `${min}|${max}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })));
  return f.format(value);
}

/** `1234.5` -> `1,234.50` with an explicit locale and a fixed number of decimals. */
export function formatNumber(value: number, decimals = 2): string {
  return grouped(value, decimals, decimals);
}

/** ISO date (`2026-11-22`) from an ISO timestamp, in UTC. */
export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}

/** `1 number`, `2 numbers`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
