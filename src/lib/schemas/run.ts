import { z } from 'zod';
import { metricSchema, unknownLineSchema } from './metric.js';
import { runSetupSchema } from './setup.js';

export { metricSchema, unknownLineSchema, type Metric, type UnknownLine } from './metric.js';

/**
 * The benchmark output format of a run: an id of the format registry (`formats/registry.ts`), `null` on a failed
 * run without a result. The registry's specs read these schemas (schemas are the lower layer), so the enum of its
 * ids is stated where runs are made (`runDraftSchema`, `formats/index.ts`), not here.
 */
export const runFormatSchema = z.string();

/** Where a run sits on the page; filled by the page-model extraction, not by the format parsers. */
export const runContextSchema = z.object({
  /** Heading texts from H2 down to the nearest heading above the run. */
  headings: z.array(z.string()),
  /** Title of the admonition holding the run (`Benchmark result`, `Optimized benchmark results`). */
  admonition: z.string().nullable(),
  /** Variant label: the plain line before a serving script (classic pages) or the H4 (new pages). */
  variant: z.string().nullable(),
  /** `- Profile:` value or benchmark case name, when the page names one. */
  profile: z.string().nullable(),
  /** Baseline or optimized side in "Other Benchmark Cases", from the admonition title. */
  side: z.enum(['baseline', 'optimized']).nullable(),
  /** Engine that served the run, read from the preceding serving command (`vllm`, `sglang`, ...). */
  engine: z.string().nullable(),
  /** Model served, read from the preceding serving command. */
  model: z.string().nullable(),
  /** Line of the serving command or backend-parameters fence that produced the run. */
  commandLine: z.number().int().positive().nullable(),
});

/** Where a run read from a saved result file comes from: the file, its format and the run's object in it. */
export const savedRefSchema = z.object({
  /** The file's path below the content folder. */
  file: z.string(),
  /** The link as the page writes it. */
  url: z.string(),
  /** Saved-result format id (`vllm-result`, `sglang-jsonl`). */
  format: z.string(),
  /** JSON pointer of the run's object in the file (`''` for the whole file, `/2` for a JSON Lines file's third line). */
  pointer: z.string(),
  /** 1-based line of the run's object in the file. */
  line: z.number().int().positive(),
});

/** One benchmark result block (or failure stub) found in a fence, or one run of a saved result file a page links to. */
export const runSchema = z.object({
  /** Stable anchor id within the page, `run-L<line>`. */
  id: z.string(),
  /** 1-based line where the result block starts (header line, first metric line, or failure stub). */
  line: z.number().int().positive(),
  /** 1-based line of the block's last line (closing `=====`, or last metric line). */
  endLine: z.number().int().positive(),
  /** Output format; `null` for a failed run without a result. */
  format: runFormatSchema.nullable(),
  /** Label from inside the fence (`# BS=4` -> `BS=4`, `1k random input + 2k generation`), or null. */
  label: z.string().nullable(),
  /** Line of the label, when there is one. */
  labelLine: z.number().int().positive().nullable(),
  /** True when a crash or error stub stands where a result should be. */
  failed: z.boolean(),
  /** The error text of a failed run (`RuntimeError: ...`, `Crash. FP8 not supported on A100`). */
  error: z.string().nullable(),
  /** Metrics by canonical name. */
  metrics: z.record(z.string(), metricSchema),
  /** Unknown metric lines, kept and reported. */
  unknown: z.array(unknownLineSchema),
  /** 1-based line of the opening fence that holds the run. */
  fenceLine: z.number().int().positive(),
  /** Extra identity from around the block (sglang `Running benchmark ...` arguments, `Namespace(...)`). */
  invocation: z.string().nullable(),
  /** Hash of the metric names and printed values: equal fingerprints mean the same run shown twice. */
  fingerprint: z.string(),
  /** A run read from a saved result file the page links to (then `line` and `fenceLine` are the link's line). */
  saved: savedRefSchema.optional(),
  /** Position on the page. */
  context: runContextSchema,
  /** What the run was (model, engine, devices, workload, role...), read once when the page is read. */
  setup: runSetupSchema,
  /**
   * The id of an earlier run of the page that printed the same result (same metrics, same values): this block shows
   * that run again (an "Other Benchmark Cases" block repeating an experiment's), so it is one run with two places.
   * Views list the earlier run once; null for a run of its own.
   */
  repeatOf: z.string().nullable(),
});

export type RunFormat = z.output<typeof runFormatSchema>;
export type SavedRef = z.output<typeof savedRefSchema>;
export type RunContext = z.output<typeof runContextSchema>;
export type Run = z.output<typeof runSchema>;
/** A run as the walk finds it, before the page's setup sections are all read. */
export type WalkRun = Omit<Run, 'setup' | 'repeatOf'>;
