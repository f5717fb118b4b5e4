/**
 * `run-duplicate-block` (warning): The same result block (all metric values equal) is shown twice on one page as two different runs.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#run-duplicate-block shows them.
 */
import { emit } from '../diagnostics.js';
import type { Script } from '../model/script.js';
import type { Run } from '../schemas/run.js';
import { engineChoicePage, resultBlock, scriptBlock, servingMetrics } from './shared/examples.js';
import { servingConfig } from './shared/run-config.js';
import type { Rule } from './types.js';

/** A vLLM run (10.00 s) and an SGLang run of another command, whose block lasts `second` seconds. */
const page = (second: string) => {
  const result = (duration: string) =>
    resultBlock({ metrics: servingMetrics({ requests: 100, duration, input: 1000, generated: 2000 }), engine: null });
  return engineChoicePage(
    scriptBlock({ command: 'vllm serve Demo/Demo-8B', label: 'vLLM' }),
    result('10.00'),
    scriptBlock({ command: 'python3 -m sglang.launch_server --model-path Demo/Demo-8B', label: 'SGLang' }),
    result(second),
  );
};

/** Words that say a block is shown again on purpose (a baseline or reference repeated for comparison). */
const REPEATED = /\b(?:baseline|reference|previous|same as|re-?used|repeated)\b/i;

/**
 * The same result block (every metric name and printed value equal: the run's fingerprint, as
 * `duplicate-block-across-pages` compares them) shown twice on one page as two different runs: two variants or
 * experiments, two other cases, or the baseline and optimized side of one case. Two independent measurements
 * never agree to every printed digit, so one of them was not measured. An experiment run re-used as an
 * "Other Benchmark Cases" block (the engine-selection run as a case's baseline, the last experiment as its
 * optimized run) is the page's own convention and is not reported, nor are two runs of the same serving
 * configuration and benchmark (the same measurement re-used for two points), nor a block whose label says
 * it is a baseline or reference shown again.
 */
export const runDuplicateBlock: Rule = {
  id: 'run-duplicate-block',
  severity: 'warning',
  description: 'The same result block (all metric values equal) is shown twice on one page as two different runs.',
  fix: 'Paste the output of the run this place describes; if the block is meant to be shown again, say so in its label.',
  examples: { ok: page('12.50'), notOk: page('10.00') },
  check({ report, scripts, file }) {
    const seen = new Map<string, Run[]>();
    for (const run of report.runs) {
      if (run.failed || run.format === null || Object.keys(run.metrics).length < 4) continue;
      const before = seen.get(run.fingerprint) ?? [];
      seen.set(run.fingerprint, [...before, run]);
      const twin = before.find((other) => twoRuns(other, run, scripts));
      if (!twin) continue;
      emit(
        file,
        'run-duplicate-block',
        'warning',
        { line: run.line, column: 1 },
        `Unexpected result block identical to the one at line ${twin.line} (${placeOf(twin)}), shown here as ${placeOf(run)}: one of the two runs was not measured`,
        {
          expected: `a block measured for ${placeOf(run)}`,
          actual: `the same metrics as line ${twin.line}`,
          cause: { file: report.path, line: twin.line, note: 'the same block' },
        },
      );
    }
  },
};

/** Whether two identical blocks are presented as two different runs (not a re-use the page's layout implies). */
function twoRuns(a: Run, b: Run, scripts: readonly Script[]): boolean {
  // The same serving configuration shown again (a TP1 point that is the default run): one measurement, re-used.
  const config = servingConfig(a, scripts);
  if (config !== null && config === servingConfig(b, scripts) && benchOf(a) === benchOf(b)) return false;
  if ([a, b].some((r) => REPEATED.test([r.label, r.context.variant].filter(Boolean).join(' ')))) return false;
  // An experiment run shown again as a case's baseline or optimized block.
  if ((a.context.side === null) !== (b.context.side === null)) return false;
  return placeOf(a) !== placeOf(b);
}

/** What a run says it benchmarked: its invocation, label or profile (null for the page's main benchmark). */
function benchOf(run: Run): string | null {
  return run.invocation?.split('\n')[0].trim() || run.label || run.context.profile;
}

/** How the page presents a run: its experiment and variant, or its case and side. */
function placeOf(run: Run): string {
  const c = run.context;
  const heading = c.headings[c.headings.length - 1] ?? 'the page';
  const name = run.label ?? c.variant ?? c.profile;
  const where = name && name !== heading ? `\`${name}\` under \`${heading}\`` : `\`${heading}\``;
  return c.side ? `the ${c.side} run of ${where}` : where;
}
