import { z } from 'zod';

/** How bad a finding is. `error` fails `perflab check` and `npm run build` unless acknowledged. */
export const severitySchema = z.enum(['error', 'warning', 'info']);

/** A place in a source file, 1-based like unist points. */
export const placeSchema = z.object({
  /** 1-based line. */
  line: z.number().int().positive(),
  /** 1-based column. */
  column: z.number().int().positive(),
});

/** An inline acknowledgement (`<!-- perflab-ignore rule-id: reason -->`) that accepts one finding. */
export const acknowledgementSchema = z.object({
  /** The reason the author gave; required, never empty. */
  reason: z.string().min(1),
  /** Line of the acknowledging comment. */
  line: z.number().int().positive(),
});

/** One diagnostic, vfile-style: where, which rule, how bad, what was expected and what was found. */
export const messageSchema = z.object({
  /** Path of the file the message is about, as given to the checker. */
  file: z.string(),
  /** 1-based line of the offending text. */
  line: z.number().int().positive(),
  /** 1-based column of the offending text. */
  column: z.number().int().positive(),
  /** Rule id, e.g. `admonition-flattened` or `claim-mismatch`; one file per rule. */
  ruleId: z.string(),
  /** Severity after applying the configuration. */
  severity: severitySchema,
  /** Human sentence: "Unexpected `+10.7%`, expected `+46.8%` from ...". */
  message: z.string(),
  /** What the rule expected, when it compares values. */
  expected: z.string().optional(),
  /** What the rule found, when it compares values. */
  actual: z.string().optional(),
  /** A second place involved (e.g. the raw run line behind a claim). */
  cause: z.object({ file: z.string(), line: z.number().int().positive(), note: z.string().optional() }).optional(),
  /** Set when an inline comment acknowledges this finding; acknowledged errors do not fail the build. */
  acknowledged: acknowledgementSchema.optional(),
});

export type Severity = z.output<typeof severitySchema>;
export type Place = z.output<typeof placeSchema>;
export type Acknowledgement = z.output<typeof acknowledgementSchema>;
export type Message = z.output<typeof messageSchema>;
