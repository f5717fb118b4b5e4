/**
 * `run-diverging-repeat` (warning): The same configuration (serving script, benchmark and workload) is measured twice with throughputs more than 10% apart.
 *
 * Formula and tolerance: |tps_a - tps_b| / max(tps_a, tps_b) <= 10% for runs with the same serving script, benchmark and workload
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#run-diverging-repeat shows them.
 */
import { emit } from '../diagnostics.js';
import type { Script } from '../model/script.js';
import type { Run } from '../schemas/run.js';
import { bashFence, benchmarkLog, releasePage, servingMetrics } from './shared/examples.js';
import { servingConfig } from './shared/run-config.js';
import type { Rule } from './types.js';

/** One run of the page's benchmark: its invocation line and result block. */
const run = (duration: string, throughput: string) => ({
  invocation: '--dataset-name sharegpt --num-prompts 100 with backend: sglang',
  metrics: servingMetrics({ requests: 100, duration, input: 1000, generated: 2000, totalRate: throughput }),
});

/** One serving command measured twice: first at 300.00 tok/s, then as `second` gives (duration, throughput). */
const page = (second: [string, string]) =>
  releasePage(
    'SGLang v0.5.1',
    'Demo-8B',
    bashFence('python3 -m sglang.launch_server --model-path Demo/Demo-8B --tp 1'),
    benchmarkLog([run('10.00', '300.00'), run(...second)]),
  );

/** Relative difference of throughput beyond which two measurements of one configuration disagree. */
const TOLERANCE = 0.1;

/** Throughput metrics compared, the first both runs print. */
const METRICS = ['total_token_throughput', 'output_token_throughput', 'request_throughput'] as const;

/**
 * One configuration measured twice with results that disagree by more than 10%: the same serving script (every
 * command of the fence, its tool, model and flags, `--a=b` read as `--a b`), the same benchmark (the run's
 * invocation, else its profile, else its label; two runs with none of these only when both are experiment runs
 * under the same variant label), and the same printed workload (successful requests and total input tokens).
 * Runs without a serving script that launches an engine on a named model (a backend-parameters list leaves both
 * to the prose) are never compared, nor are identical blocks (see `run-duplicate-block`). Two
 * runs of one configuration that far apart mean one of them is not what the page says it is, or the
 * measurement is too noisy to rank options by.
 */
export const runDivergingRepeat: Rule = {
  id: 'run-diverging-repeat',
  severity: 'warning',
  description: 'The same configuration (serving script, benchmark and workload) is measured twice with throughputs more than 10% apart.',
  fix: 'Check which run used another configuration and correct its script or label; if both are right, re-run and report the spread.',
  formula: '|tps_a - tps_b| / max(tps_a, tps_b) <= 10% for runs with the same serving script, benchmark and workload',
  examples: { ok: page(['10.20', '294.12']), notOk: page(['15.00', '200.00']) },
  check({ report, scripts, file }) {
    const byKey = new Map<string, Run[]>();
    for (const run of report.runs) {
      const key = keyOf(run, scripts);
      if (key === null) continue;
      const before = byKey.get(key) ?? [];
      byKey.set(key, [...before, run]);
      for (const twin of before) {
        if (twin.fingerprint === run.fingerprint) continue;
        const d = divergence(twin, run);
        if (!d) continue;
        emit(
          file,
          'run-diverging-repeat',
          'warning',
          { line: run.line, column: 1 },
          `Unexpected ${d.metric} ${d.b} for the configuration measured at line ${twin.line} with ${d.a} (${(100 * d.rel).toFixed(1)}% apart, over ${100 * TOLERANCE}%)`,
          {
            expected: `${d.metric} within ${100 * TOLERANCE}% of ${d.a}`,
            actual: d.b,
            cause: { file: report.path, line: twin.line, note: 'the same configuration' },
          },
        );
        break;
      }
    }
  },
};

/** What identifies a run's configuration, or null when it is not certain. */
function keyOf(run: Run, scripts: readonly Script[]): string | null {
  if (run.failed || run.format === null || run.context.commandLine === null) return null;
  const requests = run.metrics.successful_requests?.text;
  const input = run.metrics.total_input_tokens?.text;
  if (requests === undefined || input === undefined) return null;
  const serving = servingConfig(run, scripts);
  if (serving === null) return null;
  const invocation = run.invocation?.split('\n')[0].trim().replace(/\s+/g, ' ');
  const bench =
    invocation ||
    run.context.profile ||
    run.label ||
    (run.context.side === null && run.context.variant ? `variant ${run.context.variant}` : null);
  if (!bench) return null;
  return JSON.stringify([serving, bench, requests, input]);
}

function divergence(a: Run, b: Run): { metric: string; a: string; b: string; rel: number } | null {
  for (const name of METRICS) {
    const x = a.metrics[name];
    const y = b.metrics[name];
    if (x?.value == null || y?.value == null) continue;
    const rel = Math.abs(x.value - y.value) / Math.max(x.value, y.value);
    return rel > TOLERANCE ? { metric: name.replace(/_/g, ' '), a: x.text, b: y.text, rel } : null;
  }
  return null;
}
