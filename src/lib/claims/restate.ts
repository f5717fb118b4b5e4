/**
 * A claim's stated text restated with another value: the same precision, sign style, thousands separators and
 * decoration (`%`, `/GPU`, `x faster`); only the number (or a ranking's relation symbol) changes. Used by
 * `claim-mismatch` to say what the page should read and by `perflab check --fix` to write it.
 */
import { DECIMAL_COMMA_SOURCE, formatFixed, NUMBER_SOURCE } from '../numbers/number.js';
import type { Claim } from '../schemas/claim.js';

const NUMBER = new RegExp(NUMBER_SOURCE);
const COMMA_NUMBER = new RegExp(DECIMAL_COMMA_SOURCE);

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The stated text with its number replaced by `value`, printed like the stated number; null with a reason. */
export function restate(text: string, value: number, stated: number | null): { text: string } | { reason: string } {
  // A number written with a decimal comma (`+58,9%`) is restated with one.
  const comma = COMMA_NUMBER.exec(text);
  const match = comma ?? NUMBER.exec(text);
  if (!match) return { reason: `no number in \`${text}\`` };
  const old = match[0];
  const signed = old.startsWith('+') || old.startsWith('-');
  const digits = old.replace(/^[+-]/, '');
  const dot = digits.lastIndexOf(comma ? ',' : '.');
  const decimals = dot < 0 ? 0 : digits.length - dot - 1;
  const negative = value < 0 || Object.is(value, -0);
  if (!signed && negative && (stated === null || stated >= 0)) {
    return {
      reason: `the recomputed value ${value} is negative but \`${text}\` has no sign; the sentence around it may say the direction`,
    };
  }
  let body = formatFixed(Math.abs(value), decimals);
  if (comma) body = body.replace('.', ',');
  else if (digits.includes(',')) {
    const [int, frac] = body.split('.');
    body = frac === undefined ? group(int) : `${group(int)}.${frac}`;
  }
  const number = signed ? `${negative ? '-' : '+'}${body}` : body;
  return { text: text.slice(0, match.index) + number + text.slice(match.index + old.length) };
}

/** The relation a ranking claim's formula shows to hold (`1.6847 < 1.7360` -> `<`). */
function relation(claim: Claim): string | null {
  return /\s([<>=])\s/.exec(claim.formula ?? '')?.[1] ?? null;
}

/** The replacement for one claim, or why there is none. */
export function replacement(claim: Claim): { text: string } | { reason: string } {
  if (claim.kind === 'ranking-order') {
    const rel = relation(claim);
    if (!rel || !/^[<>=]$/.test(claim.text)) return { reason: 'the relation that holds is not known' };
    return { text: rel };
  }
  if (claim.recomputed === null) return { reason: 'no recomputed value' };
  return restate(claim.text, claim.recomputed, claim.stated);
}
