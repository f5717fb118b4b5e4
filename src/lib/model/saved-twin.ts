/**
 * A run pasted as console output and the same run saved as a file: one run shown twice. They are the same run when
 * they are of one format and the request and token counts both print agree exactly (at least two of them), or, for
 * a format without counts, when their labels are equal and every value they share agrees. Where the two are the
 * same run, each value the console prints must be the saved value at the console's precision: a console value
 * further from it than half a unit of its last digit differs (formula |saved - printed| <= 0.5 x 10^-decimals).
 */
import type { Metric } from '../schemas/metric.js';
import type { Run } from '../schemas/run.js';

type Twin = Pick<Run, 'format' | 'failed' | 'label' | 'metrics' | 'saved'>;

/** The counts that name a run: a re-run never repeats all of them. */
const COUNTS = ['successful_requests', 'failed_requests', 'total_input_tokens', 'total_output_tokens'];

const finite = (m: Metric | undefined): m is Metric & { value: number } =>
  m !== undefined && typeof m.value === 'number' && Number.isFinite(m.value);

/** Whether a printed value is the saved value at the printed precision. */
export function printedFrom(printed: Metric & { value: number }, saved: number): boolean {
  return Math.abs(saved - printed.value) <= 0.5 * 10 ** -printed.decimals + 1e-9 * Math.max(1, Math.abs(saved));
}

/** The values a console run prints that its saved twin does not give at their precision. */
export function twinDifferences(console: Twin, saved: Twin): Array<{ printed: Metric; saved: Metric }> {
  const out: Array<{ printed: Metric; saved: Metric }> = [];
  for (const [name, printed] of Object.entries(console.metrics)) {
    const s = saved.metrics[name];
    if (finite(printed) && finite(s) && !printedFrom(printed, s.value)) out.push({ printed, saved: s });
  }
  return out;
}

/**
 * What a run and its twin share, for finding it without comparing every pair: its format and counts (when it has
 * two), else its format and label; null for a failed run or one with neither.
 */
export function twinKey(run: Twin): string | null {
  if (run.failed) return null;
  const counts = COUNTS.map((n) => run.metrics[n]).filter(finite);
  if (counts.length >= 2) return `${run.format}\0${COUNTS.map((n) => (finite(run.metrics[n]) ? run.metrics[n].value : '')).join('\0')}`;
  return run.label === null ? null : `${run.format}\0label\0${run.label}`;
}

/** Whether a console run and a saved run are one run (see above). */
export function sameRun(console: Twin, saved: Twin): boolean {
  if (console.failed || saved.failed || console.saved || !saved.saved || console.format !== saved.format) return false;
  const counts = COUNTS.filter((n) => finite(console.metrics[n]) && finite(saved.metrics[n]));
  if (counts.length >= 2) return counts.every((n) => console.metrics[n].value === saved.metrics[n].value);
  if (console.label === null || console.label !== saved.label) return false;
  const shared = Object.keys(console.metrics).filter((n) => finite(console.metrics[n]) && finite(saved.metrics[n]));
  return shared.length > 0 && twinDifferences(console, saved).length === 0;
}
