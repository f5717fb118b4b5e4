// Baseline vs optimized per benchmark case, read from the Conclusion table (numbers are claims on the page).
import type { Claim } from '../schemas/claim.js';
import type { Cell, ConclusionRow, Report } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import { correction } from './claims.js';
import { incompleteRun } from './compare/rows.js';

export interface CaseResult {
  case: string;
  line: number;
  baseline: number;
  optimized: number;
  /** The improvement as written (`+58.1%`, `2.7x faster`), or null. */
  gainText: string | null;
  /** Optimized relative to baseline as a speed-up factor (>1 is better) in the page's own direction. */
  factor: number;
  /** What the page states wrongly, when the bars use recomputed values instead (see `corrected`). */
  stated?: { baseline?: number; optimized?: number; gain?: string };
  /** The optimized cell's run failed or did not complete every request: its gain is never a result, with the reason. */
  incomplete?: { verdict: 'failed' | 'partial'; note: string };
}

/** What the gain reads of a report beyond its Conclusion: the claims and runs behind its cells, when it has them. */
type GainInput = Pick<Report, 'conclusion'> &
  Partial<Pick<Report, 'claims' | 'path'>> & { runs?: readonly Pick<Run, 'id' | 'repeatOf' | 'failed' | 'error' | 'setup'>[] };

/**
 * The run behind a row's optimized cell (the run its checked numbers trace to) when it failed or did not complete
 * every request (`incompleteRun`, as the explorer judges it); null otherwise or without claims and runs.
 */
export function incompleteCase(report: GainInput, r: ConclusionRow): CaseResult['incomplete'] | null {
  if (!report.claims || !report.runs || report.path === undefined) return null;
  const byId = new Map(report.runs.map((run) => [run.id, run]));
  for (const c of cellClaims(report.claims, r, 'optimized')) {
    const run = c.source && c.source.path === report.path ? byId.get(c.source.runId) : undefined;
    const bad = run && incompleteRun({ claims: report.claims, path: report.path, runs: report.runs }, run);
    if (bad) return bad;
  }
  return null;
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

function row(r: ConclusionRow, re: RegExp, better: 'higher' | 'lower', fix?: Fixer): CaseResult | null {
  const baseline = fix ? fix.value(r, 'baseline', re) : value(r.baseline.text, re);
  const optimized = fix ? fix.value(r, 'optimized', re) : value(r.optimized.text, re);
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

export function comparison(report: GainInput, fix?: Fixer): Comparison | null {
  const cases = (re: RegExp, better: 'higher' | 'lower') =>
    report.conclusion
      .map((r) => {
        const c = row(r, re, better, fix);
        const done = c && fix ? fix.gain(r, c, row(r, re, better)) : c;
        const incomplete = done && incompleteCase(report, r);
        return done && incomplete ? { ...done, incomplete } : done;
      })
      .filter((r): r is CaseResult => r !== null);
  const tps = cases(TPS, 'higher');
  if (tps.length) return { metric: 'throughput', label: 'Total token throughput', unit: 'tok/s', better: 'higher', cases: tps };
  const lat = cases(LATENCY, 'lower');
  if (lat.length) return { metric: 'latency', label: 'Mean request latency', unit: 's', better: 'lower', cases: lat };
  return null;
}

/**
 * The headline result: the first case (the optimization target), as a factor and its text; `incomplete` when the
 * optimized run behind it failed or did not complete every request (a gain never to rank or show as a result).
 */
export function headline(
  report: GainInput,
): { factor: number; text: string; case: string; metric: Comparison['metric']; incomplete: CaseResult['incomplete'] | null } | null {
  const c = comparison(report);
  const first = c?.cases[0];
  if (!c || !first) return null;
  const text =
    c.metric === 'throughput'
      ? `${first.gainText ?? `${((first.factor - 1) * 100).toFixed(1)}%`} throughput`
      : `${first.gainText ?? `${first.factor.toFixed(2)}x faster`}`.replace(/x faster/, '× faster');
  // The factor of the text shown, so a list ordered by it reads in order: `+31.6%/GPU` is 1.316 even when the two
  // cells, one of them on twice the GPUs, are 2.63x apart.
  return {
    factor: (first.gainText ? shownFactor(first.gainText) : null) ?? first.factor,
    text,
    case: first.case,
    metric: c.metric,
    incomplete: first.incomplete ?? null,
  };
}

const PERCENT = /^([+-]?)(\d+(?:\.\d+)?)%/;
const TIMES = /^(\d+(?:\.\d+)?)x (faster|slower)/i;

/** A stated improvement as a speed-up factor: `+58.1%` 1.581, `-7.6%/GPU` 0.924, `2.7x faster` 2.7, `2x slower` 0.5. */
export function shownFactor(gainText: string): number | null {
  const p = PERCENT.exec(gainText);
  // Rounded to 12 digits: 1 + 84.9 / 100 is 1.8490000000000002 in binary, and reports.json shows it.
  if (p) return Number((1 + (p[1] === '-' ? -1 : 1) * (Number(p[2]) / 100)).toPrecision(12));
  const t = TIMES.exec(gainText);
  if (!t || Number(t[1]) <= 0) return null;
  return t[2].toLowerCase() === 'slower' ? 1 / Number(t[1]) : Number(t[1]);
}

/** Reads a conclusion cell's value with the page's claims: a number the page states wrongly gives its recomputed value. */
interface Fixer {
  value(r: ConclusionRow, side: 'baseline' | 'optimized', re: RegExp): number | null;
  /** `plain`: the row as stated. */
  gain(r: ConclusionRow, c: CaseResult, plain: CaseResult | null): CaseResult;
}

/** The claims inside one cell of a conclusion row: on its line, from its column up to the next cell's. */
function cellClaims(claims: readonly Claim[], r: ConclusionRow, side: 'baseline' | 'optimized'): Claim[] {
  const cell: Cell = r[side];
  const until = side === 'baseline' && r.optimized.line === cell.line ? r.optimized.column : Infinity;
  return claims.filter((c) => c.line === cell.line && c.column >= cell.column && c.column < until);
}

/**
 * The comparison the chart draws: like `comparison`, but a bar whose number the page states wrongly is drawn at the
 * recomputed value, and a wrong improvement is shown with its recomputed text; `stated` keeps what the page says.
 */
export function corrected(report: GainInput & Pick<Report, 'claims'>): Comparison | null {
  const fix: Fixer = {
    value(r, side, re) {
      const m = re.exec(r[side].text);
      if (!m) return null;
      const claim = cellClaims(report.claims, r, side).find((c) => c.kind === 'cell-value' && c.text === m[1]);
      const right = claim && correction(claim) !== null ? claim.recomputed! : Number(m[1]);
      return right * (m[2] ? Number(m[2]) : 1);
    },
    gain(r, c, plain) {
      const stated: NonNullable<CaseResult['stated']> = {};
      if (plain && plain.baseline !== c.baseline) stated.baseline = plain.baseline;
      if (plain && plain.optimized !== c.optimized) stated.optimized = plain.optimized;
      const claim = c.gainText
        ? cellClaims(report.claims, r, 'optimized').find((k) => k.kind === 'improvement' && c.gainText!.startsWith(k.text))
        : undefined;
      const right = claim ? correction(claim) : null;
      if (right !== null && c.gainText) {
        stated.gain = c.gainText;
        c = { ...c, gainText: right + c.gainText.slice(claim!.text.length) };
      }
      return Object.keys(stated).length ? { ...c, stated } : c;
    },
  };
  return comparison(report, fix);
}
