/**
 * `command-model-mismatch` (error): A serving command launches a model other than the page's model (compared by base name).
 *
 * ok:
 *
 * ````markdown
 * # Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs
 *
 * ## Experimental Setup
 *
 * ### Model
 *
 * Qwen/Qwen3-8B
 *
 * ## Experiment Results
 *
 * ### 2. Quantization in vLLM
 *
 * FP8
 * ??? info "Serving script"
 *     ```bash
 *     vllm serve Qwen/Qwen3-8B-FP8
 *     ```
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs
 *
 * ## Experimental Setup
 *
 * ### Model
 *
 * Qwen/Qwen3-8B
 *
 * ## Experiment Results
 *
 * ### 2. Quantization in vLLM
 *
 * FP8
 * ??? info "Serving script"
 *     ```bash
 *     vllm serve Qwen/Qwen3-32B-FP8
 *     ```
 * ````
 */
import { emit } from '../diagnostics.js';
import { servingCommands } from './shared/commands.js';
import { baseModel, isConcreteModel } from './shared/model-name.js';
import { sourceLines } from './shared/source.js';
import type { Rule } from './types.js';

const page = (served: string) => `# Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs

## Experimental Setup

### Model

Qwen/Qwen3-8B

## Experiment Results

### 2. Quantization in vLLM

FP8
??? info "Serving script"
    \`\`\`bash
    vllm serve ${served}
    \`\`\`
`;

/**
 * Serving commands that launch a different model than the page is about. Quantized and suffixed variants
 * (`-FP8`, `-AWQ`, `-W8A8`, `-Instruct-2507`) and other owners (`vllm-ascend/`) are the same model: names are
 * compared by base name. When every serving command agrees on one other model, the page's own model statement
 * is the odd one out and is reported once, at the `### Model` section.
 */
export const commandModelMismatch: Rule = {
  id: 'command-model-mismatch',
  severity: 'error',
  description: "A serving command launches a model other than the page's model (compared by base name).",
  fix: 'Fix the model in the command or the page\'s model, or paste the runs of the page\'s own model.',
  examples: { ok: page('Qwen/Qwen3-8B-FP8'), notOk: page('Qwen/Qwen3-32B-FP8') },
  check({ report, file, source }) {
    if (!isConcreteModel(report.model)) return;
    const pageBase = baseModel(report.model);
    const served = servingCommands(source).filter((c) => isConcreteModel(c.model));
    const wrong = served.filter((c) => baseModel(c.model!) !== pageBase);
    if (wrong.length === 0) return;
    const others = new Set(wrong.map((c) => baseModel(c.model!)));
    if (wrong.length === served.length && served.length > 1 && others.size === 1) {
      const line = modelLine(source, report.model) ?? report.headings.find((h) => /^model$/i.test(h.text))?.line ?? 1;
      const model = wrong[0].model!;
      emit(file, 'command-model-mismatch', 'error', { line, column: 1 }, `Unexpected model \`${report.model}\`, expected \`${model}\` as served by all ${served.length} serving commands`, {
          expected: model,
          actual: report.model,
          cause: { file: report.path, line: wrong[0].command.line, note: 'first serving command' },
      });
      return;
    }
    for (const c of wrong) {
      emit(file, 'command-model-mismatch', 'error', { line: c.command.line, column: 1 }, `Unexpected model \`${c.model}\` in serving command, expected \`${report.model}\` (or a variant of it)`, {
        expected: report.model!,
        actual: c.model!,
      });
    }
  },
};

/** Line of the model statement: the first line under a `Model` heading that names it. */
function modelLine(source: string, model: string): number | null {
  const lines = sourceLines(source);
  const start = lines.findIndex((l) => /^#{2,4}\s+Model\s*$/i.test(l.trim()));
  if (start < 0) return null;
  const name = model.slice(model.lastIndexOf('/') + 1);
  for (let i = start + 1; i < lines.length && !/^#/.test(lines[i].trim()); i++) if (lines[i].includes(name)) return i + 1;
  return null;
}
