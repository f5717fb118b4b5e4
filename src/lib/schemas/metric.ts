import { z } from 'zod';
import { valueSchema } from './value.js';

/** One `Label:  value` line of a result block. */
export const metricSchema = z.object({
  /** Canonical name, snake_case, shared across formats (e.g. `total_token_throughput`, `mean_ttft_ms`). */
  name: z.string(),
  /** The label exactly as printed (`Total Token throughput (tok/s)`). */
  label: z.string(),
  /** Numeric value; `null` for `N/A` or a non-numeric value such as the backend name. `inf` is `Infinity`. */
  value: valueSchema.nullable(),
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
  /**
   * A metric read from a saved result file: the JSON pointer of its value in the file (`/output_throughput`,
   * `/3/mean_ttft_ms` in a JSON Lines file, the line's index first). `line` and `column` are then the page's link.
   */
  pointer: z.string().optional(),
});

/** A metric-like line that no format knows; kept and reported, never dropped. */
export const unknownLineSchema = z.object({
  label: z.string(),
  text: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
});

export type Metric = z.output<typeof metricSchema>;
export type UnknownLine = z.output<typeof unknownLineSchema>;
