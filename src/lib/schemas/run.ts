import { z } from 'zod';
import { FORMAT_IDS } from '../formats/registry.js';

/** Benchmark output formats perflab reads (the format registry's ids); `null` on a failed run without a result. */
export const runFormatSchema = z.enum(FORMAT_IDS);

/** One `Label:  value` line of a result block. */
export const metricSchema = z.object({
  /** Canonical name, snake_case, shared across formats (e.g. `total_token_throughput`, `mean_ttft_ms`). */
  name: z.string(),
  /** The label exactly as printed (`Total Token throughput (tok/s)`). */
  label: z.string(),
  /** Numeric value; `null` for `N/A` or a non-numeric value such as the backend name. `inf` is `Infinity`. */
  value: z.number().nullable(),
  /** The value token as printed (`1020.76`, `inf`, `N/A`, `sglang`). */
  text: z.string(),
  /** Unit: `s`, `ms`, `tok`, `req`, `req/s`, `tok/s`, or `` for counts without unit and text values. */
  unit: z.string(),
  /** Number of decimals printed (2 for `1020.76`, 0 for `100`); the rounding precision of the value. */
  decimals: z.number().int().nonnegative(),
  /** 1-based source line of the metric. */
  line: z.number().int().positive(),
  /** 1-based column where the value token starts. */
  column: z.number().int().positive(),
});

/** A metric-like line that no format knows; kept and reported, never dropped. */
export const unknownLineSchema = z.object({
  label: z.string(),
  text: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
});

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

/** One benchmark result block (or failure stub) found in a fence. */
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
  /** Position on the page. */
  context: runContextSchema,
});

export type RunFormat = z.output<typeof runFormatSchema>;
export type Metric = z.output<typeof metricSchema>;
export type UnknownLine = z.output<typeof unknownLineSchema>;
export type RunContext = z.output<typeof runContextSchema>;
export type Run = z.output<typeof runSchema>;
