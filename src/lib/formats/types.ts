import type { z } from 'zod';
import { runSchema } from '../schemas/run.js';
import type { Draft } from '../diagnostics.js';
import type { Metric, RunFormat, UnknownLine } from '../schemas/run.js';
import type { MetricShape } from './shapes.js';

/** A run as the format parsers see it: the page model adds `id` and `context` later. */
export const runDraftSchema = runSchema.omit({ id: true, context: true });
export type RunDraft = z.output<typeof runDraftSchema>;

/** One fenced code block, as mdast gives it (`code.value`) plus where it sits in the file. */
export interface FenceInput {
  /** Fence content: lines joined with `\n`, the fence's own indentation already removed. */
  value: string;
  /** 1-based file line of the opening fence. */
  fenceLine: number;
  /** 1-based file line of `value`'s first line. */
  contentLine: number;
  /** 1-based file column at which `value`'s lines start (fence indent + 1). */
  column: number;
  /** Info string (`bash`, `{text}`), or null. */
  lang: string | null;
}

export interface FenceOptions {
  /** True where a result is expected (a "benchmark result" admonition): then silence is an error. */
  expectResult: boolean;
}

export interface FenceResult {
  runs: RunDraft[];
  messages: Draft[];
}

/** One line of a fence, located in the original file. */
export interface SourceLine {
  /** The line without its `\r` remnant. */
  text: string;
  /** 1-based file line. */
  line: number;
  /** 1-based file column of `text[0]`. */
  column: number;
}

/** The lines of one result block, from header (or first metric) to closer (or last metric). */
export interface BlockInput {
  lines: readonly SourceLine[];
  /** Each line's metric shape when the splitter already read it (null: not a metric line). */
  shapes?: readonly (MetricShape | null)[];
}

export interface BlockOutput {
  metrics: Record<string, Metric>;
  unknown: UnknownLine[];
  messages: Draft[];
}

/** A line of the run chatter a benchmark tool prints around its result block. */
export type Chatter =
  /** The line that names the run (`Running benchmark <args> with backend: sglang`). */
  | { kind: 'invocation'; args: string }
  /** The tool's parsed arguments (`Namespace(...)`), kept with the invocation. */
  | { kind: 'namespace' }
  /** Progress and setup lines; never a label, never a failure. */
  | { kind: 'noise' };

/** One benchmark output format behind the registry. */
export interface Format {
  id: RunFormat;
  /** Whether the block's lines are this format's output (label set only, never positions). */
  detect(lines: readonly string[]): boolean;
  /** Metrics of one block; unknown lines kept and reported. */
  parse(block: BlockInput): BlockOutput;
  /** Recognise the tool's chatter outside result blocks (trimmed line), or null. */
  chatter?(text: string): Chatter | null;
}
