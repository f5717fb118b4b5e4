/**
 * `chain-end-differs` (warning): The last adopted step of a two-column "Summary of Optimization Options" chain restates
 * another run than the Conclusion's optimized cell of the same benchmark case (the chain does not end where the page's
 * result is).
 *
 * Formula and tolerance: the run behind the last verified step's gain against the run behind the Conclusion's
 * improvement over the same baseline run; different runs that print different values of the compared metric.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#chain-end-differs shows them.
 */
import { emit } from '../diagnostics.js';
import type { Claim } from '../schemas/claim.js';
import type { Run } from '../schemas/run.js';
import { conclusionTable, reportPage, resultBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

/** A row that states the whole chain rather than one step (as the chain's claim kind reads it). */
const TOTAL = /total|overall|cumulative|vs\.? baseline/i;

/** A 10 s run of 500 input tokens whose total throughput is `total` tok/s (its output tokens make it so). */
const run = (total: number) =>
  servingMetrics({ requests: 10, duration: '10.00', input: 500, generated: total * 10 - 500, totalRate: total.toFixed(2) });

/** Baseline 100, step 1 to 120 (+20.0%), step 2 to 150 (+25.0%); the Conclusion states `optimized` against 100. */
const page = (optimized: string) =>
  reportPage({
    conclusion: [conclusionTable('Total TPS: 100.00', optimized)],
    results: [
      '### 1. Choosing the Inference Engine',
      resultBlock({ metrics: run(100) }),
      '### 2. Quantization',
      resultBlock({ metrics: run(120) }),
      '### 3. Chunked Prefill',
      resultBlock({ metrics: run(150) }),
      '### Summary of Optimization Options',
      '| Optimization Option | Throughput Improvement |\n|---|---|\n| Quantization | +20.0% |\n| Chunked Prefill | +25.0% |',
    ],
  });

export const chainEndDiffers: Rule = {
  id: 'chain-end-differs',
  severity: 'warning',
  description:
    "The last adopted step of the summary chain restates another run than the Conclusion's optimized cell of the same benchmark case.",
  fix: 'State the Conclusion from the run of the last adopted step (the configuration the page recommends), or say why the final configuration was measured again.',
  examples: {
    ok: page('Total TPS: 150.00 (+50.0%)'),
    notOk: page('Total TPS: 120.00 (+20.0%)'),
  },
  check({ report, file }) {
    if (report.summary.length === 0 || report.conclusion.length === 0) return;
    const improvementOn = (line: number) =>
      report.claims.filter((c) => c.kind === 'improvement' && c.line === line && c.verdict === 'verified' && c.source?.runId);
    const steps = report.summary
      .filter((row) => row.cells.length === 2 && !TOTAL.test(row.cells[0]))
      .map((row) => improvementOn(row.line)[0])
      .filter((c): c is Claim => !!c);
    const last = steps.at(-1);
    const first = steps[0];
    const origin = first?.sources[0]?.runId;
    if (!last || !origin) return;
    const byId = new Map(report.runs.map((r) => [r.id, r]));
    const end = byId.get(last.source!.runId!);
    for (const row of report.conclusion) {
      const claim = improvementOn(row.line).find((c) => c.sources[0]?.runId === origin);
      const result = claim ? byId.get(claim.source!.runId!) : undefined;
      if (!claim || !end || !result || result === end) continue;
      const metric = last.source!.metric;
      if (same(end, result, metric)) continue;
      emit(
        file,
        'chain-end-differs',
        'warning',
        claim,
        `Unexpected optimized run for \`${claim.text}\` in row \`${row.case}\`: the summary's last adopted step (line ${last.line}) restates the run at line ${end.line}, this cell the run at line ${result.line}`,
        {
          expected: `the run at line ${end.line} (${value(end, metric)})`,
          actual: `the run at line ${result.line} (${value(result, metric)})`,
          cause: { file: report.path, line: last.line, note: 'last adopted step of the summary' },
        },
      );
    }
  },
};

/** Two runs that print the same value of the metric (a repeat of one configuration) end the chain alike. */
function same(a: Run, b: Run, metric: string): boolean {
  const x = a.metrics[metric]?.text;
  const y = b.metrics[metric]?.text;
  return x !== undefined && x === y;
}

function value(run: Run, metric: string): string {
  const m = run.metrics[metric];
  return m ? `${metric} ${m.text}` : metric;
}
