/**
 * The benchmark output formats, most specific first: the first whose signature a block prints reads it, and the
 * last is the fallback. Adding a format is one line here and one spec file. Everything else (the run drafts'
 * format enum, the label lookup, the splitter's headers and openers, chatter, consistency identities, request
 * latency, the benchmark tools of the page model) is derived from this list.
 */
import { genaiPerf } from './genai-perf.js';
import { guidellm } from './guidellm.js';
import { guidellmConsole } from './guidellm-console.js';
import { llamaBench } from './llama-bench.js';
import { mlperf } from './mlperf.js';
import type { SourceLine } from './line.js';
import { labelKey, metricShape, type MetricShape } from './shapes.js';
import { sglang } from './sglang.js';
import { trtllm } from './trtllm.js';
import type { Chatter, FormatSpec, Identity, MetricDef } from './spec.js';
import { vllm } from './vllm.js';
import { vllmLatency } from './vllm-latency.js';
import { vllmThroughput } from './vllm-throughput.js';

export const FORMATS = [
  sglang,
  guidellm,
  guidellmConsole,
  trtllm,
  genaiPerf,
  llamaBench,
  mlperf,
  vllmThroughput,
  vllmLatency,
  vllm,
] as const;

/** A format id. */
export type FormatId = (typeof FORMATS)[number]['id'];

/** Format ids in registry order, for `z.enum`. */
export const FORMAT_IDS = FORMATS.map((f) => f.id) as [FormatId, ...FormatId[]];

/** A format of the registry. */
export type Format = FormatSpec<FormatId>;

const LIST: readonly Format[] = FORMATS;
const FALLBACK: Format = LIST[LIST.length - 1];
const byId = new Map<string, Format>(LIST.map((f) => [f.id, f]));

/** The spec of a format id, or null for an unknown one. */
export const formatOf = (id: string | null): Format | null => (id === null ? null : (byId.get(id) ?? null));

/** Whether a block's lines print this format's signature. */
export const detects = (format: FormatSpec, lines: readonly string[]): boolean => lines.some((l) => format.signature.test(l));

/** The format of a block's lines: the first that detects them, else the fallback (also for unknown lines only). */
export function detectFormat(lines: readonly string[]): Format {
  return LIST.find((f) => detects(f, lines)) ?? FALLBACK;
}

/**
 * Every specific format whose signature lines a block prints (the fallback aside, whose lines the serving
 * formats share). More than one means the block mixes formats: it is read as the first, and that is reported.
 */
export function signedFormats(lines: readonly string[]): Format[] {
  return LIST.filter((f) => f !== FALLBACK && detects(f, lines));
}

/** What any format makes of a chatter line outside a result block. */
export function chatterOf(text: string): Chatter | null {
  for (const f of FORMATS) {
    const c = f.chatter?.(text);
    if (c) return c;
  }
  return null;
}

/** The format whose banner a line is, with the banner's title; null when none. */
export function headerOf(text: string): { format: Format; title: string } | null {
  for (const f of FORMATS) {
    const title = f.block.header(text);
    if (title !== null) return { format: f, title };
  }
  return null;
}

/** The format that prints several metrics on this line, with their shapes; null when none does. */
export function severalOf(line: SourceLine): { format: Format; shapes: MetricShape[] } | null {
  for (const f of LIST) {
    const shapes = f.several?.(line);
    if (shapes && shapes.length > 0) return { format: f, shapes };
  }
  return null;
}

/** A metric line's shape: in some format's own shape when one reads it, else as `Label: value`; null otherwise. */
export function shapeOf(line: SourceLine): MetricShape | null {
  for (const f of LIST) {
    const shape = f.shape?.(line);
    if (shape) return shape;
  }
  return metricShape(line);
}

/** The format whose headerless block a metric opens, or null. */
export function openerOf(name: string): Format | null {
  return LIST.find((f) => f.openers.includes(name)) ?? null;
}

// One lookup table over every format's labels; a label the formats share maps to one metric (a test checks).
const byKey = new Map<string, MetricDef>();
for (const f of FORMATS) {
  for (const [label, def] of Object.entries(f.labels)) if (!byKey.has(labelKey(label))) byKey.set(labelKey(label), def);
}

/** The canonical metric of a label's lookup key in any format, or null. */
export function metricOfKey(key: string): MetricDef | null {
  const known = byKey.get(key);
  if (known) return known;
  for (const f of FORMATS) {
    const found = f.pattern?.(key);
    if (found) return found;
  }
  return null;
}

const INFINITE = new Set(FORMATS.flatMap((f) => f.infinite ?? []));

/** Whether a metric may print `inf` in some format (an unthrottled request rate). */
export const mayBeInfinite = (name: string): boolean => INFINITE.has(name);

/** Consistency identities of a format (none for an unknown or null format). */
export const identitiesOf = (id: string | null): readonly Identity[] => formatOf(id)?.identities ?? [];

/** The tools that print a benchmark format, for the page model's command reader. */
export const BENCHMARK_TOOLS: ReadonlyArray<{ tool: string; test: RegExp }> = LIST.map((f) => ({
  tool: f.tool.id,
  test: f.tool.command,
}));

/** True for a line that opens a result block of some format: its banner, or a metric line that opens one. */
export function isResultLine(text: string): boolean {
  if (headerOf(text)) return true;
  const colon = text.indexOf(':');
  if (colon <= 0) return false;
  const found = metricOfKey(labelKey(text.slice(0, colon)));
  return found !== null && openerOf(found.name) !== null;
}
