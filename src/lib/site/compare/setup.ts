// What a run was served with, read from its serving command (or GPUStack backend parameters): devices used,
// parallelism and precision. Nothing is guessed: a fact the command and the page do not state is null.
import { PARALLEL_FLAGS, flagValue } from '../../model/command.js';
import type { Command, Report } from '../../schemas/report.js';
import type { Run } from '../../schemas/run.js';

export interface Setup {
  /** Devices the run used, or null when neither the command nor the page says. */
  gpus: number | null;
  /** Where `gpus` comes from. */
  gpusFrom: 'command' | 'engine default' | 'hardware' | null;
  /** `TP4`, `TP8 EP`, `TP2 PP2`, `TP8 DP-attention`; null when no command is known. */
  parallelism: string | null;
  /** Weight precision (`FP8`, `AWQ`, `default`) plus the KV cache's when set (`default, KV FP8`); null without a command or model. */
  precision: string | null;
}

type Page = Pick<Report, 'hardware' | 'commands'>;

const { tp: TP, pp: PP, dp: DP, ep: EP } = PARALLEL_FLAGS;
const QUANT = ['-q', '--quantization', '--quant'];
const KV = ['--kv-cache-dtype'];
/** Launchers whose default is one device when no parallelism flag is given. */
const ONE_DEVICE_DEFAULT = new Set(['vllm', 'sglang', 'trtllm', 'lmdeploy']);
/** Precision written as a model-name suffix (`Qwen/Qwen3-14B-FP8`, `...-AWQ`). */
const MODEL_PRECISION = /[-_](fp8|fp4|nvfp4|mxfp4|int8|int4|w8a8|w4a16|w4a8|awq|gptq|bf16|fp16)(?:[-_]dynamic)?$/i;

/** The run's serving command, as the page model holds it (every command of a script fence, by its first line). */
export function runCommand(page: Page, run: Run): Command | null {
  const line = run.context.commandLine;
  return line === null ? null : (page.commands.find((c) => c.line === line) ?? null);
}

const count = (flags: readonly string[], names: readonly string[]): number | null => {
  const v = flagValue(flags, names);
  if (v === null) return null;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const has = (flags: readonly string[], name: string) =>
  flags.some((f) => f === name || f.startsWith(`${name}=`) || f.startsWith(`${name} `));

const upper = (v: string) => v.replace(/^['"]|['"]$/g, '').toUpperCase();

export function setupOf(page: Page, run: Run, command: Command | null): Setup {
  const flags = command?.flags ?? [];
  const tp = count(flags, TP);
  const pp = count(flags, PP);
  const dp = count(flags, DP);
  const ep = count(flags, EP);
  const expert = ep !== null || has(flags, '--enable-expert-parallel') || has(flags, '--enable-ep-moe');
  const dpAttention = has(flags, '--enable-dp-attention');
  const stated = tp !== null || pp !== null || dp !== null;
  const launcher = command?.tool !== null && command?.tool !== undefined && ONE_DEVICE_DEFAULT.has(command.tool);

  let gpus: number | null = null;
  let gpusFrom: Setup['gpusFrom'] = null;
  if (stated) {
    gpus = (tp ?? 1) * (pp ?? 1) * (dp ?? 1);
    gpusFrom = 'command';
  } else if (launcher) {
    gpus = 1;
    gpusFrom = 'engine default';
  } else if (page.hardware?.count) {
    gpus = page.hardware.count;
    gpusFrom = 'hardware';
  }

  let parallelism: string | null = null;
  if (stated || launcher) {
    const parts = [`TP${tp ?? 1}`];
    if (pp && pp > 1) parts.push(`PP${pp}`);
    if (dp && dp > 1) parts.push(`DP${dp}`);
    if (expert) parts.push(ep ? `EP${ep}` : 'EP');
    if (dpAttention) parts.push('DP-attention');
    parallelism = parts.join(' ');
  } else if (expert || dpAttention) {
    parallelism = [expert ? 'EP' : null, dpAttention ? 'DP-attention' : null].filter(Boolean).join(' ');
  }

  const model = run.context.model ?? command?.model ?? null;
  const quant = flagValue(flags, QUANT);
  const kv = flagValue(flags, KV);
  // `default` only when the launched model is known (a backend-parameters list alone does not name the checkpoint).
  const weights = quant
    ? upper(quant)
    : model && MODEL_PRECISION.test(model)
      ? upper(MODEL_PRECISION.exec(model)![1])
      : model && command?.tool
        ? 'default'
        : null;
  const kvText = kv && !/^auto$/i.test(kv) ? `KV ${upper(kv)}` : null;
  const precision = weights === null ? kvText : kvText ? `${weights}, ${kvText}` : weights;

  return { gpus, gpusFrom, parallelism, precision };
}

/** `Qwen/Qwen3-14B-FP8` -> `Qwen3-14B`: the model without its organisation and precision suffix. */
export function modelName(id: string): string {
  const name = id.split('/').pop() ?? id;
  return name.replace(MODEL_PRECISION, '') || name;
}

/** `Qwen3-14B` -> `Qwen3`, `gpt-oss-120b` -> `gpt-oss`: the name up to its size; the whole name when it has none. */
export function modelFamily(name: string): string {
  const parts = name.split('-');
  const size = parts.findIndex((p, i) => i > 0 && /^\d+(?:\.\d+)?[bm]$/i.test(p));
  return size > 0 ? parts.slice(0, size).join('-') : name;
}
