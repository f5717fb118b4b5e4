/**
 * `script-without-launch` (warning): A serving-script fence holds no command that launches a known engine.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#script-without-launch shows them.
 */
import { emit } from '../diagnostics.js';
import { FORMATS } from '../formats/registry.js';
import type { Command } from '../schemas/report.js';
import { SERVING_TOOLS } from './shared/commands.js';
import { isShellInfo } from '../model/tree.js';
import type { Rule } from './types.js';

const page = (script: string) => `# Optimizing Demo-8B Throughput on NVIDIA H100 GPUs

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Serving script"
    \`\`\`bash
    ${script}
    \`\`\`
`;

/** An admonition that says its fence starts the server (`Serving script`, `Optimized serving script`, `Serving Command`). */
const SERVING = /\bserv(?:ing|e)\b|\blaunch/i;

/** Container and cluster launchers: a command through one of them that names an engine launches it. */
const WRAPPER = /^(?:sudo\s+)?(?:docker|podman|nerdctl|kubectl|helm|apptainer|singularity)\b/;
const ENGINE = /\b(?:vllm|sglang|trtllm|tensorrt[-_]llm|mindie|lmdeploy)\b/i;

/**
 * A shell fence the page presents as a serving script (in an admonition titled `Serving script`, `Baseline
 * serving script`, `Serving Command` ...) in which no command launches a known engine (`vllm serve`,
 * `python3 -m sglang.launch_server`, `trtllm-serve`, MindIE, `lmdeploy serve`, or one of them through `docker
 * run` and the like): the runs it introduces cannot be tied to an engine or its flags. Backend-parameter lists and
 * non-shell fences (a JSON config) are not serving scripts.
 */
export const scriptWithoutLaunch: Rule = {
  id: 'script-without-launch',
  severity: 'warning',
  description: 'A serving-script fence holds no command that launches a known engine.',
  fix: 'Paste the full serving command (`vllm serve ...`, `python3 -m sglang.launch_server ...`, `trtllm-serve ...`), not only its flags or setup steps.',
  examples: { ok: page('vllm serve Demo/Demo-8B --max-num-seqs 256'), notOk: page('export CUDA_VISIBLE_DEVICES=0,1') },
  check({ scripts, file }) {
    for (const script of scripts) {
      if (script.parameters || !script.admonition || !SERVING.test(script.admonition) || !isShellInfo(script.node)) continue;
      if (script.commands.length === 0 || script.commands.some(launches)) continue;
      const line = script.node.position?.start.line ?? 1;
      emit(
        file,
        'script-without-launch',
        'warning',
        { line, column: script.node.position?.start.column ?? 1 },
        `Unexpected ${script.admonition} fence without a launch command: none of its ${script.commands.length} command(s) starts a known engine`,
        {
          expected: 'a command that launches an engine (`vllm serve`, `python3 -m sglang.launch_server`, `trtllm-serve`, ...)',
          actual: `\`${clip(script.commands[0].text)}\``,
        },
      );
    }
  },
};

function launches(command: Command): boolean {
  if (command.tool && SERVING_TOOLS.has(command.tool)) return true;
  // An offline benchmark runs the engine in its own process.
  if (FORMATS.some((f) => f.tool.inProcess && f.tool.id === command.tool)) return true;
  return WRAPPER.test(command.text) && ENGINE.test(command.text);
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
