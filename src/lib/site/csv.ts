// `runs.csv`: one row per run, one column per metric (union over all runs), RFC 4180 quoting; a cell a spreadsheet
// would run as a formula gets a leading `'` (see ./compare/cell.ts). Besides what the page
// model holds, each run has the explorer's setup columns (GPU and count, engine version, precision, parallelism,
// dataset/profile, concurrency, success rate, verdict), derived in ./compare/rows.ts.
import type { Entry } from './entry.js';
import { cell } from './compare/cell.js';
import { compareRows } from './compare/rows.js';

export { cell };

/** A report with its page URL. */
export interface CsvPage {
  report: Entry;
  url: string;
}

export function runsCsv(pages: readonly CsvPage[]): string {
  const metrics = [...new Set(pages.flatMap((p) => p.report.runs.flatMap((r) => Object.keys(r.metrics))))].sort();
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
    'requests',
    'success_rate',
    'verdict',
    ...metrics,
  ];
  const derived = compareRows(pages);
  let i = 0;
  const rows = pages.flatMap(({ report: e }) =>
    e.runs.map((r) => {
      const d = derived[i++];
      return [
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
        d.requested,
        d.successRate,
        d.verdict,
        ...metrics.map((m) => r.metrics[m]?.text ?? ''),
      ];
    }),
  );
  return [head, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
