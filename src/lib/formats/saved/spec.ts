/**
 * What one saved-result format is, in one typed object, as `FormatSpec` is for console output: how its file is
 * laid out, how an object of it is recognised by its keys, which key is which metric (the ids the console formats
 * use, so that claims, identities and views read a saved run as any other) and which keys state the setup.
 */
import type { JsonNode, JsonValue } from '../../saved/json.js';
import type { FormatId } from '../registry.js';
import type { MetricDef } from '../spec.js';

export type SavedLayout = 'json' | 'jsonl' | 'text';

export type JsonPath = ReadonlyArray<string | number>;

/** A metric a format reads below an object's top level, with the path of its value from the run's object. */
export interface DeepMetric {
  def: MetricDef;
  node: JsonNode & { kind: 'value' };
  path: JsonPath;
}

export interface SavedFormatSpec {
  /** Format id of the file (`vllm-result`), as `perflab check --format json` names it. */
  id: string;
  /** One line on what writes this file. */
  title: string;
  /** The console format whose runs these are (its identities and latency ways hold on them too). */
  console: FormatId;
  /** One JSON value per file, one object per line (JSON Lines), or `Label : value` lines of text. */
  layout: SavedLayout;
  /** Whether an object's keys make it one run of this format (or, with `items`, a file of its runs). */
  recognise(keys: ReadonlySet<string>): boolean;
  /**
   * A file of many runs in one object (guidellm's `benchmarks`): the member whose array holds the runs, whether an
   * item's keys make it one (another item is reported, not read), and the members of the file's object that are
   * per-request records, counted and not held (any object or array under these names, at any depth).
   */
  items?: { member: string; recognise(keys: ReadonlySet<string>): boolean; counted: readonly string[] };
  /** Metrics below the run object's top level (distributions of statistics by request status). */
  read?(run: JsonNode & { kind: 'object' }): DeepMetric[];
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
  /**
   * Setup stated deeper in the object than its top level: the flag (or `model`) and the paths of members to it,
   * the first that holds a value taken (a tool's later versions move a setting); with `items`, a path not found from
   * the run's object is looked for from the file's (settings stated once for every run).
   */
  paths?: Readonly<Record<string, ReadonlyArray<ReadonlyArray<string | number>>>>;
  /** Keys that state the setup, as the flags of the tool's command line that set them (`num_prompts` -> `--num-prompts`). */
  flags: Readonly<Record<string, string>>;
  /** The keys that name the model and the engine (or backend) the run was served by. */
  model: readonly string[];
  backend: readonly string[];
  /** The run's label from its object, or null (`pp512`, `tg128 @ d4096`). */
  label?(values: ReadonlyMap<string, JsonValue>, run: JsonNode & { kind: 'object' }): string | null;
  /** Keys known and not read as metrics or setup (dates, ids, per-request lists). */
  ignored: ReadonlySet<string>;
}

export function defineSavedFormat(spec: SavedFormatSpec): SavedFormatSpec {
  return spec;
}
