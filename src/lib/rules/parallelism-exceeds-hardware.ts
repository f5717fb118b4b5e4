/**
 * `parallelism-exceeds-hardware` (error): A serving command uses more devices (TP x PP x DP) than the stated hardware has.
 *
 * Formula and tolerance: devices = TP x PP x DP (DP = 1 with --enable-dp-attention); error when devices > stated count
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#parallelism-exceeds-hardware shows them.
 */
import { emit } from '../diagnostics.js';
import { parseHardware } from '../model/hardware.js';
import { DP_FLAGS, PP_FLAGS, TP_FLAGS, flag, servingCommands, sizeOf } from './shared/commands.js';
import { reportPage, scriptBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/** Four stated GPUs and a serving script of TP `tp` x PP 2. */
const page = (tp: number) =>
  reportPage({
    title: 'Optimizing Demo-30B Throughput on NVIDIA H100 GPUs',
    setup: ['### Hardware', '4 × NVIDIA H100 SXM GPUs on a single node.'],
    results: ['### 3. Parallelism in vLLM', scriptBlock({ command: `vllm serve Demo/Demo-30B -tp ${tp} -pp 2` })],
  });

/**
 * A serving command whose parallelism needs more devices than the page's hardware states: TP x PP x DP, where
 * DP does not multiply under SGLang's `--enable-dp-attention` (DP attention runs inside the TP group) and
 * expert parallelism never does (it reuses the TP or DP devices). Only a count the page states is used (front
 * matter `gpus`, the Hardware section or the title): a count inferred from the commands would be circular.
 */
export const parallelismExceedsHardware: Rule = {
  id: 'parallelism-exceeds-hardware',
  severity: 'error',
  description: 'A serving command uses more devices (TP x PP x DP) than the stated hardware has.',
  fix: 'Fix the parallelism flags or the stated hardware so TP x PP x DP fits the GPUs.',
  formula: 'devices = TP x PP x DP (DP = 1 with --enable-dp-attention); error when devices > stated count',
  examples: { ok: page(2), notOk: page(4) },
  check({ report, file, scripts }) {
    const count = statedCount(report.frontmatter.gpus, report.hardware?.text ?? '');
    if (count === null) return;
    for (const { command } of servingCommands(scripts)) {
      const tp = sizeOf(command, TP_FLAGS);
      const pp = sizeOf(command, PP_FLAGS);
      const dp = flag(command, ['--enable-dp-attention']) !== null ? 1 : sizeOf(command, DP_FLAGS);
      const total = tp * pp * dp;
      if (total <= count) continue;
      emit(
        file,
        'parallelism-exceeds-hardware',
        'error',
        { line: command.line, column: 1 },
        `Unexpected parallelism TP${tp} x PP${pp} x DP${dp} = ${total} devices, expected at most ${count} from the stated hardware`,
        { expected: `<= ${count}`, actual: String(total) },
      );
    }
  },
};

function statedCount(gpus: unknown, text: string): number | null {
  if (typeof gpus === 'number' && gpus > 0) return gpus;
  return parseHardware(text)?.count ?? null;
}
