/**
 * `command-model-mismatch` (error): A serving command launches a model other than the page's model (compared by base name).
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#command-model-mismatch shows them.
 */
import { emit } from '../diagnostics.js';
import { servingCommands } from './shared/commands.js';
import { baseModel, isConcreteModel } from '../model/model-name.js';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { CONTINUE, EXIT, visit } from 'unist-util-visit';
import { pageNodes } from '../model/tree.js';
import { reportPage, scriptBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/** A Qwen3-8B page whose FP8 variant serves `served`. */
const page = (served: string) =>
  reportPage({
    title: 'Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs',
    setup: ['### Model', 'Qwen/Qwen3-8B'],
    results: ['### 2. Quantization in vLLM', scriptBlock({ label: 'FP8', command: `vllm serve ${served}` })],
  });

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
  fix: "Fix the model in the command or the page's model, or paste the runs of the page's own model.",
  examples: { ok: page('Qwen/Qwen3-8B-FP8'), notOk: page('Qwen/Qwen3-32B-FP8') },
  check({ report, file, tree, scripts }) {
    if (!isConcreteModel(report.model)) return;
    const pageBase = baseModel(report.model);
    const served = servingCommands(scripts).filter((c) => isConcreteModel(c.model));
    const wrong = served.filter((c) => baseModel(c.model!) !== pageBase);
    if (wrong.length === 0) return;
    const others = new Set(wrong.map((c) => baseModel(c.model!)));
    if (wrong.length === served.length && served.length > 1 && others.size === 1) {
      const line = modelLine(tree, report.model) ?? report.headings.find((h) => /^model$/i.test(h.text))?.line ?? 1;
      const model = wrong[0].model!;
      emit(
        file,
        'command-model-mismatch',
        'error',
        { line, column: 1 },
        `Unexpected model \`${report.model}\`, expected \`${model}\` as served by all ${served.length} serving commands`,
        {
          expected: model,
          actual: report.model,
          cause: { file: report.path, line: wrong[0].command.line, note: 'first serving command' },
        },
      );
      return;
    }
    for (const c of wrong) {
      emit(
        file,
        'command-model-mismatch',
        'error',
        { line: c.command.line, column: 1 },
        `Unexpected model \`${c.model}\` in serving command, expected \`${report.model}\` (or a variant of it)`,
        {
          expected: report.model!,
          actual: c.model!,
        },
      );
    }
  },
};

/**
 * Line of the model statement: the first line under the first `Model` heading (H2 to H4) that names the model,
 * searched in the blocks up to the next heading (its paragraphs, tables and fences, as the page's walk gathered them).
 */
function modelLine(tree: Root, model: string): number | null {
  const name = model.slice(model.lastIndexOf('/') + 1);
  const { headings, paragraphs, tables, codes } = pageNodes(tree);
  const at = headings.findIndex((h) => h.depth >= 2 && h.depth <= 4 && /^model$/i.test(toString(h).trim()));
  if (at < 0) return null;
  const from = headings[at].position?.end.offset ?? Infinity;
  const to = headings[at + 1]?.position?.start.offset ?? Infinity;
  const offset = (n: Nodes) => n.position?.start.offset ?? -1;
  const blocks = [...paragraphs, ...tables, ...codes.map((c) => c.node)]
    .filter((n) => offset(n) >= from && offset(n) < to)
    .sort((a, b) => offset(a) - offset(b));
  for (const block of blocks) {
    let found: number | null = null;
    visit(block, (node) => {
      if (node.type !== 'text' && node.type !== 'inlineCode' && node.type !== 'code') return CONTINUE;
      const i = node.value.indexOf(name);
      if (i < 0) return CONTINUE;
      // A fence's text starts on the line after its opening fence.
      found = (node.position?.start.line ?? 1) + (node.type === 'code' ? 1 : 0) + (node.value.slice(0, i).split('\n').length - 1);
      return EXIT;
    });
    if (found !== null) return found;
  }
  return null;
}
