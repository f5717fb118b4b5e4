/**
 * V1 "Summary of Optimization Options" chain (FORMATS.md 4.2).
 *
 * Formula: each adopted row's `+p%` = (candidate / reference - 1) x 100 (lower-better metrics:
 * reference / candidate), where the reference is the value reached after the previous adopted row (the
 * original baseline before any), else the original baseline; `-` rows move nothing. Product check:
 * (prod (1 + p_i / 100) - 1) x 100 = the Conclusion gain (or prod = the ratio for `x faster` cells).
 * Tolerance: each row as checkPercentChange in `displayed` mode; the product by interval arithmetic with
 * every step +/- half a unit of its last digit.
 * ok: qwen3-14b/h100 +27.7% (8424.86 vs 6595.66), +23.8%; product 1.277 x 1.238 -> +58.1%.
 */
import { checkPercentChange } from './check-percent.js';
import { mul, point, scale, shift, type Interval } from './interval.js';
import { formatFixed, halfUnit } from './number.js';
import type { Operand } from './operand.js';
import { judge, type CheckResult, type StatedValue } from './result.js';

export interface ChainRow {
  label: string;
  /** The stated `+p%`, or null for a `-` (not adopted) row. */
  stated: StatedValue | null;
  /** Values the row's option reached (one per variant tried); the adopted one is not named on the page. */
  candidates: Operand[];
}

export interface ChainAttempt {
  reference: 'previous' | 'baseline';
  candidate: number;
  result: CheckResult;
}

export interface ChainStep {
  label: string;
  adopted: boolean;
  /** The reproducing attempt (previous step preferred), or null when none reproduces the stated value. */
  match: ChainAttempt | null;
  /** Every attempt, for the message: which references and candidates were tried. */
  attempts: ChainAttempt[];
  /** The reference before this row. */
  reference: Operand;
  /** Reference carried to the next row; a best guess (closest attempt) when nothing matched. */
  next: Operand;
}

export interface ChainOptions {
  better?: 'higher' | 'lower';
}

/** Check every row of a V1 table against the previous adopted step and the original baseline. */
export function checkChain(baseline: Operand, rows: readonly ChainRow[], options: ChainOptions = {}): ChainStep[] {
  const steps: ChainStep[] = [];
  let reference = baseline;
  for (const row of rows) {
    if (!row.stated) {
      steps.push({ label: row.label, adopted: false, match: null, attempts: [], reference, next: reference });
      continue;
    }
    const stated = row.stated;
    const attempts: ChainAttempt[] = [];
    const refs: Array<[ChainAttempt['reference'], Operand]> = [['previous', reference]];
    if (reference !== baseline) refs.push(['baseline', baseline]);
    for (const [name, ref] of refs) {
      row.candidates.forEach((c, i) => {
        const result = checkPercentChange(stated, ref, c, { better: options.better, mode: 'displayed' });
        attempts.push({ reference: name, candidate: i, result });
      });
    }
    const match = attempts.find((a) => a.result.verdict === 'verified') ?? null;
    const closest = [...attempts].sort(
      (a, b) => Math.abs(a.result.raw - stated.value) - Math.abs(b.result.raw - stated.value),
    )[0];
    const chosen = match ?? closest;
    const next = chosen ? row.candidates[chosen.candidate] : reference;
    steps.push({ label: row.label, adopted: true, match, attempts, reference, next });
    reference = next;
  }
  return steps;
}

export interface ChainTotal extends StatedValue {
  /** `%` for a `(+58.1%)` gain, `x` for an `(2.2x faster)` ratio. */
  unit: '%' | 'x';
}

/** The product of (1 + step) over the adopted rows against the Conclusion gain or ratio. */
export function checkChainProduct(steps: readonly StatedValue[], total: ChainTotal): CheckResult {
  let raw = 1;
  let interval: Interval = point(1);
  for (const s of steps) {
    raw *= 1 + s.value / 100;
    const h = halfUnit(s.decimals);
    interval = mul(interval, { lo: 1 + (s.value - h) / 100, hi: 1 + (s.value + h) / 100 });
  }
  const factors = steps.map((s) => `(1 + ${formatFixed(s.value, s.decimals)} / 100)`).join(' x ') || '1';
  const percent = total.unit === '%';
  const halves = [...new Set(steps.map((s) => formatFixed(halfUnit(s.decimals), s.decimals + 1)))];
  return judge(
    total,
    percent ? (raw - 1) * 100 : raw,
    percent ? scale(shift(interval, -1), 100) : interval,
    'interval',
    percent ? `(${factors} - 1) x 100` : factors,
    `steps +/- ${halves.join(', ') || '0'}`,
  );
}
