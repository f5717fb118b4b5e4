// A report's "compare this setup" link: /compare/ with the question pre-filled from the report's own runs.
import { completeQuestion, defaultView, filterValue, isGreyed, questionIds, viewToQuery } from './state.js';
import type { RunRow } from './types.js';

/**
 * The explorer's query for a report's runs: the model, accelerator and workload (with its load: concurrency,
 * request rate) of the run the page adopts (role `optimized`, not failed, partial or flagged); without one, those
 * most of its runs share. A latency report's question is its own objective: the best throughput at no more than
 * the adopted run's mean TPOT (the latency bound), so that the answer is the adopted run or one that is as fast and
 * serves more. Empty when the report has no run.
 */
export function compareQuery(rows: readonly RunRow[], objective: 'latency' | 'throughput' | null = null): string {
  if (rows.length === 0) return '';
  const adopted = rows.find((r) => r.role === 'optimized' && !isGreyed(r));
  const view = defaultView();
  if (adopted) for (const id of questionIds) view.filters[id] = [filterValue(adopted, id)];
  const complete = completeQuestion(rows, view);
  const only = defaultView();
  for (const id of questionIds) only.filters[id] = complete.filters[id];
  const tpot = adopted?.values.tpot?.value;
  if (objective === 'latency' && tpot !== undefined && Number.isFinite(tpot) && tpot > 0) only.limit = tpot;
  return viewToQuery(only);
}
