// `runs.csv`: one row per run (a block repeating an earlier run's result is that run's second place, not a row), one
// column per setup field and per metric (union over all runs), every cell (the header's metric names too) through
// the one CSV escaping of ./compare/cell.ts (RFC 4180 quoting, formula starters defused, also after a `;` or another
// separator a spreadsheet may split on). The setup columns (GPU and count, engine and version, precision,
// parallelism, dataset, lengths, concurrency, rate, requests, role, distinguishing flags) are the page model's
// `run.setup` as the explorer shows it (./compare/rows.ts), with the success rate and the verdict.
import type { Entry } from './entry.js';
import { cell } from './compare/cell.js';
import { compareRows, listedRuns } from './compare/rows.js';
import type { RunRow } from './compare/types.js';

export { cell };

/** A report with its page URL, and its rows when the loader made them (`cachedRows`; made here otherwise). */
export interface CsvPage {
  report: Entry;
  url: string;
  rows?: readonly RunRow[];
}

export function runsCsv(pages: Iterable<CsvPage>): string {
  // One pass over the pages (each may be read from disk as the loop reaches it: ./compare/pages.ts): the rows keep
  // their cells and their metrics' texts, and the metric columns (their union) are known at the end.
  const names = new Set<string>();
  // Each row's setup cells are written as CSV at once (one string, not thirty values); its metrics wait for the columns.
  const rows: Array<{ cells: string; metrics: Map<string, string> }> = [];
  for (const page of pages) {
    const e = page.report;
    for (const r of e.runs) for (const name of Object.keys(r.metrics)) names.add(name);
    const derived = page.rows ?? compareRows([page]);
    listedRuns(e).forEach((r, i) => {
      const d = derived[i];
      rows.push({
        cells: [
          e.slug,
          r.id,
          r.line,
          r.format,
          r.label,
          r.context.engine,
          r.context.model,
          r.context.variant,
          r.context.profile,
          r.context.side,
          r.failed,
          r.error,
          r.fingerprint,
          d.gpu,
          d.gpus,
          d.gpusFrom,
          d.version,
          d.precision,
          d.parallelism,
          d.dataset,
          d.concurrency,
          d.rate,
          r.setup.inputLength,
          r.setup.outputLength,
          d.requested,
          d.role,
          d.flags.join(' '),
          r.setup.model,
          d.successRate,
          d.verdict,
        ]
          .map(cell)
          .join(','),
        metrics: new Map(Object.entries(r.metrics).map(([name, m]) => [name, m.text])),
      });
    });
  }
  const metrics = [...names].sort();
  const head = [
    'report',
    'run_id',
    'line',
    'format',
    'label',
    'engine',
    'model',
    'variant',
    'profile',
    'side',
    'failed',
    'error',
    'fingerprint',
    'gpu',
    'gpu_count',
    'gpu_count_from',
    'engine_version',
    'precision',
    'parallelism',
    'dataset',
    'concurrency',
    'request_rate',
    'input_length',
    'output_length',
    'requests',
    'role',
    'flags',
    'model_id',
    'success_rate',
    'verdict',
    ...metrics,
  ];
  const tail = (row: (typeof rows)[number]) =>
    metrics.length === 0 ? '' : `,${metrics.map((m) => cell(row.metrics.get(m) ?? '')).join(',')}`;
  return [head.map(cell).join(','), ...rows.map((row) => row.cells + tail(row))].join('\r\n') + '\r\n';
}
