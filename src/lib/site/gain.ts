// Baseline vs optimized per benchmark case, read from the Conclusion table (numbers are claims on the page).
import type { ConclusionRow, Report } from '../schemas/report.js';

export interface CaseResult {
  case: string;
  line: number;
  baseline: number;
  optimized: number;
  /** The improvement as written (`+58.1%`, `2.7x faster`), or null. */
  gainText: string | null;
  /** Optimized relative to baseline as a speed-up factor (>1 is better) in the page's own direction. */
  factor: number;
}

export interface Comparison {
  metric: 'throughput' | 'latency';
  /** Axis label. */
  label: string;
  unit: string;
  better: 'higher' | 'lower';
  cases: CaseResult[];
}

const TPS = /Total TPS:\s*([\d.]+)(?:\s*x\s*(\d+))?/i;
const LATENCY = /Mean latency:\s*([\d.]+)\s*s/i;
const GAIN = /\(([+-]?\d+(?:\.\d+)?%(?:\/GPU)?|\d+(?:\.\d+)?x (?:faster|slower))/i;

function value(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  if (!m) return null;
  return Number(m[1]) * (m[2] ? Number(m[2]) : 1);
}

function row(r: ConclusionRow, re: RegExp, better: 'higher' | 'lower'): CaseResult | null {
  const baseline = value(r.baseline.text, re);
  const optimized = value(r.optimized.text, re);
  if (baseline === null || optimized === null || baseline <= 0 || optimized <= 0) return null;
  return {
    case: r.case,
    line: r.line,
    baseline,
    optimized,
    gainText: GAIN.exec(r.optimized.text)?.[1] ?? null,
    factor: better === 'higher' ? optimized / baseline : baseline / optimized,
  };
}

export function comparison(report: Pick<Report, 'conclusion'>): Comparison | null {
  const tps = report.conclusion.map((r) => row(r, TPS, 'higher')).filter((r): r is CaseResult => r !== null);
  if (tps.length) return { metric: 'throughput', label: 'Total token throughput', unit: 'tok/s', better: 'higher', cases: tps };
  const lat = report.conclusion.map((r) => row(r, LATENCY, 'lower')).filter((r): r is CaseResult => r !== null);
  if (lat.length) return { metric: 'latency', label: 'Mean request latency', unit: 's', better: 'lower', cases: lat };
  return null;
}

/** The headline result: the first case (the optimization target), as a factor and its text. */
export function headline(report: Pick<Report, 'conclusion'>): { factor: number; text: string; case: string } | null {
  const c = comparison(report);
  const first = c?.cases[0];
  if (!c || !first) return null;
  const text =
    c.metric === 'throughput'
      ? `${first.gainText ?? `${((first.factor - 1) * 100).toFixed(1)}%`} throughput`
      : `${first.gainText ?? `${first.factor.toFixed(2)}x faster`}`.replace(/x faster/, '× faster');
  return { factor: first.factor, text, case: first.case };
}
