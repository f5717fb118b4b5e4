/**
 * `compared-runs-differ` (error): Runs compared in a conclusion row or an other-case pair differ in successful requests or workload.
 *
 * Formula and tolerance: successful requests equal; |input_a - input_b| / max(input_a, input_b) <= 1%
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#compared-runs-differ shows them.
 */
import { emit } from '../diagnostics.js';
import type { Run } from '../schemas/run.js';
import { reportPage, resultBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

/** An "Other Benchmark Cases" pair: a baseline of 500 requests against an optimized run of `requests`. */
const page = (requests: number) => {
  const side = (title: string, requests: number) =>
    resultBlock({
      engine: null,
      title: `${title} benchmark results`,
      info: 'bash',
      before: '# random 2K input',
      metrics: servingMetrics({ requests, duration: '10.00', input: 1000, generated: 2000, totalRate: '300.00' }),
    });
  return reportPage({ results: ['### Other Benchmark Cases', side('Baseline', 500), side('Optimized', requests)] });
};

/** Relative difference of total input tokens accepted as the same workload (engines' tokenizers differ slightly). */
const INPUT_TOLERANCE = 0.01;

/**
 * Two runs set against each other that did not run the same workload: a conclusion-table row (its Total TPS
 * cells traced to the page's blocks by their printed value) or an "Other Benchmark Cases" baseline/optimized
 * pair whose successful-request counts differ, or whose total input tokens differ by more than 1% (the same
 * dataset re-tokenised by another engine's tokenizer differs by far less).
 */
export const comparedRunsDiffer: Rule = {
  id: 'compared-runs-differ',
  severity: 'error',
  description: 'Runs compared in a conclusion row or an other-case pair differ in successful requests or workload.',
  fix: 'Compare runs of the same workload (same requests and dataset), or say in the row why they differ.',
  formula: 'successful requests equal; |input_a - input_b| / max(input_a, input_b) <= 1%',
  examples: { ok: page(500), notOk: page(100) },
  check({ report, file }) {
    const byId = new Map(report.runs.map((r) => [r.id, r]));
    const done = new Set<string>();
    const compare = (a: Run, b: Run, place: { line: number; column: number }, what: string) => {
      const key = `${a.line}-${b.line}`;
      if (done.has(key)) return;
      done.add(key);
      for (const d of differences(a, b)) {
        emit(
          file,
          'compared-runs-differ',
          'error',
          place,
          `Unexpected comparison in ${what}: ${d.metric} differ (baseline line ${a.line}: ${d.a}, optimized line ${b.line}: ${d.b})`,
          {
            expected: d.a,
            actual: d.b,
            cause: { file: report.path, line: b.line, note: 'optimized run' },
          },
        );
      }
    };
    for (const row of report.conclusion) {
      const a = runByTps(report.runs, row.baseline.text);
      const b = runByTps(report.runs, row.optimized.text);
      if (a && b) compare(a, b, { line: row.line, column: 1 }, `conclusion row \`${row.case}\``);
    }
    for (const c of report.otherCases) {
      const base = c.baseline.map((id) => byId.get(id)).filter(usable);
      const opt = c.optimized.map((id) => byId.get(id)).filter(usable);
      for (let i = 0; i < Math.min(base.length, opt.length); i++) {
        compare(base[i], opt[i], { line: opt[i].line, column: 1 }, `other case \`${c.case}\``);
      }
    }
  },
};

function usable(r: Run | undefined): r is Run {
  return !!r && !r.failed && r.format !== null;
}

/** The one run whose printed Total Token throughput is the cell's `Total TPS` value (identical re-used blocks count once). */
function runByTps(runs: readonly Run[], cell: string): Run | null {
  const m = /Total TPS:\s*([\d.]+)/.exec(cell);
  if (!m) return null;
  const found = runs.filter((r) => usable(r) && r.metrics.total_token_throughput?.text === m[1]);
  return new Set(found.map((r) => r.fingerprint)).size === 1 ? found[0] : null;
}

function differences(a: Run, b: Run): Array<{ metric: string; a: string; b: string }> {
  const out: Array<{ metric: string; a: string; b: string }> = [];
  const na = a.metrics.successful_requests?.value;
  const nb = b.metrics.successful_requests?.value;
  if (na != null && nb != null && na !== nb) out.push({ metric: 'successful requests', a: String(na), b: String(nb) });
  const ia = a.metrics.total_input_tokens?.value;
  const ib = b.metrics.total_input_tokens?.value;
  if (ia != null && ib != null && Math.abs(ia - ib) > INPUT_TOLERANCE * Math.max(ia, ib)) {
    out.push({ metric: 'total input tokens', a: String(ia), b: String(ib) });
  }
  return out;
}
