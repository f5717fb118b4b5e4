/**
 * `optimized-command-differs` (error): An optimized-side run was served by a command other than the Conclusion's recommended command.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#optimized-command-differs shows them.
 */
import { emit } from '../diagnostics.js';
import { commandDifferences, commandsByLine } from './shared/commands.js';
import { conclusionCommand, reportPage, resultBlock, scriptBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

/** The Conclusion's command, and an optimized "Other Benchmark Cases" run served by `optimized`. */
const page = (optimized: string) =>
  reportPage({
    conclusion: [conclusionCommand('vllm serve Demo/Demo-8B-FP8 --async-scheduling --max-num-batched-tokens 16384')],
    results: [
      '### Other Benchmark Cases',
      scriptBlock({ command: optimized, header: '??? info "Optimized serving script"' }),
      resultBlock({
        engine: null,
        title: 'Optimized benchmark results',
        info: 'bash',
        before: '# random 2K input',
        metrics: servingMetrics({ requests: 500, duration: '10.00', input: 1000, generated: 2000 }),
      }),
    ],
  });

/**
 * The optimized side of "Other Benchmark Cases" must run the recommended configuration: each optimized run's
 * serving script (or backend parameters) is compared with the Conclusion's "Serving Command" by model (repository
 * name, case-insensitive, owner ignored, quantization suffix significant, when both name one) and by flag set (order, `=` versus space and `_` versus `-` ignored;
 * host, port, names and tool-call plumbing ignored).
 */
export const optimizedCommandDiffers: Rule = {
  id: 'optimized-command-differs',
  severity: 'error',
  description: "An optimized-side run was served by a command other than the Conclusion's recommended command.",
  fix: 'Use the run of the recommended command for the optimized side, or make the recommended command the one that was run.',
  examples: {
    ok: page('vllm serve Demo/Demo-8B-FP8 --max-num-batched-tokens=16384 --async-scheduling'),
    notOk: page('vllm serve Demo/Demo-8B --async-scheduling --max-num-batched-tokens 16384'),
  },
  check({ report, file, scripts }) {
    const recommended = report.recommendedCommand;
    if (!recommended) return;
    const byLine = commandsByLine(scripts);
    const done = new Set<number>();
    for (const run of report.runs) {
      if (run.context.side !== 'optimized' || run.context.commandLine === null || done.has(run.context.commandLine)) continue;
      done.add(run.context.commandLine);
      const command = byLine.get(run.context.commandLine);
      if (!command) continue;
      const diff = commandDifferences(recommended, command);
      if (diff.length === 0) continue;
      emit(
        file,
        'optimized-command-differs',
        'error',
        { line: command.line, column: 1 },
        `Unexpected optimized serving command: ${diff.join('; ')} (recommended command at line ${recommended.line})`,
        {
          expected: recommended.text,
          actual: command.text,
          cause: { file: report.path, line: recommended.line, note: 'recommended serving command' },
        },
      );
    }
  },
};
