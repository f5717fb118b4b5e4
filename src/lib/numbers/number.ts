/**
 * Printed numbers: parse them keeping their precision, round them half-up without binary-float surprises,
 * and print them back. Everything else in `claims/` compares numbers through these three functions.
 */

/** A number as printed on a page: its value, how many decimals were printed, and the exact text. */
export interface PrintedNumber {
  /** Parsed value; `-0.0` parses to `-0` so the sign of a negative zero survives. */
  value: number;
  /** Digits after the decimal point (2 for `6595.66`, 0 for `100`). */
  decimals: number;
  /** The number exactly as written (`4,636.35`, `+58.1`, `-0.0`). */
  text: string;
}

/**
 * A plain or signed decimal, optionally with comma thousands separators (`4,636.35`) or an exponent (`1e308`,
 * `2.5E-3`): the exponent belongs to the number, so `1e308` is never read as `1`.
 */
export const NUMBER_SOURCE = String.raw`[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?`;

const WHOLE = new RegExp(`^${NUMBER_SOURCE}$`);

/**
 * A number written with a decimal comma (`58,9`, `1234,56`): a comma followed by other than exactly three digits
 * cannot group thousands. Read only where a reader of the number's own pattern allows it (a `(+58,9%)` change).
 */
// Never starting inside a run of digits: unanchored, `\d+,` tried at every digit of a long run is quadratic.
export const DECIMAL_COMMA_SOURCE = String.raw`(?<![\d,.])[+-]?\d+,(?:\d{1,2}|\d{4,})(?![\d,.])`;
const DECIMAL_COMMA = new RegExp(`^${DECIMAL_COMMA_SOURCE}$`);

/** Characters that print nothing (zero-width space and joiners, word joiner, soft hyphen, byte-order mark). */
export const INVISIBLE_SOURCE = String.raw`[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]`;
const INVISIBLE_IN_NUMBER = new RegExp(String.raw`(?<=\d[.,]?)${INVISIBLE_SOURCE}+(?=[.,]?\d)`, 'gu');

/** Where characters that print nothing stand inside a number (`3\u200B200.00`): 0-based index and the characters. */
export function invisibleInNumbers(text: string): Array<{ index: number; chars: string }> {
  return [...text.matchAll(INVISIBLE_IN_NUMBER)].map((m) => ({ index: m.index, chars: m[0] }));
}

/** Parse a printed number; null when the text is not exactly one number. Never throws. */
export function parseNumber(text: string): PrintedNumber | null {
  const trimmed = text.trim();
  const comma = !WHOLE.test(trimmed) && DECIMAL_COMMA.test(trimmed);
  if (!comma && !WHOLE.test(trimmed)) return null;
  const plain = comma ? trimmed.replace(',', '.') : trimmed.replace(/,/g, '');
  const value = Number(plain);
  if (!Number.isFinite(value)) return null;
  // Decimals of the written mantissa, less the exponent: `2.5e-3` is 0.0025 (4 decimals), `1.25e2` 125 (0).
  const e = plain.search(/[eE]/);
  const mantissa = e === -1 ? plain : plain.slice(0, e);
  const exponent = e === -1 ? 0 : Number(plain.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const decimals = Math.max(0, (dot === -1 ? 0 : mantissa.length - dot - 1) - exponent);
  return { value, decimals: Math.min(decimals, 1000), text: trimmed };
}

/** A plain decimal string for |x| (no exponent), with binary noise removed by 15 significant digits. */
function plainDigits(x: number): string {
  const s = Math.abs(x).toPrecision(15);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!match) return s;
  // Expand exponent notation by hand: toFixed would reintroduce the binary expansion.
  const digits = match[1] + (match[2] ?? '');
  const point = 1 + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Round half-up (ties away from zero, the way the pages print) to `decimals` places, on the decimal
 * expansion rather than on binary floats: 1.625 -> 1.63, 2.675 -> 2.68, -0.04 -> -0.
 */
export function roundHalfUp(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return x;
  const [int, frac = ''] = plainDigits(x).split('.');
  const padded = frac.padEnd(decimals + 1, '0');
  let units = BigInt(int + padded.slice(0, decimals));
  if (padded.charCodeAt(decimals) >= 53 /* '5' */) units += 1n;
  const s = units.toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
  const magnitude = Number(text);
  return x < 0 || Object.is(x, -0) ? -magnitude : magnitude;
}

/** Print with exactly `decimals` places after half-up rounding; keeps a negative zero's sign (`-0.0`). */
export function formatFixed(x: number, decimals: number): string {
  if (!Number.isFinite(x)) return String(x);
  const r = roundHalfUp(x, decimals);
  const [int, frac = ''] = plainDigits(r).split('.');
  const body = decimals === 0 ? int : `${int}.${frac.padEnd(decimals, '0').slice(0, decimals)}`;
  return r < 0 || Object.is(r, -0) ? `-${body}` : body;
}

/** Half a unit in the last printed digit: 0.005 for two decimals, 0.5 for integers. */
export function halfUnit(decimals: number): number {
  return 0.5 / 10 ** decimals;
}
