/**
 * The saved-result formats. Adding one is a line here and a spec file; the reader (`runs.ts`) only asks this list.
 * A file is read by layout (`.jsonl` by line, `.json` whole), each object by the first format that recognises it.
 */
import { aiperfJson } from './aiperf.js';
import { llamaBenchJson, llamaBenchJsonl } from './llama-bench-json.js';
import { sglangJsonl } from './sglang-jsonl.js';
import type { SavedFormatSpec } from './spec.js';
import { vllmResult } from './vllm-result.js';

export const SAVED_FORMATS: readonly SavedFormatSpec[] = [vllmResult, sglangJsonl, llamaBenchJson, llamaBenchJsonl, aiperfJson];

/** The format of an object of a file of a layout, by its keys, or null. */
export function savedFormatOf(layout: 'json' | 'jsonl', keys: ReadonlySet<string>): SavedFormatSpec | null {
  return SAVED_FORMATS.find((f) => f.layout === layout && f.recognise(keys)) ?? SAVED_FORMATS.find((f) => f.recognise(keys)) ?? null;
}
