/**
 * `optimized-command-differs` (error): An optimized-side run was served by a command other than the Conclusion's recommended command.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#optimized-command-differs shows them.
 */
import { emit } from '../diagnostics.js';
import type { Script } from '../model/script.js';
import type { Command } from '../schemas/report.js';
import { normalFlags, scriptCommand } from './shared/commands.js';
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

/** Flags that do not change what is measured (addresses, names, API plumbing); the model is compared on its own. */
const IGNORED = new Set([
  '--host',
  '--port',
  '--served-model-name',
  '--api-key',
  '--trust-remote-code',
  '--tool-call-parser',
  '--enable-auto-tool-choice',
  '--chat-template',
  '--model',
  '--model-path',
]);

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
      const diff = differences(recommended, command);
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

/** Every script fence's command by the line the page model records for it (first command line or fence body). */
function commandsByLine(scripts: readonly Script[]): Map<number, Command> {
  const map = new Map<number, Command>();
  for (const script of scripts) {
    const cmd = scriptCommand(script);
    if (cmd) map.set(cmd.line, cmd);
  }
  return map;
}

/** `zai-org/GLM-4.5-Air-FP8` -> `glm-4.5-air-fp8`: the owner may be omitted, the quantization may not. */
function repoName(model: string): string {
  return model.slice(model.lastIndexOf('/') + 1).toLowerCase();
}

function flagSet(command: Command): Set<string> {
  return new Set(normalFlags(command).filter((f) => !IGNORED.has(f.split('=')[0])));
}

function differences(recommended: Command, command: Command): string[] {
  const out: string[] = [];
  if (recommended.model && command.model && repoName(recommended.model) !== repoName(command.model)) {
    out.push(`model \`${command.model}\` instead of \`${recommended.model}\``);
  }
  if (recommended.tool && command.tool && recommended.tool !== command.tool)
    out.push(`launcher \`${command.tool}\` instead of \`${recommended.tool}\``);
  const want = flagSet(recommended);
  const have = flagSet(command);
  const missing = [...want].filter((f) => !have.has(f));
  const extra = [...have].filter((f) => !want.has(f));
  if (missing.length) out.push(`missing \`${missing.join(' ')}\``);
  if (extra.length) out.push(`extra \`${extra.join(' ')}\``);
  return out;
}
