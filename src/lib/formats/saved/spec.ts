/**
 * What one saved-result format is, in one typed object, as `FormatSpec` is for console output: how its file is
 * laid out, how an object of it is recognised by its keys, which key is which metric (the ids the console formats
 * use, so that claims, identities and views read a saved run as any other) and which keys state the setup.
 */
import type { FormatId } from '../registry.js';
import type { MetricDef } from '../spec.js';

export interface SavedFormatSpec {
  /** Format id of the file (`vllm-result`), as `perflab check --format json` names it. */
  id: string;
  /** One line on what writes this file. */
  title: string;
  /** The console format whose runs these are (its identities and latency ways hold on them too). */
  console: FormatId;
  /** One JSON value per file, or one object per line (JSON Lines). */
  layout: 'json' | 'jsonl';
  /** Whether an object's keys make it one run of this format. */
  recognise(keys: ReadonlySet<string>): boolean;
  /** The key that states the file's schema version, and the versions this reader knows (another is reported). */
  version?: { key: string; known: RegExp };
  /** Key -> canonical metric, for the keys whose names are not a pattern. */
  keys: Readonly<Record<string, MetricDef>>;
  /** Keys that follow a pattern (`p99_ttft_ms`), or null. */
  pattern?(key: string): MetricDef | null;
  /**
   * A key whose value is an object of statistics (`{"unit": "ms", "avg": 92.8, "p99": 380.5}`): its quantity, each
   * statistic a metric (`avg` the mean, `mean_<name>`, or `<name>` itself for a `single` quantity, one value).
   */
  statistics?(key: string): { name: string; unit: string; single?: boolean } | null;
  /** Setup stated deeper in the object than its top level: the flag (or `model`) and the path of members to it. */
  paths?: Readonly<Record<string, ReadonlyArray<string | number>>>;
  /** Keys that state the setup, as the flags of the tool's command line that set them (`num_prompts` -> `--num-prompts`). */
  flags: Readonly<Record<string, string>>;
  /** The keys that name the model and the engine (or backend) the run was served by. */
  model: readonly string[];
  backend: readonly string[];
  /** The run's label from its object, or null (`pp512`, `tg128 @ d4096`). */
  label?(values: ReadonlyMap<string, string | number | boolean | null>): string | null;
  /** Keys known and not read as metrics or setup (dates, ids, per-request lists). */
  ignored: ReadonlySet<string>;
}

export function defineSavedFormat(spec: SavedFormatSpec): SavedFormatSpec {
  return spec;
}
