// What the charts draw, as series of baseline/optimized pairs per benchmark case: the Conclusion table's headline
// metric (`corrected` in gain.ts) and beside it the latencies (mean TPOT, mean TTFT). A latency is read from the
// table cell when the page states it there (at its recomputed value when the page states it wrongly), otherwise
// from the raw run that the cell's own numbers were checked against; a case for which neither is known is left out.
import type { Claim } from '../schemas/claim.js';
import type { Cell, ConclusionRow, Report } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import { correction } from './claims.js';
import type { CaseResult, Comparison } from './gain.js';

export interface SeriesCase {
  case: string;
  line: number;
  baseline: number;
  optimized: number;
  /** The change label shown beside the case (`+58.1%`, `+10.7% → +46.8%`, `+11.3% worse`), or empty. */
  change: string;
  /** True when the optimized side is worse than the baseline in the series' own direction. */
  worse: boolean;
  /** What the page states wrongly, when the value drawn is the recomputed one. */
  stated?: { baseline?: number; optimized?: number };
  /** The optimized run failed or did not complete every request: drawn greyed, never a gain, with this reason. */
  incomplete?: string;
}

export interface Series {
  /** `throughput`, `latency` (the Conclusion's own metric), `tpot`, `ttft`. */
  key: string;
  /** Axis title without the unit (`Total token throughput`). */
  label: string;
  unit: string;
  better: 'higher' | 'lower';
  /** Where the values come from, for the caption. */
  source: 'table' | 'runs' | 'table and runs';
  cases: SeriesCase[];
  /** Cases of the headline chart this series has no value for (neither the table nor a run of the page gives it). */
  missing: string[];
}

const worseOf = (better: 'higher' | 'lower', baseline: number, optimized: number) =>
  better === 'higher' ? optimized < baseline : optimized > baseline;

/** `+11.3% worse`, `-20.1%`: the relative change of the optimized side, computed, with `worse` said in words. */
export function changeLabel(better: 'higher' | 'lower', baseline: number, optimized: number): string {
  const pct = (optimized / baseline - 1) * 100;
  if (pct === 0) return '0.0%';
  // A change too small for one decimal keeps enough digits to show its sign (`+0.02% worse`, never `+0.0% worse`).
  const abs = Math.abs(pct);
  const digits = abs >= 0.05 ? abs.toFixed(1) : abs >= 0.005 ? abs.toFixed(2) : abs.toPrecision(1);
  const text = `${pct > 0 ? '+' : '−'}${digits}%`;
  return worseOf(better, baseline, optimized) ? `${text} worse` : text;
}

/** The Conclusion's headline comparison as a series; the page's own improvement text (corrected when wrong) is kept. */
export function headlineSeries(c: Comparison): Series {
  return {
    key: c.metric,
    label: c.label,
    unit: c.unit,
    better: c.better,
    source: 'table',
    missing: [],
    cases: c.cases.map((k: CaseResult) => {
      const worse = worseOf(c.better, k.baseline, k.optimized);
      const gain = k.stated?.gain ? `${k.stated.gain} → ${k.gainText}` : k.gainText;
      const stated = k.stated && (k.stated.baseline !== undefined || k.stated.optimized !== undefined) ? k.stated : undefined;
      return {
        case: k.case,
        line: k.line,
        baseline: k.baseline,
        optimized: k.optimized,
        change: gain ? `(${gain})${worse ? ' worse' : ''}` : changeLabel(c.better, k.baseline, k.optimized),
        worse,
        ...(stated ? { stated: { baseline: stated.baseline, optimized: stated.optimized } } : {}),
        ...(k.incomplete ? { incomplete: k.incomplete.note } : {}),
      };
    }),
  };
}

/** A latency the charts show beside the headline: its label in a table cell and its metric in a run. */
interface LatencyMetric {
  key: string;
  label: string;
  /** The label before the number in a Conclusion cell (`Mean TPOT(ms):`). */
  cell: string;
  metric: string;
}

const LATENCIES: readonly LatencyMetric[] = [
  { key: 'tpot', label: 'Mean TPOT', cell: 'Mean TPOT(ms):', metric: 'mean_tpot_ms' },
  { key: 'ttft', label: 'Mean TTFT', cell: 'Mean TTFT(ms):', metric: 'mean_ttft_ms' },
];

/** The number written after `label` in `text` (blanks skipped), by a linear scan; null when there is none. */
export function numberAfter(text: string, label: string): string | null {
  const at = text.indexOf(label);
  if (at < 0) return null;
  let i = at + label.length;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const start = i;
  while (i < text.length && ((text[i] >= '0' && text[i] <= '9') || text[i] === '.')) i++;
  const token = text.slice(start, i);
  return token && Number.isFinite(Number(token)) ? token : null;
}

/** The claims inside one cell of a conclusion row: on its line, from its column up to the next cell's. */
function cellClaims(claims: readonly Claim[], r: ConclusionRow, side: 'baseline' | 'optimized'): Claim[] {
  const cell: Cell = r[side];
  const until = side === 'baseline' && r.optimized.line === cell.line ? r.optimized.column : Infinity;
  return claims.filter((c) => c.line === cell.line && c.column >= cell.column && c.column < until);
}

type Side = { value: number; stated?: number; from: 'table' | 'runs' };

/** One side of one case: the stated cell value (recomputed when wrong), else the run the cell's numbers come from. */
function sideValue(report: SeriesInput, r: ConclusionRow, side: 'baseline' | 'optimized', m: LatencyMetric): Side | null {
  const claims = cellClaims(report.claims, r, side);
  const token = numberAfter(r[side].text, m.cell);
  if (token !== null) {
    const claim = claims.find((c) => c.kind === 'cell-value' && c.text === token);
    const stated = Number(token);
    if (claim && correction(claim) !== null && claim.recomputed !== null) return { value: claim.recomputed, stated, from: 'table' };
    return stated > 0 ? { value: stated, from: 'table' } : null;
  }
  // The run every checked number of the cell was traced to, when they agree on one run of this page.
  const runs = new Set<SeriesInput['runs'][number]>();
  for (const c of claims) {
    if (!c.source || c.source.path !== report.path) continue;
    const line = c.source.line;
    const run = report.runs.find((x) => x.line <= line && line <= x.endLine);
    if (run) runs.add(run);
  }
  if (runs.size !== 1) return null;
  const [run] = runs;
  // A bar stands for a run of its side: a cell whose numbers trace to a run of the other side draws nothing.
  if (!SIDE_ROLES[side].includes(run.setup.role ?? '')) return null;
  const value = run.metrics?.[m.metric]?.value;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? { value, from: 'runs' } : null;
}

export type SeriesInput = Pick<Report, 'conclusion' | 'claims' | 'path'> & {
  runs: readonly (Pick<Run, 'line' | 'endLine' | 'metrics'> & { setup: Pick<Run['setup'], 'role'> })[];
};

/** The roles of the runs a side of the Conclusion table may be drawn from. */
const SIDE_ROLES: Record<'baseline' | 'optimized', readonly string[]> = {
  baseline: ['baseline', 'other-baseline'],
  optimized: ['optimized', 'other-optimized'],
};

/** Mean TPOT and mean TTFT per case of `c` (the cases the headline chart draws), where the page or its runs give them. */
export function latencySeries(report: SeriesInput, c: Comparison): Series[] {
  const out: Series[] = [];
  for (const m of LATENCIES) {
    const cases: SeriesCase[] = [];
    const missing: string[] = [];
    const from = new Set<Side['from']>();
    for (const k of c.cases) {
      const row = report.conclusion.find((r) => r.line === k.line && r.case === k.case);
      const b = row && sideValue(report, row, 'baseline', m);
      const o = row && sideValue(report, row, 'optimized', m);
      if (!b || !o) {
        missing.push(k.case);
        continue;
      }
      from.add(b.from).add(o.from);
      const stated = b.stated !== undefined || o.stated !== undefined ? { baseline: b.stated, optimized: o.stated } : undefined;
      cases.push({
        case: k.case,
        line: k.line,
        baseline: b.value,
        optimized: o.value,
        change: changeLabel('lower', b.value, o.value),
        worse: worseOf('lower', b.value, o.value),
        ...(stated ? { stated } : {}),
        ...(k.incomplete ? { incomplete: k.incomplete.note } : {}),
      });
    }
    if (!cases.length) continue;
    const source = from.size === 2 ? 'table and runs' : from.has('table') ? 'table' : 'runs';
    out.push(inSeconds({ key: m.key, label: m.label, unit: 'ms', better: 'lower', source, cases, missing }));
  }
  return out;
}

/** A series in milliseconds whose values reach ten seconds, in seconds instead (`585.98 s`, not `585,981.22 ms`). */
export function inSeconds(s: Series): Series {
  if (s.unit !== 'ms' || Math.max(...s.cases.flatMap((k) => [k.baseline, k.optimized])) < 10_000) return s;
  const sec = (v: number | undefined) => (v === undefined ? undefined : v / 1000);
  return {
    ...s,
    unit: 's',
    cases: s.cases.map((k) => ({
      ...k,
      baseline: k.baseline / 1000,
      optimized: k.optimized / 1000,
      ...(k.stated ? { stated: { baseline: sec(k.stated.baseline), optimized: sec(k.stated.optimized) } } : {}),
    })),
  };
}
