import { logicalCommands } from '../../model/extract.js';
import type { Command } from '../../schemas/report.js';
import { fences, isResultFence, isShellFence, type Fence } from './source.js';

/** Launchers of inference engines (not benchmark clients). */
export const SERVING_TOOLS = new Set(['vllm', 'sglang', 'trtllm', 'mindie', 'lmdeploy']);

/** A serving command found in a fence, with the fence around it. */
export interface PlacedCommand {
  command: Command;
  fence: Fence;
  /** Model argument, including positional forms the page model does not read (`mindie serve X`). */
  model: string | null;
}

const SERVE_POSITIONAL = /\b(?:serve|api_server)\s+([^\s-][^\s]*)/;

/** Every serving command on the page, in source order, read from the fences themselves. */
export function servingCommands(source: string): PlacedCommand[] {
  const out: PlacedCommand[] = [];
  for (const fence of fences(source)) {
    if (!isShellFence(fence) || isResultFence(fence)) continue;
    const text = fence.body.map((l) => l.text).join('\n');
    const first = fence.body[0]?.line ?? fence.line + 1;
    for (const command of logicalCommands(text, first)) {
      if (!command.tool || !SERVING_TOOLS.has(command.tool)) continue;
      const model = command.model ?? SERVE_POSITIONAL.exec(command.text)?.[1] ?? null;
      out.push({ command, fence, model });
    }
  }
  return out;
}

/** Value of the first flag among several spellings; `''` for a bare switch, null when absent. */
export function flag(flags: readonly string[], names: readonly string[]): string | null {
  for (const f of flags) {
    const m = /^(--?[\w-]+)(?:[= ]\s*(.*))?$/.exec(f);
    if (m && names.includes(m[1].replace(/_/g, '-'))) return (m[2] ?? '').replace(/^['"]|['"]$/g, '');
  }
  return null;
}

export const TP_FLAGS = ['-tp', '--tp', '--tp-size', '--tensor-parallel-size'];
export const PP_FLAGS = ['-pp', '--pp', '--pp-size', '--pipeline-parallel-size'];
export const DP_FLAGS = ['-dp', '--dp', '--dp-size', '--data-parallel-size'];
export const EP_FLAGS = ['-ep', '--ep', '--ep-size', '--expert-parallel-size', '--moe-ep-size'];

/** A positive integer flag value, 1 when absent or not a number (`${TP}`). */
export function sizeOf(flags: readonly string[], names: readonly string[]): number {
  const v = flag(flags, names);
  const n = v === null ? Number.NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** Flags normalised for comparison: `--a=b` and `--a b` alike, `_` as `-`, quotes dropped. */
export function normalFlag(f: string): string {
  const m = /^(--?[\w-]+)(?:[= ]\s*(.*))?$/.exec(f.trim());
  if (!m) return f.trim();
  const name = m[1].replace(/_/g, '-');
  return m[2] === undefined ? name : `${name}=${m[2].replace(/^['"]|['"]$/g, '').trim()}`;
}
