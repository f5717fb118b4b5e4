/**
 * A number stated as the result of arithmetic written right before it (`1/(1 − 0.9) ≈ 10x`,
 * `512 × 0.25 = 128.0`): the expression is the number's own source, checked whether or not a run is behind it.
 *
 * Formula: the expression as written (`+ - − × * ÷ /`, a spaced `x`, brackets), evaluated over intervals: a decimal
 * input stands for +/- half a unit of its last digit, an integer is exact (a count, a constant such as `1`).
 * Tolerance: the stated number holds when the exact result, or a value the inputs' intervals allow, rounds half-up to
 * it at its stated digits. A division by an interval that holds 0 has no finite result (never holds).
 * ok: `1/(1 − 0.9) ≈ 10x` (10.00); not ok: `300 × 0.12 = 38.0` (34.5 to 37.5).
 */
import { add, displayed, div, mul, point, roundsTo, sub, type Interval } from '../numbers/interval.js';
import { formatFixed, parseNumber, roundHalfUp } from '../numbers/number.js';
import type { CheckResult } from './result.js';

interface Value {
  exact: number;
  range: Interval;
}

type Token = { kind: 'num'; value: Value; text: string } | { kind: 'op'; op: string };

/** The characters an expression is written with (a spaced `x` is read as a product). */
const EXPRESSION_CHAR = /[\d.,\s+\-−×*÷/()]/;

/** Read an expression into tokens; null when it holds anything else, or fewer than two numbers and an operator. */
function tokens(text: string): Token[] | null {
  const out: Token[] = [];
  const re = /\s*(?:(\d[\d,]*(?:\.\d+)?)|([+\-−×*÷/()])|(x)(?=\s))/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m || m[0].length === 0) return /^\s*$/.test(text.slice(at)) ? out : null;
    at = re.lastIndex;
    if (m[1] !== undefined) {
      const n = parseNumber(m[1]);
      if (!n) return null;
      const range = n.decimals === 0 ? point(n.value) : displayed(n.value, n.decimals);
      out.push({ kind: 'num', value: { exact: n.value, range }, text: m[1] });
    } else out.push({ kind: 'op', op: m[2] ?? '×' });
  }
  return out;
}

/** Evaluate tokens by precedence (brackets, then × ÷, then + −); null when they are not one expression. */
function evaluate(ts: Token[]): Value | null {
  let i = 0;
  const peek = () => ts[i];
  const isOp = (t: Token | undefined, ops: string): t is { kind: 'op'; op: string } => t?.kind === 'op' && ops.includes(t.op);
  function primary(): Value | null {
    const t = ts[i++];
    if (!t) return null;
    if (t.kind === 'num') return t.value;
    if (t.op === '(') {
      const v = sum();
      if (!isOp(ts[i++], ')')) return null;
      return v;
    }
    if (t.op === '-' || t.op === '−') {
      const v = primary();
      return v && { exact: -v.exact, range: { lo: -v.range.hi, hi: -v.range.lo } };
    }
    return null;
  }
  /** One level of binary operators, left to right, over the level below (`next`). */
  function level(next: () => Value | null, ops: string, apply: (op: string, v: Value, w: Value) => Value): Value | null {
    let v = next();
    while (v && isOp(peek(), ops)) {
      const op = (ts[i++] as { op: string }).op;
      const w = next();
      if (!w) return null;
      v = apply(op, v, w);
    }
    return v;
  }
  function product(): Value | null {
    return level(primary, '×*÷/', (op, v, w) =>
      op === '×' || op === '*'
        ? { exact: v.exact * w.exact, range: mul(v.range, w.range) }
        : { exact: w.exact === 0 ? NaN : v.exact / w.exact, range: div(v.range, w.range) },
    );
  }
  function sum(): Value | null {
    return level(product, '+-−', (op, v, w) =>
      op === '+' ? { exact: v.exact + w.exact, range: add(v.range, w.range) } : { exact: v.exact - w.exact, range: sub(v.range, w.range) },
    );
  }
  const v = sum();
  return v && i === ts.length ? v : null;
}

export interface Arithmetic {
  /** The expression as written. */
  expression: string;
  result: CheckResult;
}

/**
 * The expression written right before `at` in `text` (before an `=`, `≈` or `~` that ends at the number), and the
 * stated number judged against it; null when no expression of two numbers or more stands there.
 */
export function arithmeticBefore(text: string, at: number, stated: { value: number; decimals: number }): Arithmetic | null {
  let j = at - 1;
  while (j >= 0 && /\s/.test(text[j])) j--;
  if (j < 0 || !'=≈~'.includes(text[j])) return null;
  const expression = expressionBefore(text, j);
  return expression === null ? null : judgeExpression(expression, stated);
}

/**
 * The expression written right before offset `end` of `text` (back to the first character that is no part of one;
 * a number glued to a word, `H100`, is not), trimmed of a leading operator; null when brackets do not pair.
 */
export function expressionBefore(text: string, end: number): string | null {
  const j = end;
  let k = j - 1;
  let depth = 0;
  while (
    (k >= 0 && EXPRESSION_CHAR.test(text[k])) ||
    (k >= 1 && text[k] === 'x' && /\s/.test(text[k - 1]) && /\s/.test(text[k + 1] ?? ''))
  ) {
    if (text[k] === ')') depth++;
    else if (text[k] === '(') {
      if (depth === 0) break;
      depth--;
    }
    k--;
  }
  if (depth !== 0) return null;
  // A number glued to a word before it (`H100`, `v0.8`) is not part of the expression.
  let start = k + 1;
  while (start < j && /[\d.,]/.test(text[start]) && k >= 0 && /[\p{L}_]/u.test(text[k])) start++;
  return text
    .slice(start, j)
    .trim()
    .replace(/^[+\-−×*÷/]+\s*/, '');
}

/** Whether `expression` is arithmetic of two numbers or more (what `judgeExpression` judges). */
export function isExpression(expression: string): boolean {
  return expressionTokens(expression) !== null;
}

function expressionTokens(expression: string): Token[] | null {
  const ts = tokens(expression);
  if (!ts || ts.filter((t) => t.kind === 'num').length < 2 || !ts.some((t) => t.kind === 'op' && t.op !== '(' && t.op !== ')')) return null;
  return ts;
}

/** A stated number judged against the expression written as its source; null when that is no expression. */
export function judgeExpression(expression: string, stated: { value: number; decimals: number }): Arithmetic | null {
  const ts = expressionTokens(expression);
  if (!ts) return null;
  const v = evaluate(ts);
  if (!v) return null;
  const d = stated.decimals;
  const bounded = Number.isFinite(v.range.lo) && Number.isFinite(v.range.hi);
  const exactOk = Number.isFinite(v.exact) && roundHalfUp(Math.abs(v.exact), d) === Math.abs(stated.value);
  const abs = v.exact < 0 ? { lo: -v.range.hi, hi: -v.range.lo } : v.range;
  const intervalOk = bounded && roundsTo(abs, Math.abs(stated.value), d);
  const ok = exactOk || intervalOk;
  const recomputed = Number.isFinite(v.exact) ? roundHalfUp(Math.abs(v.exact), d) * Math.sign(stated.value || 1) : NaN;
  return {
    expression,
    result: {
      verdict: ok ? 'verified' : 'mismatch',
      recomputed,
      formula: `${expression} = ${Number.isFinite(v.exact) ? formatFixed(v.exact, Math.max(d, 2)) : 'no finite result'}`,
      tolerance: `half-up to ${d} decimal${d === 1 ? '' : 's'}; decimal inputs +/- half a unit, integers exact (interval)${bounded ? '' : '; a divisor that may be 0 gives no finite result'}`,
      accepted: exactOk ? 'exact' : intervalOk ? 'interval' : null,
      raw: v.exact,
      interval: v.range,
      rounding: !ok && bounded && Math.abs(Math.abs(stated.value) - Math.abs(v.exact)) <= 10 ** -d + (v.range.hi - v.range.lo) / 2,
    },
  };
}
