/**
 * What one benchmark output format is, in one typed object. A format module (`formats/<id>.ts`) exports one
 * `FormatSpec`; the registry lists them; the engine (split, block, consistency, latency) only ever asks the
 * registry. Nothing outside the spec file knows a format's labels, lines or formulas.
 */
import type { Interval } from '../numbers/interval.js';
import type { Metric } from '../schemas/metric.js';
import type { SourceLine } from './line.js';
import type { MetricShape } from './shapes.js';

/** A printed label's canonical metric. */
export interface MetricDef {
  /** Canonical name, snake_case, shared across formats (`total_token_throughput`, `mean_ttft_ms`). */
  name: string;
  /** Unit of the value (`s`, `ms`, `tok`, `req`, `req/s`, `tok/s`, or `` for plain counts and text). */
  unit: string;
  /** `text` values (a backend name, a model path) are expected to be non-numeric. */
  kind: 'number' | 'text';
}

/** A line of the chatter a benchmark tool prints around its result blocks. */
export type Chatter =
  /** The line that names the run (`Running benchmark <args> with backend: sglang`). */
  | { kind: 'invocation'; args: string }
  /** The tool's parsed arguments (`Namespace(...)`), kept with the invocation. */
  | { kind: 'namespace' }
  /** Progress, setup and log lines; never a label, never a failure. */
  | { kind: 'noise' };

/** How a result block looks line by line. Each test is on one trimmed line and runs in linear time. */
export interface BlockGrammar {
  /**
   * A banner that opens a block: returns its title (the key that tells a repeated banner from a new section),
   * or null when the line is not one.
   */
  header(text: string): string | null;
  /**
   * The line that closes a block (`=====`), or null for a format without one: its block ends, complete, at the
   * first line that is not its own, and is never reported as truncated.
   */
  closer: RegExp | null;
  /** What the closer looks like, for the message on a block that lacks it. */
  closerText: string;
  /**
   * Structure inside a block (section titles, rules): kept with the block, never read as metrics. When the
   * closer is null, the format's other banners are sections too, once each.
   */
  section(text: string): boolean;
}

/** One cell of a table row: its trimmed text and the 0-based offset of that text in the line. */
export interface TableCell {
  text: string;
  index: number;
}

/**
 * A table the tool prints instead of `Label: value` lines (a boxed console table, a Markdown table). Rows are
 * read into the same metric shapes as labelled lines, each cell pointing at its own line and column.
 */
export interface TableGrammar {
  /** The column names of a header row (the first column included), or null when the line is not one. */
  columns(text: string): readonly string[] | null;
  /**
   * `runs`, for a header that spans several rows: a further header row's columns, joined onto the columns read so
   * far (or replacing them, for a row that starts a new header), or null when the line is not a header row. Tried
   * before `cells`.
   */
  headerRow?(text: string, columns: readonly string[]): readonly string[] | null;
  /** The cells of a body row (the first column included), or null when the line is not a row of this table. */
  cells(text: string): readonly TableCell[] | null;
  /**
   * `statistics`: inside a block, the first cell names a quantity and every other column a statistic of it; each
   * cell is the metric `<row label> <column>` (`Time To First Token (ms) avg`). A row whose other cells are all
   * empty continues the previous row's label and is structure.
   * `runs`: the header row (the format's `block.header`) starts the table outside any block and each body row is
   * a run of its own, each cell the metric its column names; the header's columns stay in force until the fence
   * ends or another header comes, so the tool's log lines between rows are read as usual.
   */
  rows: 'statistics' | 'runs';
  /** `runs`: the columns whose cells, joined by a blank, label the row's run (`model`, `test`). */
  label?: readonly string[];
  /** Cells that hold no value (`N/A` where a statistic does not apply): skipped, never read as a metric. */
  empty?: RegExp;
}

/** Named metrics of one block, as the identities read them. */
export type Metrics = Readonly<Record<string, Metric>>;

/** An internal identity of a block: the stated metric must lie in the interval recomputed from the others. */
export interface Identity {
  /** Canonical metric the identity states. */
  target: string;
  /** The formula in words, for the message. */
  formula: string;
  /** Interval of the recomputed value from the block's printed inputs, or null when an input is missing. */
  compute(metrics: Metrics): Interval | null;
  /** Extra relative tolerance on the stated value (sglang's E2E latency: 0.01%). */
  relative?: number;
}

/** A value derived from several metrics with its interval, the formula and the lines read. */
export interface Derived {
  value: number;
  decimals: number;
  /** Printed text, when the value is printed as such. */
  text?: string;
  interval: Interval;
  formula: string;
  /** Canonical name of the derived quantity. */
  metric: string;
  /** Source lines of the metrics read. */
  lines: number[];
}

/** One way to the mean request latency in seconds: read from a printed metric, or derived from several. */
export type LatencyWay =
  /** A printed metric, divided by `divisor` to get seconds (1 for `s`, 1000 for `ms`, 1e9 for `ns`). */
  | { kind: 'printed'; metric: string; divisor: 1 | 1000 | 1e9 }
  /** A formula over the run's metrics; null when an input is missing. */
  | { kind: 'derived'; derive(run: { metrics: Metrics }): Derived | null };

/** The tool whose output this is, as the page model reads it from a command line. */
export interface FormatTool {
  /** Tool id in the page model (`vllm-bench`, `sglang-bench`). */
  id: string;
  /** Test on one logical command line (continuations joined). */
  command: RegExp;
  /** True when the tool runs the engine in its own process (an offline benchmark): its command launches the engine. */
  inProcess?: boolean;
}

/** One benchmark output format: everything perflab knows about it. */
export interface FormatSpec<Id extends string = string> {
  /** Format id as written to `run.format` and the JSON output. */
  id: Id;
  /** One line on what prints this output. */
  title: string;
  /** The command that produces this output. */
  tool: FormatTool;
  /**
   * Detection: a line only this format prints, tested on every raw line of a block (label set only, never
   * positions). The registry's last format is the fallback and reads any block no other format claims.
   */
  signature: RegExp;
  /** Block header, closer and structure lines. */
  block: BlockGrammar;
  /** Canonical metrics whose line may open a block without its header (the first line the tool prints). */
  openers: readonly string[];
  /** Metrics the tool prints twice in one report, the second a copy (not the start of the next run). */
  restated?: readonly string[];
  /**
   * Printed label -> canonical metric. Lookup ignores case, runs of blanks and a blank before `(`. Labels are
   * listed in printed order; a label the formats share maps to the same metric in each.
   */
  labels: Readonly<Record<string, MetricDef>>;
  /**
   * A line that prints several metrics at once (`Throughput: 89.27 requests/s, 22853.37 total tokens/s`): one
   * metric shape per value (its label one of `labels`), or null when the line is not one. Such a line opens a
   * block of this format and ends any block before it.
   */
  several?(line: SourceLine): MetricShape[] | null;
  /**
   * A metric line in the tool's own shape, where `Label: value` does not fit (`Avg latency: 0.45 seconds`, the
   * value followed by its unit): its shape, labelled by a key of `labels`, or null for any other line. Tried
   * before the generic `Label: value` reading, on every line.
   */
  shape?(line: SourceLine): MetricShape | null;
  /** The table the tool prints its metrics in, when it prints one (read by `split.ts`). */
  table?: TableGrammar;
  /** Labels that follow a pattern (statistics lines such as `P99 TTFT (ms)`), by lookup key. */
  pattern?(key: string): MetricDef | null;
  /** Metrics that may print `inf` (an unthrottled request rate). */
  infinite?: readonly string[];
  /** The tool's chatter outside result blocks (trimmed line), or null. */
  chatter?(text: string): Chatter | null;
  /** Identities that hold on every genuine block of this format (`block-consistency`). */
  identities: readonly Identity[];
  /** Ways to the mean request latency in seconds, in order of preference. */
  requestLatency: readonly LatencyWay[];
}

/** Declare a format, keeping its id literal so that the registry can derive the schema enum. */
export function defineFormat<const Id extends string>(spec: FormatSpec<Id>): FormatSpec<Id> {
  return spec;
}

export const metric = (name: string, unit: string, kind: MetricDef['kind'] = 'number'): MetricDef => ({ name, unit, kind });
