/**
 * `run-incomplete` (warning): A run printed fewer successful requests than its benchmark invocation, profile or command requested.
 *
 * Formula and tolerance: successful requests < requested (`--num-prompts`, `--max-requests`, or the profile total_requests)
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#run-incomplete shows them.
 */
import { emit } from '../diagnostics.js';
import type { Command, Report } from '../schemas/report.js';
import type { Run } from '../schemas/run.js';
import { sameLoad, workloadOfFlags } from '../model/setup/workload.js';
import { benchmarkScript, ENGINE_CHOICE, reportPage, resultBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

/** A run of a benchmark asked for 1000 requests, `successful` of them printed as successful. */
const page = (successful: number) =>
  reportPage({
    setup: [benchmarkScript('vllm bench serve --model Demo/Demo-8B --dataset-name sharegpt --num-prompts 1000')],
    results: [
      ENGINE_CHOICE,
      resultBlock({ metrics: servingMetrics({ requests: successful, duration: '10.00', input: 1000, generated: 2000 }) }),
    ],
  });

/** How many requests a run was asked to make, and where the page says so. */
interface Requested {
  count: number;
  /** Where the number comes from, for the message (`--num-prompts 1000 in the run's invocation`). */
  source: string;
  /** The benchmark command's line, when the number comes from one. */
  line: number | null;
}

/**
 * A run with fewer successful requests than it was asked to make, anywhere on the page (experiments, other
 * cases, engine baselines): its throughput and latencies describe a partial workload. The number requested is
 * taken from what certainly applies to the run: `--num-prompts` in the run's own invocation (`Running benchmark
 * ...` arguments), the `total_requests` of the profile the run names, or, for a run outside the other cases with
 * neither and no workload label (a flag label such as `--attention-backend=triton` is not one), the page's
 * benchmark commands when exactly one of their `--num-prompts` values can have produced the run (a run cannot
 * succeed more often than it was asked). Runs whose request count is unknown are skipped.
 */
export const runIncomplete: Rule = {
  id: 'run-incomplete',
  severity: 'warning',
  description: 'A run printed fewer successful requests than its benchmark invocation, profile or command requested.',
  fix: 'Re-run until every request succeeds, or say on the page why requests failed and do not compare this run with complete ones.',
  formula: 'successful requests < requested (`--num-prompts`, `--max-requests`, or the profile total_requests)',
  examples: { ok: page(1000), notOk: page(516) },
  check({ report, file }) {
    const commands = candidateCommands(report.benchmarkCommands);
    for (const run of report.runs) {
      const successful = run.metrics.successful_requests?.value;
      if (run.failed || successful == null) continue;
      const requested = requestedOf(run, report, commands);
      if (!requested || successful >= requested.count) continue;
      const share = ((100 * successful) / requested.count).toFixed(1);
      emit(
        file,
        'run-incomplete',
        'warning',
        { line: run.line, column: 1 },
        `Unexpected ${successful} successful requests of ${requested.count} requested (${share}%, ${requested.source}): the run describes a partial workload`,
        {
          expected: `${requested.count} successful requests`,
          actual: String(successful),
          ...(requested.line === null ? {} : { cause: { file: report.path, line: requested.line, note: 'benchmark command' } }),
        },
      );
    }
  },
};

const REQUEST_FLAG = /^--(?:num-prompts|num_prompts|max-requests|max_requests)(?:=(.*))?$/;

/** The request count a command's words state (`--num-prompts 1000`, `--max-requests=200`); null for `${N}` or none. */
function countOf(words: readonly string[]): number | null {
  for (let i = 0; i < words.length; i++) {
    const m = REQUEST_FLAG.exec(words[i]);
    if (!m) continue;
    const value = m[1] ?? words[i + 1] ?? '';
    return /^\d+$/.test(value) ? Number.parseInt(value, 10) : null;
  }
  return null;
}

/** The page's benchmark commands that state a literal request count. */
function candidateCommands(commands: readonly Command[]): Array<{ count: number; line: number; command: Command }> {
  return commands.flatMap((c) => {
    const count = countOf(c.words);
    return count === null ? [] : [{ count, line: c.line, command: c }];
  });
}

function requestedOf(run: Run, report: Report, all: ReadonlyArray<{ count: number; line: number; command: Command }>): Requested | null {
  // A command that sets another load than the run printed of itself (`Maximum request concurrency: 8` against
  // `--max-concurrency 100`) is not the command the run was started with.
  const commands = all.filter((c) => sameLoad(run, workloadOfFlags(c.command.flags, c.line)));
  if (run.invocation) {
    const count = countOf(run.invocation.split('\n')[0].trim().split(/\s+/));
    if (count !== null) return { count, source: `\`--num-prompts ${count}\` in the run's invocation`, line: null };
  }
  const profile = run.context.profile;
  if (profile) {
    const data = profileNamed(report, profile);
    if (data) {
      const count = data.total_requests ?? data.max_requests;
      if (typeof count === 'number' && Number.isInteger(count) && count > 0)
        return { count, source: `total_requests ${count} of profile \`${profile}\``, line: null };
    }
    return null;
  }
  // Runs of "Other Benchmark Cases" have their own workloads; the page's benchmark commands describe the main one.
  // A label that is not a flag (`random 32K input`, `BS=1`) names another workload than the page's main one.
  if (run.context.side !== null || (run.label !== null && !run.label.trim().startsWith('-'))) return null;
  const successful = run.metrics.successful_requests!.value!;
  const possible = [...new Set(commands.filter((c) => c.count >= successful).map((c) => c.count))];
  if (possible.length !== 1) return null;
  const line = commands.find((c) => c.count === possible[0])!.line;
  return { count: possible[0], source: `the benchmark command at line ${line}`, line };
}

/** A profile by the name a run gives (`Throughput Profile` names the profile `Throughput`). */
function profileNamed(report: Report, name: string): Record<string, unknown> | null {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\bprofile\b/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const key = Object.keys(report.profiles).find((k) => norm(k) === norm(name));
  return key === undefined ? null : report.profiles[key];
}
