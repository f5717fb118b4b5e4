/**
 * `optimized-cell-command` (warning): An optimized cell of the Conclusion restates a run that was served by a command other
 * than the Conclusion's recommended command (the number comes from a configuration the page does not recommend).
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#optimized-cell-command shows them.
 */
import { emit } from '../diagnostics.js';
import { commandDifferences, commandsByLine } from './shared/commands.js';
import { conclusionCommand, conclusionTable, reportPage, resultBlock, scriptBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

/** A Conclusion recommending `--max-num-seqs 256` whose optimized cell restates the run served by `served`. */
const page = (served: string) =>
  reportPage({
    conclusion: [
      conclusionCommand('vllm serve Demo/Demo-8B --max-num-seqs 256'),
      conclusionTable('Total TPS: 100.00', 'Total TPS: 150.00'),
    ],
    results: [
      '### 1. Max Num Seqs',
      scriptBlock({ command: 'vllm serve Demo/Demo-8B', label: 'Default' }),
      resultBlock({
        metrics: servingMetrics({ requests: 10, duration: '10.00', input: 500, generated: 500, totalRate: '100.00' }),
        engine: null,
      }),
      scriptBlock({ command: served, label: 'Tuned' }),
      resultBlock({
        metrics: servingMetrics({ requests: 10, duration: '10.00', input: 500, generated: 1000, totalRate: '150.00' }),
        engine: null,
      }),
    ],
  });

/**
 * Each Conclusion row's optimized numbers are traced to a run (the claims' sources); that run's serving command is
 * held against the recommended command with the comparison of `optimized-command-differs` (model, launcher, flag
 * set; spellings of one flag alike). A difference is a warning, once per row and run: the number is right for its
 * run, but the run is not the configuration the page recommends.
 */
export const optimizedCellCommand: Rule = {
  id: 'optimized-cell-command',
  severity: 'warning',
  description: "An optimized cell of the Conclusion restates a run served by a command other than the Conclusion's recommended command.",
  fix: 'Restate the run of the recommended command in the optimized cell, or recommend the command that produced the number.',
  examples: {
    ok: page('vllm serve Demo/Demo-8B --max-num-seqs=256'),
    notOk: page('vllm serve Demo/Demo-8B --max-num-seqs 128'),
  },
  check({ report, file, scripts }) {
    const recommended = report.recommendedCommand;
    if (!recommended || report.conclusion.length === 0) return;
    const byLine = commandsByLine(scripts);
    for (const row of report.conclusion) {
      const seen = new Set<string>();
      for (const c of report.claims) {
        if (c.kind !== 'cell-value' || c.verdict !== 'verified' || c.line !== row.optimized.line || c.column < row.optimized.column)
          continue;
        const run = report.runs.find((r) => r.id === c.source?.runId);
        if (!run || run.context.commandLine === null || seen.has(run.id)) continue;
        seen.add(run.id);
        const command = byLine.get(run.context.commandLine);
        const diff = command ? commandDifferences(recommended, command) : [];
        if (diff.length === 0) continue;
        emit(
          file,
          'optimized-cell-command',
          'warning',
          c,
          `Unexpected source of the optimized \`${c.text}\` in row \`${row.case}\`: its run (line ${run.line}) was served by a command other than the recommended one: ${diff.join('; ')}`,
          {
            expected: recommended.text,
            actual: command!.text,
            cause: { file: report.path, line: recommended.line, note: 'recommended serving command' },
          },
        );
      }
    }
  },
};
