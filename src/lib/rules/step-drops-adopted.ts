/**
 * `step-drops-adopted` (warning): A step of the summary chain was measured without what an earlier step adopted: its
 * run's serving command lacks a flag (or the model) that the previous adopted step added to its own reference.
 *
 * Formula and tolerance: for consecutive adopted steps k and k+1 of a two-column summary chain served by one
 * launcher, (flags of step k's run - flags of step k's reference run) must be a subset of the flags of step k+1's
 * run (flags compared as `optimized-command-differs` does), and a model that step k changed must stay.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#step-drops-adopted shows them.
 */
import { emit } from '../diagnostics.js';
import type { Claim } from '../schemas/claim.js';
import { commandsByLine, comparableFlags as flags } from './shared/commands.js';
import { reportPage, resultBlock, scriptBlock, servingMetrics } from './shared/examples.js';
import type { Rule } from './types.js';

/** A row that states the whole chain rather than one step (as the chain's claim kind reads it). */
const TOTAL = /total|overall|cumulative|vs\.? baseline/i;

/** A 10 s run of 500 input tokens whose total throughput is `total` tok/s. */
const run = (total: number) =>
  servingMetrics({ requests: 10, duration: '10.00', input: 500, generated: total * 10 - 500, totalRate: total.toFixed(2) });

/** Baseline, then `--enable-chunked-prefill` adopted (+20.0%), then a step served by `third` (+25.0%). */
const page = (third: string) =>
  reportPage({
    results: [
      '### 1. Choosing the Inference Engine',
      scriptBlock({ command: 'vllm serve Demo/Demo-8B' }),
      resultBlock({ metrics: run(100) }),
      '### 2. Chunked Prefill',
      scriptBlock({ command: 'vllm serve Demo/Demo-8B --enable-chunked-prefill' }),
      resultBlock({ metrics: run(120) }),
      '### 3. Max Num Seqs',
      scriptBlock({ command: third }),
      resultBlock({ metrics: run(150) }),
      '### Summary of Optimization Options',
      '| Optimization Option | Throughput Improvement |\n|---|---|\n| Chunked Prefill | +20.0% |\n| Max Num Seqs | +25.0% |',
    ],
  });

export const stepDropsAdopted: Rule = {
  id: 'step-drops-adopted',
  severity: 'warning',
  description: 'A step of the summary chain was measured without a flag or model that an earlier step adopted.',
  fix: 'Measure the step on top of the configuration adopted so far (keep the earlier steps’ flags and model), or say on the page why the step drops them.',
  examples: {
    ok: page('vllm serve Demo/Demo-8B --enable-chunked-prefill --max-num-seqs 512'),
    notOk: page('vllm serve Demo/Demo-8B --max-num-seqs 512'),
  },
  check({ report, file, scripts }) {
    const byLine = commandsByLine(scripts);
    const byId = new Map(report.runs.map((r) => [r.id, r]));
    const commandOf = (runId: string | undefined) => {
      const line = runId ? byId.get(runId)?.context.commandLine : null;
      return line === null || line === undefined ? null : (byLine.get(line) ?? null);
    };
    const steps = report.summary
      .filter((row) => row.cells.length === 2 && !TOTAL.test(row.cells[0]))
      .map((row) =>
        report.claims.find((c) => c.kind === 'improvement' && c.line === row.line && c.verdict === 'verified' && c.source?.runId),
      )
      .filter((c): c is Claim => !!c);
    for (let k = 0; k + 1 < steps.length; k++) {
      const [prev, next] = [steps[k], steps[k + 1]];
      const adopted = commandOf(prev.source?.runId);
      const before = commandOf(prev.sources[0]?.runId);
      const after = commandOf(next.source?.runId);
      if (!adopted || !before || !after || adopted === after || adopted.tool !== after.tool || adopted.tool !== before.tool) continue;
      const added = [...flags(adopted)].filter((f) => !flags(before).has(f));
      const dropped = added.filter((f) => !flags(after).has(f));
      const model = adopted.model && before.model && adopted.model !== before.model && after.model !== adopted.model ? adopted.model : null;
      if (!dropped.length && !model) continue;
      const what = [...(model ? [`model \`${model}\``] : []), ...dropped.map((f) => `\`${f}\``)].join(', ');
      emit(
        file,
        'step-drops-adopted',
        'warning',
        next,
        `Unexpected step \`${next.text}\`: its run (command at line ${after.line}) drops ${what}, adopted by the step at line ${prev.line}`,
        {
          expected: `the command of line ${after.line} with ${what}`,
          actual: after.text,
          cause: { file: report.path, line: adopted.line, note: 'the adopted step’s command' },
        },
      );
    }
  },
};
