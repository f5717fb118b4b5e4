import { PARALLEL_FLAGS, canonicalFlag, parseParameters } from '../../model/command.js';
import type { Script } from '../../model/script.js';
import type { Command } from '../../schemas/report.js';
import { isShellInfo } from '../../model/tree.js';

/** Launchers of inference engines (not benchmark clients). */
export const SERVING_TOOLS = new Set(['vllm', 'sglang', 'trtllm', 'mindie', 'lmdeploy']);

/** A serving command of the page, with the script around it. */
export interface PlacedCommand {
  command: Command;
  script: Script;
  /** Model argument, including positional forms the page model does not read (`mindie serve X`). */
  model: string | null;
}

const SERVE_POSITIONAL = /\b(?:serve|api_server)\s+([^\s-][^\s]*)/;

/**
 * Every serving command on the page, in document order: the commands of the page model's shell scripts (its
 * parsed and tokenised fences), never the text read again.
 */
export function servingCommands(scripts: readonly Script[]): PlacedCommand[] {
  const out: PlacedCommand[] = [];
  for (const script of scripts) {
    if (script.parameters || !isShellInfo(script.node)) continue;
    for (const command of script.commands) {
      if (!command.tool || !SERVING_TOOLS.has(command.tool)) continue;
      const model = command.model ?? SERVE_POSITIONAL.exec(command.text)?.[1] ?? null;
      out.push({ command, script, model });
    }
  }
  return out;
}

/** One flag of a command, as the model's shell reader split it. */
export interface Flag {
  /** Name as written (`--tp-size`, `-tp`, `--max_num_seqs`); `''` when the text is not a flag. */
  name: string;
  /** Value (`4`, `'fp8'`), `''` after a bare `=`, null for a switch. */
  value: string | null;
  /** The flag's text (`--kv-cache-dtype=fp8`, `-tp 4`). */
  text: string;
}

/**
 * The flags of a command as name and value, from the flags the model's shell reader split (`--a=b` and `--a b`
 * alike). The one place rules read flags: when the page model carries its commands' tokens, this is the line
 * to switch.
 */
export function flagsOf(command: Pick<Command, 'flags'>): Flag[] {
  return command.flags.map(splitFlag);
}

function splitFlag(flag: string): Flag {
  const text = flag.trim();
  const m = /^(--?[\w-]+)(?:[= ]\s*(.*))?$/.exec(text);
  return m ? { name: m[1], value: m[2] ?? null, text } : { name: '', value: null, text };
}

const unquote = (s: string) => s.replace(/^['"]|['"]$/g, '');
const canonical = (name: string) => name.replace(/_/g, '-');

/** Value of the first flag among several spellings (`_` read as `-`, quotes dropped); `''` for a switch, null when absent. */
export function flag(command: Pick<Command, 'flags'>, names: readonly string[]): string | null {
  const found = flagsOf(command).find((f) => f.name && names.includes(canonical(f.name)));
  return found ? unquote(found.value ?? '') : null;
}

export const TP_FLAGS = PARALLEL_FLAGS.tp;
export const PP_FLAGS = PARALLEL_FLAGS.pp;
export const DP_FLAGS = PARALLEL_FLAGS.dp;
export const EP_FLAGS = PARALLEL_FLAGS.ep;

/** A positive integer flag value, 1 when absent or not a number (`${TP}`). */
export function sizeOf(command: Pick<Command, 'flags'>, names: readonly string[]): number {
  const v = flag(command, names);
  const n = v === null ? Number.NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** Flags normalised for comparison: `--a=b` and `--a b` alike, `_` as `-`, one name per parallelism flag, quotes dropped. */
export function normalFlags(command: Pick<Command, 'flags'>): string[] {
  return flagsOf(command).map((f) =>
    !f.name ? f.text : f.value === null ? canonicalFlag(f.name) : `${canonicalFlag(f.name)}=${unquote(f.value).trim()}`,
  );
}

/**
 * The command of a whole script as the page model records it: its first command that launches a known tool (or
 * its first command); for a fence without a launcher (backend parameters, one flag per line), every line read as
 * flags.
 */
export function scriptCommand(script: Script): Command | null {
  if (script.parameters) return script.commands[0] ?? null;
  const cmd = script.commands.find((c) => c.tool !== null) ?? script.commands[0] ?? null;
  return cmd?.tool ? cmd : (parseParameters(script.node.value, (script.node.position?.start.line ?? 1) + 1) ?? cmd);
}

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

/** Every script fence's command by the line the page model records for it (first command line or fence body). */
export function commandsByLine(scripts: readonly Script[]): Map<number, Command> {
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

/** The flags that change what is measured, normalised (`normalFlags` without addresses, names, plumbing and the model). */
export function comparableFlags(command: Command): Set<string> {
  return new Set(normalFlags(command).filter((f) => !IGNORED.has(f.split('=')[0])));
}

/**
 * What sets `command` apart from `recommended`: another model (repository name, owner ignored, quantization suffix
 * significant), another launcher, flags missing or extra (order, `=` versus space, `_` versus `-` and the spellings
 * of a parallelism flag ignored; host, port, names and tool-call plumbing ignored). Empty when they match.
 */
export function commandDifferences(recommended: Command, command: Command): string[] {
  const out: string[] = [];
  if (recommended.model && command.model && repoName(recommended.model) !== repoName(command.model)) {
    out.push(`model \`${command.model}\` instead of \`${recommended.model}\``);
  }
  if (recommended.tool && command.tool && recommended.tool !== command.tool)
    out.push(`launcher \`${command.tool}\` instead of \`${recommended.tool}\``);
  const want = comparableFlags(recommended);
  const have = comparableFlags(command);
  const missing = [...want].filter((f) => !have.has(f));
  const extra = [...have].filter((f) => !want.has(f));
  if (missing.length) out.push(`missing \`${missing.join(' ')}\``);
  if (extra.length) out.push(`extra \`${extra.join(' ')}\``);
  return out;
}
