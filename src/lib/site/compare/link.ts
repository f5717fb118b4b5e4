// A report's "compare this setup" link: /compare/ with the question pre-filled from the report's own runs.
import { completeQuestion, defaultView, filterValue, isGreyed, questionIds, viewToQuery } from './state.js';
import type { RunRow } from './types.js';

/**
 * The explorer's query for a report's runs: the model, accelerator and workload of the run the page adopts (role
 * `optimized`, not failed or flagged); without one, those most of its runs share. Empty when the report has no run.
 */
export function compareQuery(rows: readonly RunRow[]): string {
  if (rows.length === 0) return '';
  const adopted = rows.find((r) => r.role === 'optimized' && !isGreyed(r));
  const view = defaultView();
  if (adopted) for (const id of questionIds) view.filters[id] = [filterValue(adopted, id)];
  const complete = completeQuestion(rows, view);
  const only = defaultView();
  for (const id of questionIds) only.filters[id] = complete.filters[id];
  return viewToQuery(only);
}
