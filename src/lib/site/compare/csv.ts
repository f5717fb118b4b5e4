// The explorer's CSV: the filtered rows as the table shows them, one line per run, cells quoted and defused like
// runs.csv (see ./cell.ts).
import { cell } from './cell.js';
import type { RunRow } from './types.js';

const round = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits;

export const explorerColumns = [
  'report',
  'run_id',
  'line',
  'raw_run',
  'setting',
  'role',
  'flags',
  'model',
  'gpu',
  'gpu_count',
  'engine',
  'engine_version',
  'precision',
  'parallelism',
  'dataset',
  'concurrency',
  'success_rate',
  'verdict',
  'total_tok_s',
  'total_tok_s_per_gpu',
  'output_tok_s',
  'output_tok_s_per_gpu',
  'mean_tpot_ms',
  'mean_ttft_ms',
  'mean_e2e_s',
] as const;

/** One CSV line per row; `origin` makes the raw-run links absolute (`https://host`), empty keeps them site-relative. */
export function explorerCsv(rows: readonly RunRow[], origin = ''): string {
  const perGpu = (v: number | undefined, gpus: number | null) => (v === undefined || !gpus ? null : round(v / gpus));
  const lines = rows.map((r) =>
    [
      r.report,
      r.run,
      r.line,
      origin + r.href,
      r.setting,
      r.role,
      r.flags.join(' '),
      r.model,
      r.gpu,
      r.gpus,
      r.engine,
      r.version,
      r.precision,
      r.parallelism,
      r.dataset,
      r.concurrency,
      r.successRate,
      r.verdict,
      round(r.values.total?.value),
      perGpu(r.values.total?.value, r.gpus),
      round(r.values.output?.value),
      perGpu(r.values.output?.value, r.gpus),
      round(r.values.tpot?.value),
      round(r.values.ttft?.value),
      round(r.values.e2e?.value, 3),
    ]
      .map(cell)
      .join(','),
  );
  return [explorerColumns.join(','), ...lines].join('\r\n') + '\r\n';
}
