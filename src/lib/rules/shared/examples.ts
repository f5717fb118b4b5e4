/**
 * Builders of the example pages of the rules (`Rule.examples`): the tests check these pages and docs/rules.md shows
 * them in full, so each piece of page text (a result block, a report's skeleton) is written once, here.
 */

/** One metric line of a result block: its name without the colon, and its value as printed. */
export type Metric = readonly [name: string, value: string];

/** The banner line that opens a serving benchmark's result block. */
const BANNER = '============ Serving Benchmark Result ============';
/** The rule line that closes it. */
const CLOSE = '='.repeat(50);
/** Where the benchmark prints a metric's value: the column after the name and its padding. */
const VALUE_COLUMN = 41;

/** The metric lines a vLLM or SGLang serving benchmark prints first, in its order (the rates only when given). */
export function servingMetrics(run: {
  requests: number;
  duration: string;
  input: number;
  generated: number;
  requestRate?: string;
  outputRate?: string;
  totalRate?: string;
}): Metric[] {
  const metrics: Metric[] = [
    ['Successful requests', String(run.requests)],
    ['Benchmark duration (s)', run.duration],
    ['Total input tokens', String(run.input)],
    ['Total generated tokens', String(run.generated)],
  ];
  if (run.requestRate !== undefined) metrics.push(['Request throughput (req/s)', run.requestRate]);
  if (run.outputRate !== undefined) metrics.push(['Output token throughput (tok/s)', run.outputRate]);
  if (run.totalRate !== undefined) metrics.push(['Total Token throughput (tok/s)', run.totalRate]);
  return metrics;
}

/**
 * A run of 1000 requests over 64 s, its output rate as given (2812.50 follows from its counts and duration): the
 * run `docs/saved/vllm-result.json` saves, for the examples that check a block against its identities or its file.
 */
export const demoRun = (outputRate: string): Metric[] =>
  servingMetrics({
    requests: 1000,
    duration: '64.00',
    input: 200000,
    generated: 180000,
    requestRate: '15.62',
    outputRate,
    totalRate: '5937.50',
  });

/** The run most single-block examples print: 1000 requests over 64 s on one engine. */
export const H100_RUN = servingMetrics({ requests: 1000, duration: '64.00', input: 200000, generated: 180000, requestRate: '15.62' });

/** A small run whose rates are round: 10 requests, 500 tokens in and out, over 10 s. */
export const SMALL_RUN = servingMetrics({
  requests: 10,
  duration: '10.00',
  input: 500,
  generated: 500,
  requestRate: '1.00',
  outputRate: '50.00',
  totalRate: '100.00',
});

/** How a result block is printed: the lines around it in the same fence, and whether its banner and closing rule are there. */
interface BlockLines {
  /** A line above the block (a label, the benchmark's `Running benchmark ...` invocation line). */
  before?: string;
  /** A line below the block. */
  after?: string;
  /** `false` leaves the banner out, as in a paste that starts on the first metric line. */
  banner?: boolean;
  /** `false` leaves the closing rule out, as in a cut paste. */
  close?: boolean;
}

/** The lines of a result block as the benchmark prints them: banner, metric lines, closing rule (see `BlockLines`). */
function resultLines(metrics: readonly Metric[], options: BlockLines = {}): string[] {
  return [
    ...(options.before === undefined ? [] : [options.before]),
    ...(options.banner === false ? [] : [BANNER]),
    ...metrics.map(([name, value]) => `${`${name}:`.padEnd(VALUE_COLUMN)}${value}`),
    ...(options.close === false ? [] : [CLOSE]),
    ...(options.after === undefined ? [] : [options.after]),
  ];
}

/** A fenced code block (` ``` ` with an info string) around lines. */
function fence(lines: readonly string[], info = ''): string {
  return ['```' + info, ...lines, '```'].join('\n');
}

/**
 * Runs printed one after another in one bare fence (`{text}` by default), as the release pages paste a benchmark's
 * log: each run is its `Running benchmark <invocation>` line and its result block, runs separated by a blank line.
 */
export function benchmarkLog(runs: ReadonlyArray<{ invocation: string; metrics: readonly Metric[] }>, info = '{text}'): string {
  const lines = runs.map((run) => resultLines(run.metrics, { before: `Running benchmark ${run.invocation}` }));
  return fence(
    lines.flatMap((run, i) => (i === 0 ? run : ['', ...run])),
    info,
  );
}

/** A shell command in a bare bash fence, as the release pages show a serving command. */
export const bashFence = (command: string) => fence(command.split('\n'), 'bash');

/** The report's "Benchmark Script" subsection: the benchmark command in a bare bash fence. */
export const benchmarkScript = (command: string) => `### Benchmark Script\n\n${bashFence(command)}`;

/** A release page (`# SGLang v0.5.1`) with one model's section and its blocks. */
export const releasePage = (release: string, model: string, ...blocks: string[]) => page(`# ${release}`, `## ${model}`, ...blocks);

/** An MkDocs admonition: its header line (`??? info "Benchmark result"`) and its body indented four columns. */
function admonition(header: string, body: string): string {
  return [header, ...body.split('\n').map((line) => (line === '' ? '' : `    ${line}`))].join('\n');
}

/** An optional label line (an engine, a variant such as `TP4`) above a block, as the reports put it. */
const labelled = (label: string | undefined, block: string) => (label === undefined ? block : `${label}\n${block}`);

/** Where a benchmark's output stands on the page: the engine's label line (`vLLM` by default; `null` for none), the admonition's title, the fence's info string. */
interface BlockPlace {
  engine?: string | null;
  title?: string;
  info?: string;
}

/** Lines of a benchmark's output in a fence, in a collapsed "Benchmark result" admonition, the way the reports show a run. */
export function benchmarkOutput(lines: readonly string[], place: BlockPlace = {}): string {
  const header = `??? info "${place.title ?? 'Benchmark result'}"`;
  return labelled(place.engine === null ? undefined : (place.engine ?? 'vLLM'), admonition(header, fence(lines, place.info)));
}

/** A result block (`resultLines`) shown as a run (`benchmarkOutput`). */
export function resultBlock(options: BlockPlace & BlockLines & { metrics: readonly Metric[] }): string {
  return benchmarkOutput(resultLines(options.metrics, options), options);
}

/** A serving command in a bash fence, in a collapsed "Serving script" admonition (or the header given), under an optional label. */
export function scriptBlock(options: { command: string; label?: string; header?: string }): string {
  return labelled(options.label, admonition(options.header ?? '??? info "Serving script"', bashFence(options.command)));
}

/** The Conclusion's recommended serving command, as the reports show it. */
export const conclusionCommand = (command: string) => scriptBlock({ command, header: '???+ tip "Serving Command"' });

/** The heading of the reports' first experiment, where the single-run examples put their runs. */
export const ENGINE_CHOICE = '### 1. Choosing the Inference Engine';

/** The title most examples give their page. */
const DEMO_TITLE = 'Optimizing Demo-8B Throughput on NVIDIA H100 GPUs';

/**
 * A report page in the family's skeleton: the title, then the sections given, in the reports' order (Conclusion,
 * Experimental Setup, Experiment Results); each section's blocks are separated by a blank line.
 */
export function reportPage(options: {
  title?: string;
  conclusion?: readonly string[];
  setup?: readonly string[];
  results?: readonly string[];
}): string {
  const blocks = [`# ${options.title ?? DEMO_TITLE}`];
  if (options.conclusion) blocks.push('## Conclusion', ...options.conclusion);
  if (options.setup) blocks.push('## Experimental Setup', ...options.setup);
  if (options.results) blocks.push('## Experiment Results', ...options.results);
  return page(...blocks);
}

/** A page of blocks separated by blank lines, ending in a newline. */
export function page(...blocks: string[]): string {
  return `${blocks.join('\n\n')}\n`;
}

/** A report page whose results are the given blocks under the engine-choice step, as a single-run example needs. */
export const engineChoicePage = (...blocks: string[]) => reportPage({ results: [ENGINE_CHOICE, ...blocks] });

/**
 * The claim examples' page: a Conclusion row comparing a vLLM baseline (100.00 tok/s total) with an SGLang run
 * (150.00 tok/s total over 10.00 s unless `sglangRun` gives another duration and rates), stated as `optimized`, over
 * the two runs.
 */
export function claimPage(optimized: string, sglangRun: { duration?: string; outputRate?: string; totalRate?: string } = {}): string {
  const sglang = servingMetrics({
    requests: 10,
    duration: '10.00',
    input: 500,
    generated: 1000,
    requestRate: '1.00',
    outputRate: '100.00',
    totalRate: '150.00',
    ...sglangRun,
  });
  return reportPage({
    title: 'Optimizing Demo-8B Throughput',
    conclusion: [conclusionTable('Total TPS: 100.00', optimized)],
    results: [ENGINE_CHOICE, resultBlock({ metrics: SMALL_RUN }), resultBlock({ metrics: sglang, engine: 'SGLang' })],
  });
}

/** The Conclusion's comparison table with one ShareGPT row. */
export function conclusionTable(baseline: string, optimized: string): string {
  return ['| Benchmark Case | baseline | Optimized |', '|---|---|---|', `| **ShareGPT** | ${baseline} | ${optimized} |`].join('\n');
}

/** A short page about a chart image, under an acknowledgement comment of the given spelling. */
export const acknowledgedChart = (marker: string, image: string) =>
  page('# Notes', `<!-- ${marker} image-missing: the chart is published with the upstream docs -->\n![chart](${image})`);

/** A short page with a "Hardware" note followed by `after` (its body indented, its body flat, or the next section). */
export const hardwareNote = (after: string) => page('# Setup', `!!! note "Hardware"${after}`);

/** The "Hardware" note as MkDocs wants it: its body indented under it. */
export const HARDWARE_NOTE = hardwareNote('\n    8 x H100 GPUs.');
