import { requestLatencyS, type Derived } from '../check.js';
import { fromMetric, type Operand } from '../operand.js';
import { roundHalfUp } from '../../numbers/number.js';
import type { ClaimSource } from '../../schemas/claim.js';
import type { Run } from '../../schemas/run.js';

/** A value a stated number can be traced to: an operand plus where it was read. */
export interface Found {
  run: Run;
  operand: Operand;
  source: ClaimSource;
  /** Formula of a derived value (R1), null for a printed metric. */
  formula: string | null;
}

/** Derived quantities a claim can name besides the printed metrics. */
export const MEAN_REQUEST_LATENCY = 'mean_request_latency_s';

/** The operand of a metric (or the derived mean request latency) of a run, with its source. */
export function valueOf(path: string, run: Run, metric: string): Found | null {
  if (run.failed) return null;
  if (metric === MEAN_REQUEST_LATENCY) {
    const d: Derived | null = requestLatencyS(run);
    if (!d) return null;
    return { run, operand: d, formula: d.formula, source: { path, line: d.lines[0] ?? run.line, metric: d.metric, runId: run.id } };
  }
  const m = run.metrics[metric];
  if (!m) return null;
  const operand = fromMetric(m, m.decimals === 0);
  if (!operand) return null;
  return { run, operand, formula: null, source: metricSource(path, run, metric) };
}

/**
 * Where a run's metric is on the page: its line (the run's, for a metric it lacks), and for a metric of a saved
 * result file the file and the value's JSON pointer.
 */
export function metricSource(path: string, run: Pick<Run, 'id' | 'line' | 'metrics' | 'saved'>, metric: string): ClaimSource {
  const m = run.metrics[metric];
  const saved = m?.pointer !== undefined && run.saved ? { saved: { file: run.saved.file, pointer: m.pointer } } : {};
  return { path, line: m?.line ?? run.line, metric, runId: run.id, ...saved };
}

/** Does a value, rounded half-up to the stated precision (or by its interval), print as the stated number? */
export function printsAs(found: Pick<Found, 'operand'>, stated: number, decimals: number): boolean {
  const o = found.operand;
  if (o.interval) {
    const lo = roundHalfUp(o.interval.lo, decimals);
    const hi = roundHalfUp(o.interval.hi, decimals);
    return stated >= lo - 1e-9 && stated <= hi + 1e-9;
  }
  return Math.abs(roundHalfUp(o.value, decimals) - stated) < 1e-9 && o.decimals >= decimals;
}
