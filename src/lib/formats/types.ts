import type { Note } from '../schemas/note.js';
import type { Metric, UnknownLine } from '../schemas/metric.js';
import type { Run } from '../schemas/run.js';
import type { SourceLine } from './line.js';

export type { SourceLine } from './line.js';
import type { MetricShape } from './shapes.js';

/** A run as the format parsers see it: the page model adds `id` and `context` later. */
export type RunDraft = Omit<Run, 'id' | 'context' | 'setup' | 'repeatOf'>;

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
  /** What the parser set aside (a stray label, a cut block, an unknown line): facts, judged by the rules of their ids. */
  notes: Note[];
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
  notes: Note[];
}
