// What a run was launched with: its engine, model, devices, parallelism and precision, read from its launch command
// (serving script or backend parameters) and the environment set before it, then from the page's setup sections.
import type { Command, Engine } from '../../schemas/report.js';
import type { RunSetup } from '../../schemas/setup.js';
import { canonicalEngine, flagValue, PARALLEL_FLAGS } from '../command.js';
import type { Script } from '../script.js';
import { type Facts } from './facts.js';

/** Engine ids by the display names `canonicalEngine` gives. */
const ENGINE_IDS: Record<string, string> = {
  vLLM: 'vllm',
  SGLang: 'sglang',
  'TensorRT-LLM': 'tensorrt-llm',
  MindIE: 'mindie',
  LMDeploy: 'lmdeploy',
};

/** `vLLM`, `trtllm`, `TensorRT-LLM` -> `vllm`, `tensorrt-llm`; null for a name that is no known engine. */
export function engineId(name: string | null | undefined): string | null {
  const display = name ? canonicalEngine(name) : null;
  return display ? (ENGINE_IDS[display] ?? display.toLowerCase()) : null;
}

/** Precision written as a model-name suffix (`Qwen/Qwen3-14B-FP8`, `...-AWQ`, `...-W8A8`). */
export const MODEL_PRECISION = /[-_](fp8|fp4|nvfp4|mxfp4|int8|int4|w8a8|w4a16|w4a8|awq|gptq|bf16|fp16)(?:[-_]dynamic)?$/i;
const QUANT = ['-q', '--quantization', '--quant'];
const DTYPE = ['--dtype'];
const DTYPES: Record<string, string> = { bfloat16: 'bf16', bf16: 'bf16', float16: 'fp16', fp16: 'fp16', half: 'fp16', float32: 'fp32' };
/** Environment settings that name the devices a process sees. */
const VISIBLE = /^(?:CUDA|ASCEND_RT|HIP|ROCR)_VISIBLE_DEVICES$/;
const ENV = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

/** A run's launch: the command that served it and the environment settings written before it. */
export interface Launch {
  command: Command;
  /** `NAME=value` settings from `export` lines before the command in its script, and from the command's own prefix. */
  env: Array<{ text: string; line: number }>;
}

const unquote = (s: string) => s.replace(/^(['"])(.*)\1$/, '$2');

/** The launch of a command: the environment its script sets before it (`export A=1`, `A=1 vllm serve`). */
export function launchOf(command: Command, scripts: readonly Script[]): Launch {
  const env: Launch['env'] = [];
  const script = scripts.find((s) => s.commands.includes(command));
  for (const c of script?.commands ?? []) {
    if (c === command || c.line > command.line) break;
    if (c.words[0] !== 'export') continue;
    for (const w of c.words.slice(1)) if (ENV.test(w)) env.push({ text: unquote(w), line: c.line });
  }
  for (const w of command.words) {
    if (!ENV.test(w)) break;
    env.push({ text: unquote(w), line: command.line });
  }
  return { command, env };
}

/** A launch's model argument: the id as written, or a local path's last segment. */
export function launchModel(command: Command): string | null {
  const m = command.model ? unquote(command.model) : null;
  if (!m) return null;
  if (!/^(?:\/|\.{1,2}\/|~)/.test(m)) return m;
  let end = m.length;
  while (end > 1 && m[end - 1] === '/') end--;
  return m.slice(0, end).split('/').pop() ?? m;
}

const size = (flags: readonly string[], names: readonly string[]): number | null => {
  const v = flagValue(flags, names);
  const n = v === null ? NaN : Number.parseInt(unquote(v), 10);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const has = (flags: readonly string[], name: string) =>
  flags.some((f) => {
    const n = f.split(/[= ]/)[0].replace(/_/g, '-');
    return n === name;
  });

/** Parallel sizes and devices of a launch. Data-parallel attention runs inside the TP group: it adds no devices. */
export function parallelOf(launch: Launch): { parallelism: NonNullable<RunSetup['parallelism']>; devices: number; stated: boolean } {
  const flags = launch.command.flags;
  const tp = size(flags, PARALLEL_FLAGS.tp);
  const pp = size(flags, PARALLEL_FLAGS.pp);
  const dp = size(flags, PARALLEL_FLAGS.dp);
  const epSize = size(flags, PARALLEL_FLAGS.ep);
  const expert = has(flags, '--enable-expert-parallel') || has(flags, '--enable-ep-moe');
  const dpAttention = has(flags, '--enable-dp-attention');
  const p = { tp: tp ?? 1, pp: pp ?? 1, dp: dp ?? 1, ep: 1 };
  p.ep = epSize ?? (expert ? p.tp * p.dp : 1);
  const visible = launch.env.find((e) => VISIBLE.test(e.text.split('=')[0]));
  const listed = visible
    ? visible.text
        .split('=')[1]
        .split(',')
        .filter((d) => d.trim() !== '').length
    : 0;
  const stated = tp !== null || pp !== null || dp !== null;
  const devices = stated ? p.tp * p.pp * (dpAttention ? 1 : p.dp) : listed > 0 ? listed : 1;
  return { parallelism: p, devices, stated: stated || listed > 0 };
}

/** Weights' precision of a launch of `model`: a quantization or dtype flag, the checkpoint's suffix, else `native`. */
export function precisionOf(command: Command | null, model: string | null): string | null {
  const quant = command ? flagValue(command.flags, QUANT) : null;
  if (quant) return unquote(quant).toLowerCase();
  const suffix = model ? MODEL_PRECISION.exec(model) : null;
  if (suffix) return suffix[1].toLowerCase();
  const dtype = command ? flagValue(command.flags, DTYPE) : null;
  if (dtype && DTYPES[unquote(dtype).toLowerCase()]) return DTYPES[unquote(dtype).toLowerCase()];
  return model ? 'native' : null;
}

/** The version the page gives for an engine (`- vLLM: v0.11.0`), else a container tag in the launch (`sglang:v0.5.1-cu126`). */
export function versionOf(engine: string, engines: readonly Engine[], command: Command | null, facts: Facts): void {
  const stated = engines.find((e) => engineId(e.name) === engine && e.version);
  if (stated?.version) {
    facts.set('engineVersion', stated.version.replace(/^v/i, ''), stated.line);
    return;
  }
  const tag = command ? /:v?(\d+(?:\.\d+)+[\w.]*?)(?:-cu\d+\w*)?(?:\s|$)/.exec(command.text)?.[1] : undefined;
  if (tag && command) facts.set('engineVersion', tag, command.line);
}
