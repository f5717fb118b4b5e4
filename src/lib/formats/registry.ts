/** The benchmark output formats, most specific first: the first whose `detect` accepts a block parses it. */
import { guidellm } from './guidellm.js';
import { sglang } from './sglang.js';
import { vllm } from './vllm.js';
import type { Chatter, Format } from './types.js';

export const FORMATS: readonly Format[] = [sglang, guidellm, vllm];

/** `Backend:` -> sglang; `Mean Latency(s)` -> guidellm; else vllm (also for a block of unknown lines only). */
export function detectFormat(lines: readonly string[]): Format {
  return FORMATS.find((f) => f.detect(lines)) ?? vllm;
}

/**
 * Every specific format whose signature lines a block prints (the vLLM fallback aside, whose lines all formats
 * share). More than one means the block mixes formats: it is read as the first, and that must be reported.
 */
export function signedFormats(lines: readonly string[]): Format[] {
  return FORMATS.filter((f) => f !== vllm && f.detect(lines));
}

/** What any format makes of a chatter line outside a result block. */
export function chatterOf(text: string): Chatter | null {
  for (const f of FORMATS) {
    const c = f.chatter?.(text);
    if (c) return c;
  }
  return null;
}
