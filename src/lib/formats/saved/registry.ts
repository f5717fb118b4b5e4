/**
 * The saved-result formats. Adding one is a line here and a spec file; the reader (`runs.ts`) only asks this list.
 * A file is read by layout (`.jsonl` by line, `.json` whole, `.txt` by its labelled lines), each object by the first
 * format that recognises it.
 */
import { aiperfJson } from './aiperf.js';
import { genaiPerfJson } from './genai-perf-json.js';
import { guidellmJson } from './guidellm-json.js';
import { llamaBenchJson, llamaBenchJsonl } from './llama-bench-json.js';
import { sglangJsonl } from './sglang-jsonl.js';
import { mlperfSummary } from './mlperf-summary.js';
import type { SavedFormatSpec, SavedLayout } from './spec.js';
import { vllmResult } from './vllm-result.js';

export const SAVED_FORMATS: readonly SavedFormatSpec[] = [
  vllmResult,
  sglangJsonl,
  llamaBenchJson,
  llamaBenchJsonl,
  aiperfJson,
  genaiPerfJson,
  guidellmJson,
  mlperfSummary,
];

/** Member names whose objects and arrays are per-request records in some format: counted by the reader, not held. */
export const SAVED_COUNTED: ReadonlySet<string> = new Set(SAVED_FORMATS.flatMap((f) => f.items?.counted ?? []));

/** The format of an object of a file of a layout, by its keys, or null. */
export function savedFormatOf(layout: SavedLayout, keys: ReadonlySet<string>): SavedFormatSpec | null {
  return SAVED_FORMATS.find((f) => f.layout === layout && f.recognise(keys)) ?? SAVED_FORMATS.find((f) => f.recognise(keys)) ?? null;
}
