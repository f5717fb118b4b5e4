import { z } from 'zod';

const count = z.number().int().positive();

/** What a run is to its page: the comparison's two ends, a step tried on the way, or a case compared elsewhere. */
export const runRoleSchema = z.enum([
  /** The run the page compares against (the first engine's default launch, or the baseline column's run). */
  'baseline',
  /** A variant tried on the way. */
  'experiment',
  /** The configuration the page adopts: its launch is the recommended command's. */
  'optimized',
  /** The baseline side of an "Other Benchmark Cases" pair. */
  'other-baseline',
  /** The optimized side of an "Other Benchmark Cases" pair. */
  'other-optimized',
  /** Anything else: a block the page shows but compares with nothing. */
  'reference',
]);

/** Names of the setup's fields, for `evidence`. */
export const setupFieldSchema = z.enum([
  'model',
  'engine',
  'engineVersion',
  'accelerator',
  'acceleratorCount',
  'precision',
  'parallelism',
  'dataset',
  'inputLength',
  'outputLength',
  'maxConcurrency',
  'requestRate',
  'numPrompts',
  'role',
  'flags',
  'status',
]);

/**
 * What one run was, as its page states it: each field read once, when the page is read, from the run's own launch
 * and benchmark commands, its block, its case or profile and the page's setup sections; `null` where the page does
 * not say. `evidence` names the lines each field was read from.
 */
export const runSetupSchema = z.object({
  /**
   * The served model as its launch names it (`Qwen/Qwen3-14B-FP8`); a local path whose last segment is the page's
   * model name, any case (`/workspace/DeepSeek-v3.2` on a DeepSeek-V3.2 page), is the page's model; another local
   * path is its last segment.
   */
  model: z.string().nullable(),
  /** Engine id, lower case: `vllm`, `sglang`, `tensorrt-llm`, `mindie`, `lmdeploy`. */
  engine: z.string().nullable(),
  /** The engine's version as the page gives it, without a leading `v` (`0.11.0`). */
  engineVersion: z.string().nullable(),
  /** Device model, upper case, no vendor (`H100`, `910B`). */
  accelerator: z.string().nullable(),
  /** Devices the run uses: tp x pp x dp (data-parallel attention shares the TP group's devices), or as stated. */
  acceleratorCount: count.nullable(),
  /** Weights' precision (`fp8`, `awq`, `w8a8`), or `native` for a checkpoint served in its own precision. */
  precision: z.string().nullable(),
  /** Parallel sizes; 1 where the shown launch does not set one; null without a launch. `ep` is the expert-parallel size. */
  parallelism: z.object({ tp: count, pp: count, dp: count, ep: count }).nullable(),
  /** Dataset, lower case, as the page names it (`sharegpt`, `random`). */
  dataset: z.string().nullable(),
  /** Requested input tokens per request. */
  inputLength: count.nullable(),
  /** Requested output tokens per request. */
  outputLength: count.nullable(),
  /** The concurrency the run was set to (never an observed maximum). */
  maxConcurrency: count.nullable(),
  /** The request rate it was set to, requests per second; null when unbounded. */
  requestRate: z.number().positive().nullable(),
  /** Requests it was set to send. */
  numPrompts: count.nullable(),
  role: runRoleSchema.nullable(),
  /** Launch options and environment settings that set the run apart from the page's baseline (sorted). */
  flags: z.array(z.string()).nullable(),
  /**
   * The run's verdict from its own output: `ok` (complete), `failed` (no result), `partial` (fewer requests succeeded
   * than it was set to send, or failed, errored or incomplete requests printed). A partial or failed run is never a
   * view's best; whether the page's numbers contradict it is the checks' verdict (`contradicted` in the explorer).
   */
  status: z.enum(['ok', 'failed', 'partial']),
  /** Why a run is `failed` or `partial`, in words, with the line of the count (`516 of 1000 requests succeeded (line 428)`); null when `ok`. */
  statusReason: z.string().nullable(),
  /** Page lines each field was read from. */
  evidence: z.partialRecord(setupFieldSchema, z.array(z.number().int().positive())),
});

export type RunRole = z.output<typeof runRoleSchema>;
export type SetupField = z.output<typeof setupFieldSchema>;
export type RunSetup = z.output<typeof runSetupSchema>;
