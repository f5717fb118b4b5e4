/**
 * Arithmetic worked out in a plain fence, line by line (`Difference = 423.93 - 73.14 = 350.79 ms`,
 * `2048 × 0.171 + 128 × 0.171 + 51.22 = 350.2 + 21.98 + 51.22 = 423.4 ms`): each number that follows an `=` or `≈`
 * is judged on the expression before it, and a sum rewritten term by term (`… = 350.2 + 21.98 + 51.22`) has each
 * term that became a number judged on the term it replaces.
 *
 * Formula: the expression as written (see ../arithmetic.ts), over intervals. Tolerance: the stated number holds when
 * the exact result, or a value the inputs' half-units allow, rounds half-up to it at its stated digits.
 * ok: `128 × 0.171 ≈ 21.92` (21.888, inputs allow 21.824 to 21.952); not ok: `128 × 0.171 + 1 = 21.98 + 1`.
 */
import type { Code } from 'mdast';
import { expressionBefore, isExpression, judgeExpression, type Arithmetic } from '../arithmetic.js';
import { parseNumber } from '../../numbers/number.js';
import type { Stated } from '../stated.js';
import { claimKind } from './types.js';

interface Step {
  stated: Stated;
  result: Arithmetic['result'];
}

/** A unit written right after a number (`350.79 ms`): blanked, so the arithmetic around it reads as one expression. */
const UNIT_AFTER_NUMBER = /(?<=\d\s?)(?:ms|us|µs|s|tok\/s|tokens?|tok|req\/s|req|GiB|MiB|GB|MB)(?![\p{L}\d])/gu;
/** One number as written, whole (`21.98`, `4,655`, `-3.5`). */
const ONE_NUMBER = /^[+\-−]?\d[\d,]*(?:\.\d+)?$/;
/** The characters an expression may hold, from the start of a segment (units already blanked). */
const EXPRESSION_PREFIX = /^[\d.,\s+\-−×*÷/()x]*/;

/** A piece of a line between two `=`/`≈`: its expression or number as written and where it starts in the line. */
interface Piece {
  text: string;
  at: number;
}

/** Offsets in `line` of each `=` or `≈` that stands alone (not `==`, `<=`, `>=`, `!=`, `=>`). */
function separators(line: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '≈') out.push(i);
    else if (ch === '=' && !'=<>!'.includes(line[i - 1] ?? '') && !'=>'.includes(line[i + 1] ?? '')) out.push(i);
  }
  return out;
}

/** What stands after a separator, from `from`: the longest expression or number, up to its last digit or bracket. */
function pieceAfter(line: string, from: number, to: number): Piece | null {
  const segment = line.slice(from, to);
  const lead = segment.length - segment.trimStart().length;
  let text = EXPRESSION_PREFIX.exec(segment.slice(lead))?.[0] ?? '';
  let end = text.length;
  while (end > 0 && !/[\d)]/.test(text[end - 1])) end--;
  text = text.slice(0, end);
  // Unpaired brackets (`423.4 (measured`): only the leading number.
  const open = [...text].filter((c) => c === '(').length;
  if (open !== [...text].filter((c) => c === ')').length) text = /^[+\-−]?\d[\d,]*(?:\.\d+)?/.exec(text)?.[0] ?? '';
  return text ? { text, at: from + lead } : null;
}

/** A sum's terms at the top level, with the operator before each (`+` for the first); null inside brackets. */
function terms(expression: string): Array<{ op: string; text: string; at: number }> | null {
  const out: Array<{ op: string; text: string; at: number }> = [];
  let depth = 0;
  let start = 0;
  let op = '+';
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (ch === '+' || ch === '-' || ch === '−') && expression.slice(start, i).trim() !== '') {
      out.push({
        op,
        text: expression.slice(start, i).trim(),
        at: start + (expression.slice(start, i).length - expression.slice(start, i).trimStart().length),
      });
      op = ch === '+' ? '+' : '-';
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  const last = expression.slice(start);
  out.push({ op, text: last.trim(), at: start + (last.length - last.trimStart().length) });
  return out;
}

/** The number `text` at `offset` of the site as a stated number. */
function statedAt(text: string, offset: number): Stated | null {
  const n = parseNumber(text.replace('−', '-'));
  return n ? { ...n, role: 'value', offset, end: offset + text.length, claim: text, unit: '' } : null;
}

/** Each judged step of one line (`lineAt` is its offset in the site's text). */
function stepsOf(raw: string, lineAt: number): Step[] {
  const line = raw.replace(UNIT_AFTER_NUMBER, (u) => ' '.repeat(u.length));
  const seps = separators(line);
  if (seps.length === 0) return [];
  const steps: Step[] = [];
  const judge = (expression: string, number: Piece) => {
    const stated = statedAt(number.text, lineAt + number.at);
    const verdict = stated && judgeExpression(expression.replace(/\s+/g, ' '), stated);
    if (stated && verdict) steps.push({ stated, result: verdict.result });
  };
  let prev: Piece | null = (() => {
    const text = expressionBefore(line, seps[0]);
    return text ? { text, at: seps[0] - text.length } : null;
  })();
  for (let i = 0; i < seps.length; i++) {
    const cur = pieceAfter(line, seps[i] + 1, seps[i + 1] ?? line.length);
    if (!cur) break;
    if (prev && isExpression(prev.text)) {
      if (ONE_NUMBER.test(cur.text)) judge(prev.text, cur);
      else if (isExpression(cur.text)) {
        // A sum rewritten term by term: the same operators, each term either kept or worked out to a number.
        const before = terms(prev.text);
        const after = terms(cur.text);
        if (before && after && before.length >= 2 && before.length === after.length && before.every((t, k) => t.op === after[k].op))
          for (const [k, t] of after.entries())
            if (ONE_NUMBER.test(t.text) && isExpression(before[k].text)) judge(before[k].text, { text: t.text, at: cur.at + t.at });
      }
    }
    prev = cur;
  }
  return steps;
}

export const workedArithmetic = claimKind<{ node: Code; base: number; steps: Step[] }>({
  kind: 'worked-arithmetic',
  find(site) {
    if (site.kind !== 'worked') return [];
    const steps: Step[] = [];
    let at = 0;
    for (const line of site.text.split('\n')) {
      steps.push(...stepsOf(line, at));
      at += line.length + 1;
    }
    return steps.length > 0 ? [{ node: site.node, base: site.base, steps }] : [];
  },
  verify({ base, steps }, ctx) {
    return steps.map((s) => ctx.claim('arithmetic', s.stated, base, s.result, null));
  },
});
