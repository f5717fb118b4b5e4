/**
 * A write-up that prints a result block and later quotes a few of its lines again (`the two lines that matter,
 * again:` and a short fence) is quoting, not reporting a run: such an excerpt is no run of its own, so it is
 * neither a second candidate for a claim nor a truncated or headerless block.
 */
import type { WalkRun } from '../schemas/run.js';
import type { RunDraft } from './types.js';

/** A rate, a time or a share: a unit that a count of requests or tokens does not have. */
const measured = (unit: string) => unit.includes('/') || unit === 'ms' || unit === 's' || unit === '%';

/**
 * The drafts of a fence that only re-quote an earlier run of the page: every metric the draft prints is printed
 * by that run with the same text, and the run prints more. A full block printed twice is not a quote (that is
 * a duplicate, reported as such).
 */
export function requotedDrafts(drafts: readonly RunDraft[], earlier: readonly WalkRun[]): RunDraft[] {
  return drafts.filter((d) => {
    const names = Object.keys(d.metrics);
    // Only a measurement makes a quote: lines of counts alone (`Successful requests: 1000`) could be any run's.
    if (d.failed || !names.some((n) => measured(d.metrics[n].unit))) return false;
    return earlier.some(
      (r) =>
        !r.failed &&
        Object.keys(r.metrics).length > names.length &&
        names.every((n) => r.metrics[n] !== undefined && r.metrics[n].text === d.metrics[n].text),
    );
  });
}
