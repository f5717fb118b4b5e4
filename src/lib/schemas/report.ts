import { z } from 'zod';
import { claimSchema, claimSourceSchema } from './claim.js';
import { messageSchema } from './message.js';
import { runSchema } from './run.js';

const line = z.number().int().positive();

/** A piece of page text with the line it starts on. */
export const textAtSchema = z.object({ text: z.string(), line });

/** An engine and its version from "Engine Version" (`- vLLM: v0.11.0`, `- vLLM v0.17.1`) or a title. */
export const engineSchema = z.object({
  /** Engine name as written (`vLLM`, `SGLang`, `TensorRT-LLM`, `MindIE`). */
  name: z.string(),
  /** Version as written (`v0.11.0`), or null. */
  version: z.string().nullable(),
  line,
});

/** A shell command in a fence (serving command, benchmark command). */
export const commandSchema = z.object({
  /** The command text with line continuations joined. */
  text: z.string(),
  /** The command as the author wrote it in its fence (its own lines, continuations kept, dedented), for quoting. */
  written: z.string(),
  /** 1-based line of the command's first line. */
  line,
  /** Engine launched (`vllm`, `sglang`, `trtllm`, `mindie`) or benchmark tool (`vllm-bench`, `guidellm`). */
  tool: z.string().nullable(),
  /** Model argument (`Qwen/Qwen3-8B`), or null. */
  model: z.string().nullable(),
  /** Flags as written (`--tensor-parallel-size 4`, `--kv-cache-dtype=fp8`), read from `words`. */
  flags: z.array(z.string()),
  /**
   * The command's shell words, tokenised once when the page is read (read these instead of splitting `text`
   * again): blank-separated, a `'...'`, `"..."` or `{...}` span is one word, quotes and braces kept, nothing
   * expanded (`vllm`, `serve`, `Qwen/Qwen3-8B`, `--tensor-parallel-size`, `4`, `--kv-cache-dtype=fp8`).
   */
  words: z.array(z.string()),
});

/** A conclusion-table cell split into its parts; the numbers themselves are claims. */
export const cellSchema = z.object({
  /** Cell text without HTML tags. */
  text: z.string(),
  line,
  column: line,
});

/** A row of the conclusion comparison table. */
export const conclusionRowSchema = z.object({
  /** Benchmark case (`ShareGPT`, `Long Prompt`, `ShareGPT BS=1`, `Rate 8`). */
  case: z.string(),
  line,
  baseline: cellSchema,
  optimized: cellSchema,
});

/** One variant tried within an experiment. */
export const variantSchema = z.object({
  /** Label (`vLLM`, `FP8`, `TP4+EP4`, H4 text on new pages). */
  label: z.string(),
  line,
  /** Engine read from the serving command or the page's engine context. */
  engine: z.string().nullable(),
  /** Model read from the serving command. */
  model: z.string().nullable(),
  /** Serving command or backend-parameters, when given. */
  command: commandSchema.nullable(),
  /** Run ids (`run-L84`) of the variant's result blocks. */
  runs: z.array(z.string()),
});

/** A numbered or unnumbered experiment section under "Experiment Results". */
export const experimentSchema = z.object({
  /** Heading text (`1. Choosing the Inference Engine`). */
  heading: z.string(),
  /** Number from `### N. ...`, null when unnumbered. */
  number: z.number().int().nullable(),
  line,
  /** MkDocs-style anchor of the heading. */
  anchor: z.string(),
  variants: z.array(variantSchema),
});

/** A row of "Summary of Optimization Options" (cells as text; the numbers are claims). */
export const summaryRowSchema = z.object({ cells: z.array(z.string()), line });

/** A case in "Other Benchmark Cases". */
export const otherCaseSchema = z.object({
  /** Case name (`random 128 input`, `Short Prompt`, an H4 text). */
  case: z.string(),
  line,
  /** Run ids of the baseline side. */
  baseline: z.array(z.string()),
  /** Run ids of the optimized side. */
  optimized: z.array(z.string()),
});

export const linkSchema = z.object({ url: z.string(), text: z.string(), line, column: line });
export const imageSchema = z.object({ url: z.string(), alt: z.string(), line, column: line });
export const headingSchema = z.object({
  depth: z.number().int().min(1).max(6),
  text: z.string(),
  /** MkDocs `toc` slug: lowercase, punctuation dropped, spaces to `-`. */
  slug: z.string(),
  line,
});

/** Everything perflab reads from one Markdown page. */
/** A saved result file a page links to: where, what it held and its digest (what tells a cache the file changed). */
export const savedFileSchema = z.object({
  /** The link's target as written, decoded (what the reader is asked for again). */
  link: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  /** The file's path below the content folder. */
  file: z.string(),
  /** sha256 of the file's bytes; `''` for a file that was refused. */
  digest: z.string(),
  /** Saved-result formats of its runs. */
  formats: z.array(z.string()),
  /** Ids of the runs read from it. */
  runs: z.array(z.string()),
});

export const reportSchema = z.object({
  /** Path as given to the checker (relative to the content root in the site). */
  path: z.string(),
  /** URL slug without extension (`qwen3-14b/h100`). */
  slug: z.string(),
  /** Page type: an optimization report, an engine-baseline log, or an essay. */
  kind: z.enum(['report', 'engine-baseline', 'essay']),
  /** H1 text (front matter `title` overrides). */
  title: z.string().nullable(),
  /** Model id (`Qwen/Qwen3-14B`). */
  model: z.string().nullable(),
  /** GPU type and count, from "Hardware", the title and the serving commands. */
  hardware: z
    .object({
      /** Accelerator name (`H100`, `A100`, `910B`). */
      gpu: z.string().nullable(),
      /** Number of devices, when stated or implied by parallelism flags. */
      count: z.number().int().positive().nullable(),
      /** The hardware text as written. */
      text: z.string(),
    })
    .nullable(),
  objective: z.enum(['throughput', 'latency']).nullable(),
  engines: z.array(engineSchema),
  /** Benchmark datasets and profiles (`ShareGPT`, `ShareGPT 8RPS`). */
  datasets: z.array(textAtSchema),
  /** Benchmark commands (`vllm bench serve ...`, `guidellm benchmark ...`). */
  benchmarkCommands: z.array(commandSchema),
  /** The "Serving Command" of the Conclusion. */
  recommendedCommand: commandSchema.nullable(),
  /** Every command the page shows in a script fence (serving commands, benchmark commands, backend parameters), in document order. */
  commands: z.array(commandSchema),
  /** Benchmark profiles (`##### ShareGPT 8RPS` + a YAML fence under a `#### ... Profiles` heading), as parsed, by name. */
  profiles: z.record(z.string(), z.record(z.string(), z.unknown())),
  conclusion: z.array(conclusionRowSchema),
  experiments: z.array(experimentSchema),
  summary: z.array(summaryRowSchema),
  otherCases: z.array(otherCaseSchema),
  runs: z.array(runSchema),
  claims: z.array(claimSchema),
  links: z.array(linkSchema),
  images: z.array(imageSchema),
  /** The saved result files the page links to (read, refused or missing: `digest` is `''` when not read), in link order. */
  savedFiles: z.array(savedFileSchema),
  headings: z.array(headingSchema),
  /** Optional YAML front matter, as parsed. */
  frontmatter: z.record(z.string(), z.unknown()),
  messages: z.array(messageSchema),
});

export type TextAt = z.output<typeof textAtSchema>;
export type Engine = z.output<typeof engineSchema>;
export type Command = z.output<typeof commandSchema>;
export type Cell = z.output<typeof cellSchema>;
export type ConclusionRow = z.output<typeof conclusionRowSchema>;
export type Variant = z.output<typeof variantSchema>;
export type Experiment = z.output<typeof experimentSchema>;
export type SummaryRow = z.output<typeof summaryRowSchema>;
export type OtherCase = z.output<typeof otherCaseSchema>;
export type Link = z.output<typeof linkSchema>;
export type Image = z.output<typeof imageSchema>;
export type Heading = z.output<typeof headingSchema>;
export type Report = z.output<typeof reportSchema>;
export type SavedFile = z.output<typeof savedFileSchema>;

/**
 * A value of a run that a stated number on another page may be a copy of: a printed metric (or the request latency
 * derived from several), as the verification reads it (an operand: the value, how it prints, the raw interval of a
 * derived value), with its formula and where it is on its page (the page's path and the run's id are the view's).
 */
export const viewValueSchema = z.object({
  ...claimSourceSchema.omit({ path: true, runId: true, metric: true }).shape,
  /** The metric the value is of, when it is not the one it is looked up by (a request latency read from another). */
  metric: z.string().optional(),
  value: z.number(),
  decimals: z.number().int().nonnegative(),
  text: z.string().optional(),
  interval: z.object({ lo: z.number(), hi: z.number() }).optional(),
  exact: z.boolean().optional(),
  /** Formula of a derived value (none for a printed metric). */
  formula: z.string().optional(),
});

/** What the other pages' checks read of a run: where it is, whether it failed, its fingerprint, its values. */
export const viewRunSchema = runSchema.pick({ id: true, line: true, failed: true, format: true, fingerprint: true }).extend({
  /** The values a stated number is looked up by on other pages, by metric (none for a failed run). */
  values: z.record(z.string(), viewValueSchema),
});

/**
 * What the checks of one page read of the other pages of a set: their paths, their headings' slugs and texts (a
 * link may name a heading by its MkDocs or its GitHub slug) and their runs' views, and nothing else. A page's findings depend on nothing else of the others (the type says so to every
 * rule), so a page whose own text and whose set's views are unchanged needs no new check. Made by `pageView`
 * (../claims/verify/view.ts) for every check, whole or one page at a time, so both read the same.
 */
export const pageViewSchema = z.object({
  path: z.string(),
  headings: z.array(headingSchema.pick({ slug: true, text: true })),
  runs: z.array(viewRunSchema),
});

export type ViewValue = z.output<typeof viewValueSchema>;
export type ViewRun = z.output<typeof viewRunSchema>;
export type PageView = z.output<typeof pageViewSchema>;
