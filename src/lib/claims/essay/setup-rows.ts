/**
 * Table rows that may restate a run by the setup they state: a row whose setting columns (prompt count,
 * concurrency, request rate, read by their headers) hold the run's setup (as its command sets it, or as its own
 * output prints it), at least two of them compared and none differing. The caller keeps a run's row only when it is
 * the one such row whose values are near the run's; a run two rows may mean, or a row two runs may be, names nothing.
 */
import type { NamedRun } from './runs.js';

type Field = 'numPrompts' | 'maxConcurrency' | 'requestRate';

// The metric a run's own output prints each setting as, where its command does not say (`Max request concurrency`).
const PRINTED: Readonly<Record<Field, string>> = {
  numPrompts: 'successful_requests',
  maxConcurrency: 'max_concurrency',
  requestRate: 'request_rate',
};

// Header words of a setting column: `num-prompts`, `并发` (concurrency), `request-rate`.
const FIELDS: ReadonlyArray<[RegExp, Field]> = [
  [/prompts|num[ _-]?requests|请求数/i, 'numPrompts'],
  [/concurrency|并发/i, 'maxConcurrency'],
  [/request[ _-]?rate|请求速率/i, 'requestRate'],
];

const NUMBER = /^\d+(?:\.\d+)?$/;

export interface SetupRows {
  /** For each run, the rows whose setting cells are its setup. */
  matches: Map<NamedRun, number[]>;
  /** Whether a row states a setting the run was not set to (the row is another run's). */
  differs(row: number, run: NamedRun): boolean;
}

/** The rows of a table by the settings they state, against the runs' setups. */
export function setupRows(header: readonly string[], rows: ReadonlyArray<readonly string[]>, runs: readonly NamedRun[]): SetupRows {
  const columns = header.flatMap((h, i) => {
    const field = FIELDS.find(([re]) => re.test(h))?.[1];
    return field ? [{ i, field }] : [];
  });
  // The run's setting, and whether it is only an outcome (the requests a partial run completed, not those it was sent).
  const setting = (run: NamedRun, field: Field): { value: number; outcome: boolean } | null => {
    const set = run.run.setup[field];
    if (set !== null) return { value: set, outcome: false };
    const printed = run.run.metrics[PRINTED[field]]?.value;
    // A complete run sent as many requests as succeeded; a partial one may have been sent more.
    const outcome = field === 'numPrompts' && run.run.setup.status !== 'ok';
    return typeof printed === 'number' && Number.isFinite(printed) ? { value: printed, outcome } : null;
  };
  // How many settings of the row the run's setup holds, or -1 when a setting (never an outcome) differs.
  const compare = (row: readonly string[], run: NamedRun): number => {
    let compared = 0;
    for (const { i, field } of columns) {
      const cell = (row[i] ?? '').trim();
      const set = setting(run, field);
      if (!NUMBER.test(cell) || set === null) continue;
      if (Number(cell) === set.value) compared++;
      else if (!set.outcome) return -1;
    }
    return compared;
  };
  const matches = new Map<NamedRun, number[]>();
  if (columns.length >= 2)
    for (const run of runs) {
      const hits = rows.flatMap((row, i) => (compare(row, run) >= 2 ? [i] : []));
      if (hits.length > 0) matches.set(run, hits);
    }
  return { matches, differs: (row, run) => rows[row] !== undefined && compare(rows[row], run) < 0 };
}
