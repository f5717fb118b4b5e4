// Number formatting in one place, fixed locale so builds are deterministic.

/** Digits after the point of the first decimal number in `text` (a scan over the points, linear). */
function decimalsOf(text: string): number {
  const digit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  for (let i = text.indexOf('.'); i >= 0; i = text.indexOf('.', i + 1)) {
    if (!digit(text[i - 1]) || !digit(text[i + 1])) continue;
    let j = i + 1;
    while (digit(text[j])) j++;
    return j - i - 1;
  }
  return 0;
}

/** Formats `value` the way `like` is written: same decimals, `+` sign and `%`/`x` suffix (`+46.8%`, `2.7x`). */
export function formatLike(like: string, value: number): string {
  const decimals = decimalsOf(like);
  const abs = Math.abs(value).toFixed(decimals);
  const sign = value < 0 ? '-' : /^\(?\+/.test(like) && value >= 0 ? '+' : '';
  const suffix = /%/.test(like) ? '%' : /\dx/.test(like) ? 'x' : '';
  return `${sign}${abs}${suffix}`;
}

/** `1234.5` -> `1,234.5` with an explicit locale. */
export function formatNumber(value: number, decimals = 2): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Percent with sign, one decimal: `+58.1%`. */
export function formatPercent(value: number, decimals = 1): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(decimals)}%`;
}

/** ISO date (`2026-11-22`) from an ISO timestamp, in UTC. */
export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}

/** `1 number`, `2 numbers`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
