// Number formatting in one place, fixed locale so builds are deterministic.

/** `1234.5` -> `1,234.5` with an explicit locale. */
export function formatNumber(value: number, decimals = 2): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** ISO date (`2026-11-22`) from an ISO timestamp, in UTC. */
export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}

/** `1 number`, `2 numbers`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
