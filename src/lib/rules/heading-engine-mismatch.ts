/**
 * `heading-engine-mismatch` (error): A heading names one engine over a serving command of another engine.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#heading-engine-mismatch shows them.
 */
import { emit } from '../diagnostics.js';
import { canonicalEngine, engineOfTool } from '../model/command.js';
import { servingCommands } from './shared/commands.js';
import { reportPage, scriptBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/** An SGLang serving script under a heading naming `engine`. */
const page = (engine: string) =>
  reportPage({
    results: [
      `### 2. Quantization in ${engine}`,
      scriptBlock({ label: 'FP8', command: 'python3 -m sglang.launch_server --model-path Demo/Demo-8B-FP8' }),
    ],
  });

const ENGINE_WORD = /\b(vLLM|SGLang|TensorRT-LLM|TRT-LLM|TensorRT|MindIE|LMDeploy)\b/gi;

/**
 * A section heading that names an engine (`### 2. Quantization in SGLang`, `### Optimizing vLLM`) over a
 * serving command that launches another one. The nearest H3 or deeper heading that names any engine decides;
 * a heading naming several (`Quantization in TensorRT-LLM/vLLM`) allows each. Headings naming none
 * (`Choosing the Inference Engine`) are not compared, and neither are H1/H2 (page titles, engine-baseline logs).
 */
export const headingEngineMismatch: Rule = {
  id: 'heading-engine-mismatch',
  severity: 'error',
  description: 'A heading names one engine over a serving command of another engine.',
  fix: 'Make the heading name the engine the command serves, or move the command under the right heading.',
  examples: { ok: page('SGLang'), notOk: page('vLLM') },
  check({ report, file, scripts }) {
    const headings = report.headings;
    for (const { command } of servingCommands(scripts)) {
      const engine = engineOfTool(command.tool);
      if (!engine) continue;
      // Heading chain above the command: the nearest heading of each depth, H3 and deeper.
      const chain: typeof headings = [];
      let depth = 7;
      for (let i = headings.length - 1; i >= 0; i--) {
        const h = headings[i];
        if (h.line > command.line || h.depth >= depth) continue;
        depth = h.depth;
        if (h.depth <= 2) break;
        chain.push(h);
      }
      const naming = chain.find((h) => named(h.text).length > 0);
      if (!naming) continue;
      const engines = named(naming.text);
      if (engines.includes(engine)) continue;
      emit(
        file,
        'heading-engine-mismatch',
        'error',
        { line: command.line, column: 1 },
        `Unexpected ${engine} serving command under heading \`${naming.text}\`, expected ${engines.join(' or ')}`,
        {
          expected: engines.join(' or '),
          actual: engine,
          cause: { file: report.path, line: naming.line, note: 'heading' },
        },
      );
    }
  },
};

function named(text: string): string[] {
  return [...text.matchAll(ENGINE_WORD)].map((m) => canonicalEngine(m[1])).filter((e): e is string => !!e);
}
