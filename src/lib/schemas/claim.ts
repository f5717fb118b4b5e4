import { z } from 'zod';
import { valueSchema } from './value.js';
import { acknowledgementSchema } from './message.js';

/** The kinds of stated numbers perflab checks. */
export const claimKindSchema = z.enum([
  /** A metric value in a conclusion or summary table cell (`Total TPS: 6595.66`, `Mean latency: 1.66s/req`). */
  'cell-value',
  /** A stated improvement (`(+58.1%)`, `(2.7x faster)`, `+4.3%` in a summary-of-options row). */
  'improvement',
  /** A value in a prose ranking (`Result: A (x tok/s) > ...`, `Mean latency per request: ...`). */
  'ranking-value',
  /** A relation symbol in a ranking (`>`, `<`, `=`) between two neighbours. */
  'ranking-order',
  /** A number in a `- Summary:` sentence. */
  'summary-number',
  /** `Throughput improved from X to Y` and per-GPU transitions. */
  'transition',
  /** A percentage or ratio in an essay table or bullet (`Change` column, `+14.8% TPS`). */
  'essay-change',
  /** A success-rate note (`Success rate: 51.6%`). */
  'success-rate',
  /** A number worked out in a plain fence from the expression before it (`128 × 0.171 ≈ 21.92`). */
  'arithmetic',
]);

/**
 * Outcome of checking one stated number, graded by how well it is sourced:
 * - `verified`: every input is printed by a run (or is a stated number the page's runs support), and the
 *   arithmetic reproduces the stated value.
 * - `consistent`: the arithmetic reproduces the stated value from the stated inputs, but at least one input is
 *   unsourced (no run on the page prints it): the number adds up, yet nothing shows where it comes from.
 * - `mismatch`: the inputs are certain (one source, found by the page's content, or the stated inputs
 *   themselves) and the arithmetic does not reproduce the stated value. `rounding` tells a last-digit
 *   difference (`claim-rounding`) from a wrong number (`claim-mismatch`).
 * - `untraceable`: no run reproduces the value and its source is not certain: none found, or several plausible
 *   runs (`candidates`), or a source only guessed by position.
 */
export const verdictSchema = z.enum(['verified', 'consistent', 'mismatch', 'untraceable']);

/** Why a verdict deserves a second look even when the arithmetic holds. */
export const caveatSchema = z.object({
  /**
   * `low-success-rate`: a source run completed fewer requests than were requested (successful < requested);
   * `unequal-workload`: the runs compared by the claim served different request counts or token totals.
   */
  kind: z.enum(['low-success-rate', 'unequal-workload']),
  /** One sentence with the numbers (`run at line 120: 516 of 1000 requests succeeded (51.6%)`). */
  note: z.string(),
  /** 1-based line of the run (or metric) the caveat is about. */
  line: z.number().int().positive(),
});

/** Where the number behind a claim comes from. */
export const claimSourceSchema = z.object({
  /** Path of the file holding the run (the same page, or another page for cross-page matches). */
  path: z.string(),
  /** 1-based line of the metric (or of the run when the value is derived from several metrics). */
  line: z.number().int().positive(),
  /** Canonical metric name, or a derived name such as `mean_request_latency_s`. */
  metric: z.string(),
  /** Anchor id of the run (`run-L84`). */
  runId: z.string(),
  /** A metric of a saved result file the page links to (then `line` is the link's): the file and the value's JSON pointer. */
  saved: z.object({ file: z.string(), pointer: z.string() }).optional(),
});

/** A run that may be behind a claim whose source is not certain, with what points at it. */
export const candidateSchema = z.object({
  source: claimSourceSchema,
  /** What makes it plausible (`row names \`quantization\`, heading \`2. Quantization in SGLang\``, `next experiment in order`). */
  evidence: z.string(),
  /** The value this candidate gives, rounded to the stated precision (null when it gives none). */
  recomputed: valueSchema.nullable(),
});

/** One stated number and its verdict. */
export const claimSchema = z.object({
  /** Stable id within the page, `claim-L<line>-C<column>`. */
  id: z.string(),
  /** 1-based line of the stated number. */
  line: z.number().int().positive(),
  /** 1-based column of the stated number. */
  column: z.number().int().positive(),
  /** 0-based offset of the claim's text in the page source (the renderer marks the text from here to `end`). */
  offset: z.number().int().nonnegative(),
  /** 0-based offset just after the claim's text in the page source. */
  end: z.number().int().nonnegative(),
  kind: claimKindSchema,
  /** The exact text of the number as written (`+58.1%`, `6595.66`, `2.7x faster`, `>`). */
  text: z.string(),
  /** Parsed stated value (percent as a percent, ratio as a ratio); null for relation symbols. */
  stated: valueSchema.nullable(),
  /** The value recomputed from the raw runs, rounded to the stated precision; null when untraceable. */
  recomputed: valueSchema.nullable(),
  verdict: verdictSchema,
  /** The formula used, with its inputs (`(10426.27 / 6595.66 - 1) x 100`). */
  formula: z.string().nullable(),
  /** The tolerance applied (`half-up to 1 decimal; inputs +/- 0.005`). */
  tolerance: z.string().nullable(),
  /** The run and metric behind the number; several when a formula reads several runs. */
  source: claimSourceSchema.nullable(),
  /** Further sources (e.g. the baseline run of an improvement). */
  sources: z.array(claimSourceSchema),
  /** Set when an inline comment acknowledges this claim's finding. */
  acknowledged: acknowledgementSchema.nullable(),
  /**
   * On a `mismatch`: true when the stated value lies within one unit of its last printed digit of what the inputs
   * give (a truncated or mis-rounded value, `claim-rounding`), false for a larger difference (`claim-mismatch`).
   */
  rounding: z.boolean().optional(),
  /** Low success rate of a source run, unequal workloads of compared runs; empty when none. */
  caveats: z.array(caveatSchema).optional(),
  /** On an `untraceable` claim whose source is not certain: the runs that may be behind it, with their evidence. */
  candidates: z.array(candidateSchema).optional(),
  /**
   * Where the site marks the claim, found once when it is checked: the source offset where the mdast text node that
   * holds it starts, and the index of its text in that node's value. Absent when it cannot be marked (the check says
   * why, `site-claim-unplaced`).
   */
  mark: z.object({ node: z.number().int().nonnegative(), index: z.number().int().nonnegative() }).optional(),
});

export type ClaimKind = z.output<typeof claimKindSchema>;
export type Verdict = z.output<typeof verdictSchema>;
export type ClaimSource = z.output<typeof claimSourceSchema>;
export type Caveat = z.output<typeof caveatSchema>;
export type Candidate = z.output<typeof candidateSchema>;
export type Claim = z.output<typeof claimSchema>;
