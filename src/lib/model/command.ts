import { BENCHMARK_TOOLS } from '../formats/registry.js';
import type { Command } from '../schemas/report.js';

/** Engines and benchmark tools (from the format registry) recognised in commands; first match wins. */
const TOOLS: Array<{ tool: string; engine: string | null; test: RegExp }> = [
  ...BENCHMARK_TOOLS.map((t) => ({ ...t, engine: null })),
  { tool: 'vllm', engine: 'vLLM', test: /\bvllm\s+serve\b|vllm\.entrypoints/ },
  { tool: 'sglang', engine: 'SGLang', test: /\bsglang\.launch_server\b|\bsglang\s+serve\b/ },
  { tool: 'trtllm', engine: 'TensorRT-LLM', test: /\btrtllm-serve\b/ },
  { tool: 'mindie', engine: 'MindIE', test: /\bmindie\b/i },
  { tool: 'lmdeploy', engine: 'LMDeploy', test: /\blmdeploy\s+serve\b/ },
];

/** Engine display name for a tool id (`vllm` -> `vLLM`). */
export function engineOfTool(tool: string | null): string | null {
  return TOOLS.find((t) => t.tool === tool)?.engine ?? null;
}

/** Normalise an engine name as written (`vllm`, `VLLM`, `SGLang`, `TRT-LLM`) to the display name. */
export function canonicalEngine(name: string): string | null {
  const n = name.toLowerCase().replace(/[\s_]/g, '');
  if (n.startsWith('vllm')) return 'vLLM';
  if (n.startsWith('sglang')) return 'SGLang';
  if (n.startsWith('tensorrt') || n.startsWith('trt')) return 'TensorRT-LLM';
  if (n.startsWith('mindie')) return 'MindIE';
  if (n.startsWith('lmdeploy')) return 'LMDeploy';
  return null;
}

/** Positional model argument after these launchers. */
const POSITIONAL = /\b(?:vllm\s+serve|mindie\s+serve|sglang\s+serve|trtllm-serve|lmdeploy\s+serve\s+api_server)\s+([^\s-][^\s]*)/;
/** Flag forms naming the model. */
const MODEL_FLAG = /(?:^|\s)--(?:model|model-path|model_path|served-model-name-unused)(?:=|\s+)([^\s]+)/;

/**
 * Read a shell script: join `\` continuations, drop comments, find the first command line that launches a
 * known tool (or the first command), and split its flags. Lines keep their offsets so `line` is exact.
 */
export function parseCommand(script: string, firstLine: number): Command | null {
  const logical: Array<{ text: string; line: number; lines: string[] }> = [];
  let current: { text: string; line: number; lines: string[] } | null = null;
  script.split('\n').forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    const trimmed = text.trim();
    if (!current) {
      if (trimmed === '' || trimmed.startsWith('#')) return;
      current = { text: '', line: firstLine + i, lines: [] };
    }
    current.lines.push(text);
    const continued = /\\\s*$/.test(text);
    current.text += (current.text ? ' ' : '') + trimmed.replace(/\\\s*$/, '').trim();
    if (!continued) {
      logical.push(current);
      current = null;
    }
  });
  if (current) logical.push(current);
  if (logical.length === 0) return null;
  const chosen = logical.find((l) => TOOLS.some((t) => t.test.test(l.text))) ?? logical[0];
  const text = chosen.text.replace(/\s+/g, ' ').trim();
  const tool = TOOLS.find((t) => t.test.test(text))?.tool ?? null;
  const model = POSITIONAL.exec(text)?.[1] ?? MODEL_FLAG.exec(text)?.[1] ?? null;
  return withWords({ text, written: asWritten(chosen.lines), line: chosen.line, tool, model: model ? unquote(model) : null });
}

/** Every logical command line in a script (continuations joined), each with its own line. */
export function logicalCommands(script: string, firstLine: number): Command[] {
  const lines = script.split('\n');
  const out: Command[] = [];
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (start < 0) {
      if (!t || t.startsWith('#')) continue;
      start = i;
    }
    if (!/\\\s*$/.test(lines[i])) {
      const cmd = parseCommand(lines.slice(start, i + 1).join('\n'), firstLine + start);
      if (cmd) out.push(cmd);
      start = -1;
    }
  }
  if (start >= 0) {
    const cmd = parseCommand(lines.slice(start).join('\n'), firstLine + start);
    if (cmd) out.push(cmd);
  }
  return out;
}

/**
 * Backend parameters (new pages): one flag per line, no launcher. Returns a command with tool `null`.
 */
export function parseParameters(script: string, firstLine: number): Command | null {
  const lines = script
    .split('\n')
    .map(withoutContinuation)
    .filter((l) => l && !l.startsWith('#'));
  if (lines.length === 0) return null;
  const text = lines.join(' ');
  const model = MODEL_FLAG.exec(` ${text}`)?.[1] ?? null;
  return withWords({ text, written: asWritten(script.split('\n')), line: firstLine, tool: null, model: model ? unquote(model) : null });
}

/** Lines of a fence as the author wrote them, for quoting: dedented, without line-end blanks or blank edges. */
function asWritten(lines: readonly string[]): string {
  const kept = lines.map((l) => l.replace(/\r$/, '').trimEnd());
  const indents = kept.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const indent = indents.length > 0 ? Math.min(...indents) : 0;
  return kept
    .map((l) => l.slice(indent))
    .join('\n')
    .trim();
}

/** A command with its words and flags: the one place a command's text is tokenised. */
function withWords(command: Omit<Command, 'words' | 'flags'>): Command {
  const words = shellWords(command.text);
  return { ...command, flags: flagsOf(words), words };
}

/**
 * The shell tokeniser: words as written, blank-separated, where a `'...'`, `"..."` or `{...}` span is one word
 * (quotes and braces kept, no expansion: `${TP}` stays `${TP}`).
 */
function shellWords(text: string): string[] {
  return text.match(/'[^']*'|"[^"]*"|\{[^}]*\}|\S+/g) ?? [];
}

/** Flags with their values (`--tp-size 8`, `-tp 4`, `--kv-cache-dtype=fp8`, `--enable-expert-parallel`). */
function flagsOf(tokens: readonly string[]): string[] {
  const flags: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!/^--?[A-Za-z]/.test(token)) continue;
    // `python3 -m sglang.launch_server`: the module is the launcher, not a flag.
    if (token === '-m' && i === tokens.findIndex((t) => t === '-m')) {
      i++;
      continue;
    }
    const next = tokens[i + 1];
    if (!token.includes('=') && next !== undefined && !/^--?[A-Za-z]/.test(next)) {
      flags.push(`${token} ${next}`);
      i++;
    } else flags.push(token);
  }
  return flags;
}

/**
 * The spellings of the flags that say how a model is split over devices, across engines (vLLM, SGLang,
 * TensorRT-LLM), `-` form only: `_` in a written flag is read as `-`. The first spelling is the canonical name.
 */
export const PARALLEL_FLAGS = {
  tp: ['--tensor-parallel-size', '-tp', '--tp', '--tp-size'],
  pp: ['--pipeline-parallel-size', '-pp', '--pp', '--pp-size'],
  dp: ['--data-parallel-size', '-dp', '--dp', '--dp-size'],
  ep: ['--expert-parallel-size', '-ep', '--ep', '--ep-size', '--moe-ep-size'],
} as const;

/**
 * One option under each engine's name for it, beyond parallelism: the context length (vLLM `--max-model-len`,
 * TensorRT-LLM `--max_seq_len`, SGLang `--context-length`, llama.cpp `--ctx-size`).
 */
const SAME_OPTION: ReadonlyArray<readonly string[]> = [['--max-model-len', '--max-seq-len', '--context-length', '--ctx-size']];

const ALIAS = new Map<string, string>(
  [...Object.values(PARALLEL_FLAGS), ...SAME_OPTION].flatMap((names) => names.map((n) => [n, names[0]] as const)),
);

/** A flag's name for comparison: `_` as `-`, and one name for the spellings of a parallelism flag (`--tp` -> `--tensor-parallel-size`). */
export function canonicalFlag(name: string): string {
  const dashed = name.replace(/_/g, '-');
  return ALIAS.get(dashed) ?? dashed;
}

/** Value of a flag among several spellings (`--tensor-parallel-size`, `-tp`, `--tp-size`, `--tp`; `_` read as `-`). */
export function flagValue(flags: readonly string[], names: readonly string[]): string | null {
  for (const flag of flags) {
    const m = /^(--?[\w-]+)(?:[= ](.*))?$/.exec(flag);
    if (m && names.includes(m[1].replace(/_/g, '-'))) return m[2] ?? '';
  }
  return null;
}

/** Devices a command uses: TP x PP x DP (1 when no parallelism flag). */
export function devicesOf(command: Command): { tp: number; pp: number; dp: number; total: number } {
  const read = (names: readonly string[]) => {
    const v = flagValue(command.flags, names);
    const n = v === null ? 1 : Number.parseInt(v, 10);
    return Number.isFinite(n) && n > 0 ? n : 1;
  };
  const tp = read(PARALLEL_FLAGS.tp);
  const pp = read(PARALLEL_FLAGS.pp);
  const dp = read(PARALLEL_FLAGS.dp);
  return { tp, pp, dp, total: tp * pp * dp };
}

function unquote(s: string): string {
  return s.replace(/^['"]|['"]$/g, '');
}

/** A line without its trailing blanks and one trailing `\\` continuation, trimmed (linear: no regex from each blank). */
function withoutContinuation(line: string): string {
  const t = line.trimEnd();
  return (t.endsWith('\\') ? t.slice(0, -1) : t).trim();
}
