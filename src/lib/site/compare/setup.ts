// How the explorer, runs.csv and /engines/ show a run's setup (the page model's `run.setup`): display names and short
// texts. Nothing here reads the page again or works a field out: a field the setup does not state is shown as such.
import { MODEL_PRECISION } from '../../model/setup/launch.js';
import type { RunSetup } from '../../schemas/setup.js';

const ENGINE_NAMES: Record<string, string> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  'tensorrt-llm': 'TensorRT-LLM',
  mindie: 'MindIE',
  lmdeploy: 'LMDeploy',
};

/** `vllm` -> `vLLM`; an engine id without a display name is shown as it is. */
export function engineName(id: string | null): string | null {
  return id === null ? null : (ENGINE_NAMES[id] ?? id);
}

/** `TP4 EP4`, `TP2 PP2`, `TP8 DP8`; null without a launch. */
export function parallelismText(p: RunSetup['parallelism']): string | null {
  if (!p) return null;
  const parts = [`TP${p.tp}`];
  if (p.pp > 1) parts.push(`PP${p.pp}`);
  if (p.dp > 1) parts.push(`DP${p.dp}`);
  if (p.ep > 1) parts.push(`EP${p.ep}`);
  return parts.join(' ');
}

/** `FP8`, `AWQ`, `native`. */
export function precisionText(precision: string | null): string | null {
  return precision === null ? null : precision === 'native' ? 'native' : precision.toUpperCase();
}

/** `ShareGPT`, `random 4000 in / 200 out`. */
export function datasetText(s: Pick<RunSetup, 'dataset' | 'inputLength' | 'outputLength'>): string | null {
  if (!s.dataset) return null;
  const name = s.dataset === 'sharegpt' ? 'ShareGPT' : s.dataset;
  return s.inputLength !== null && s.outputLength !== null ? `${name} ${s.inputLength} in / ${s.outputLength} out` : name;
}

/**
 * The workload a run answers: its dataset and lengths, then the load it was set to when the page states one
 * (`ShareGPT · concurrency 8`, `ShareGPT · 8 req/s`). Runs at concurrency 1 and 8 are not one question: the
 * explorer's question, /engines/ and "compare this setup" read this text.
 */
export function workloadText(
  s: Pick<RunSetup, 'dataset' | 'inputLength' | 'outputLength' | 'maxConcurrency' | 'requestRate'>,
): string | null {
  const data = datasetText(s);
  if (data === null) return null;
  const load = [
    s.maxConcurrency !== null ? `concurrency ${s.maxConcurrency}` : null,
    s.requestRate !== null ? `${s.requestRate} req/s` : null,
  ];
  return [data, ...load.filter(Boolean)].join(' · ');
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
