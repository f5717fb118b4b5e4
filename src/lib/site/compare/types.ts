// The explorer's row: plain data, serialised into the page and read by its script (no schema code ships).

/**
 * One verdict per run, from its setup's status and the page's checks: `failed` (it crashed), `partial` (not every
 * request it sent succeeded: `run.setup.status`, or the page's own success rate), `flagged` (an error on its block or
 * its serving command), `contradicted` (the page states numbers from it that do not match), `verified` (a stated
 * number matches it), `uncited` (no stated number cites it).
 */
export type Verdict = 'verified' | 'contradicted' | 'uncited' | 'flagged' | 'partial' | 'failed';

/** A metric of the run: its value (in `unit`), as printed, and the anchor of the raw line (the run's, when derived). */
export interface RunValue {
  value: number;
  unit: string;
  text: string;
  href: string;
  /** How it was derived from printed values, or null when printed as is. */
  derived: string | null;
}

export interface RunRow {
  /** `qwen3-14b/h100#run-L89`, unique across the site. */
  key: string;
  report: string;
  title: string;
  /** Report page URL. */
  url: string;
  run: string;
  line: number;
  /** The run's raw block on its report page. */
  href: string;
  /** What the page calls this run (variant, label, or case and side). */
  setting: string | null;
  format: string | null;
  failed: boolean;
  error: string | null;
  family: string | null;
  model: string | null;
  gpu: string | null;
  gpus: number | null;
  gpusFrom: 'command' | 'engine default' | 'hardware' | null;
  engine: string | null;
  version: string | null;
  precision: string | null;
  parallelism: string | null;
  /** The workload: dataset and lengths, and the load it was set to when stated (`workloadText`: `ShareGPT · concurrency 8`). */
  dataset: string | null;
  concurrency: number | null;
  /** Request rate it was set to (req/s), when stated. */
  rate: number | null;
  /** Requests asked for (`--num-prompts`, a profile's `total_requests`), when stated. */
  requested: number | null;
  /** What the run is to its page: `baseline`, `experiment`, `optimized`, `other-baseline`, `other-optimized`, `reference`. */
  role: string | null;
  /** Launch options and environment settings that set it apart from the page's baseline. */
  flags: string[];
  /** Successful / requested x 100, when both are known. */
  successRate: number | null;
  verdict: Verdict;
  verdictNote: string;
  values: {
    /** Total token throughput, tok/s. */
    total: RunValue | null;
    /** Output token throughput, tok/s. */
    output: RunValue | null;
    /** Mean time per output token, ms. */
    tpot: RunValue | null;
    /** Mean time to first token, ms. */
    ttft: RunValue | null;
    /** Mean end-to-end request latency, s. */
    e2e: RunValue | null;
  };
}
