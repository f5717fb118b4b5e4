// `runs.csv`: one row per run (a block repeating an earlier run's result is that run's second place, not a row), one
// column per setup field and per metric (union over all runs), every cell (the header's metric names too) through
// the one CSV escaping of ./compare/cell.ts (RFC 4180 quoting, formula starters defused, also after a `;` or another
// separator a spreadsheet may split on). The setup columns (GPU and count, engine and version, precision,
// parallelism, dataset, lengths, concurrency, rate, requests, role, distinguishing flags) are the page model's
// `run.setup` as the explorer shows it (./compare/rows.ts), with the success rate and the verdict.
import { z } from 'zod';
import type { Entry } from './entry.js';
import { cell } from './compare/cell.js';
import { compareRows, listedRuns } from './compare/rows.js';
import { datasetText } from './compare/setup.js';
import type { RunRow } from './compare/types.js';

export { cell };

/** A report with its page URL, and its rows when the loader made them (`cachedRows`; made here otherwise). */
export interface CsvPage {
  report: Entry;
  url: string;
  rows?: readonly RunRow[];
}

/**
 * One report's part of runs.csv: its metric names (every run's, for the header's union) and, per listed run, its
 * setup cells already written as CSV (one string) with its metrics' texts, which wait for the site's columns. The
 * loader makes each report's part beside its other files (`cachedCsv`), so runs.csv reads these alone.
 */
export const csvPartSchema = z.object({
  names: z.array(z.string()),
  rows: z.array(z.object({ cells: z.string(), metrics: z.array(z.tuple([z.string(), z.string()])) })),
});
export type CsvPart = z.output<typeof csvPartSchema>;

export function csvPart(page: CsvPage): CsvPart {
  const e = page.report;
  const names = new Set<string>();
  for (const r of e.runs) for (const name of Object.keys(r.metrics)) names.add(name);
  const derived = page.rows ?? compareRows([page]);
  const rows = listedRuns(e).map((r, i) => {
    const d = derived[i];
    return {
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
        datasetText(r.setup),
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
      metrics: Object.entries(r.metrics).map(([name, m]): [string, string] => [name, m.text]),
    };
  });
  return { names: [...names], rows };
}

/**
 * runs.csv from every report's part. Two passes over `parts`, which may read each part from disk as the loop reaches
 * it (the runs.csv route does): the first takes the metric columns (their union), the second writes each row. Only
 * the lines are held, not the parts: at 10,000 reports, holding every row's metrics until the columns were known
 * was the build's peak of memory.
 */
export function runsCsv(parts: Iterable<CsvPart>): string {
  const names = new Set<string>();
  for (const part of parts) for (const name of part.names) names.add(name);
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
  const lines = [head.map(cell).join(',')];
  for (const part of parts)
    for (const row of part.rows) {
      if (metrics.length === 0) {
        lines.push(row.cells);
        continue;
      }
      const texts = new Map(row.metrics);
      lines.push(`${row.cells},${metrics.map((m) => cell(texts.get(m) ?? '')).join(',')}`);
    }
  return lines.join('\r\n') + '\r\n';
}
