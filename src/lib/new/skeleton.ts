/**
 * A report skeleton in the house style, from saved result files: the setup sections from what the files state, one
 * experiment per file with the file linked, the Conclusion row and the Summary of Optimization Options computed from
 * the runs, and every fact the files do not state written `?` with why. Pure: the files' texts in, Markdown out; the
 * page it writes passes `perflab check` (each number it states is one of the runs', at the precision it prints).
 */
import { savedRuns, type SavedRun } from '../formats/saved/runs.js';
import { canonicalEngine } from '../model/command.js';
import { formatFixed } from '../numbers/number.js';

export interface SkeletonInput {
  /** The link from the page to the file (relative, `/`-separated). */
  link: string;
  text: string;
}

export interface Skeleton {
  markdown: string;
  /** What the skeleton could not use (a file with no run, an unreadable one), one line each. */
  notes: string[];
}

/** The throughput a run is compared by: total token throughput, else output token throughput. */
const THROUGHPUT = ['total_token_throughput', 'output_token_throughput'] as const;

const valueOf = (run: SavedRun, name: string): number | null => {
  const v = run.draft.metrics[name]?.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

const fixed2 = (x: number): string => formatFixed(x, 2);

/** `+58.1%` from a base and a value. */
function gain(base: number, value: number): string {
  const pct = (value / base - 1) * 100;
  return `${pct >= 0 ? '+' : ''}${formatFixed(pct, 1)}%`;
}

/** Markdown text with no character that could start markup of its own (a file's label or model name). */
const plainText = (s: string): string =>
  s
    .replace(/[\\`*_[\]<>|#!]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .trim();

const stem = (link: string): string => link.replace(/^.*\//, '').replace(/\.jsonl?$/i, '');

/** The load and lengths a run's file states, in words (`rate 4, concurrency 32`), or ''. */
function loadWords(run: SavedRun): string {
  const f = flags(run);
  const words: string[] = [];
  if (f.has('--request-rate')) words.push(`rate ${f.get('--request-rate')}`);
  if (f.has('--max-concurrency')) words.push(`concurrency ${f.get('--max-concurrency')}`);
  if (f.has('--random-input-len')) words.push(`${f.get('--random-input-len')}/${f.get('--random-output-len') ?? '?'} tokens`);
  return words.join(', ');
}

/** The case a run is of its file: its load and lengths, else its label, else its place; unique in the file. */
function caseNames(runs: readonly SavedRun[]): string[] {
  const first = runs.map((r, i) => plainText(loadWords(r) || r.draft.label || `run ${i + 1}`));
  return first.map((n, i) =>
    first.filter((x) => x === n).length === 1 ? n : `${n}, run ${first.slice(0, i + 1).filter((x) => x === n).length}`,
  );
}

/** One experiment per file: its runs, each the case it is. */
interface Experiment {
  link: string;
  name: string;
  runs: SavedRun[];
  cases: string[];
}

/** `Qwen/Qwen3-8B` -> `Qwen3-8B`; a local path -> its last folder. */
const shortModel = (model: string): string => {
  const parts = model.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? model;
};

/** The skeleton of a report comparing the runs of `files`, the first run of `baseline` (or of the first file) the baseline. */
export function reportSkeleton(files: readonly SkeletonInput[], baseline: SkeletonInput | null = null): Skeleton {
  const notes: string[] = [];
  const all = baseline ? [baseline, ...files.filter((f) => f.link !== baseline.link)] : [...files];
  const experiments: Experiment[] = [];
  for (const f of all) {
    const read = savedRuns(f.text, f.link, { url: f.link, line: 1, column: 1 });
    for (const p of read.problems) notes.push(`${f.link}:${p.line}:${p.column}: ${p.detail}`);
    if (read.runs.length === 0) notes.push(`${f.link}: no run read; not in the report`);
    else {
      const runs = read.runs.map((r) => r);
      const taken = experiments.map((e) => e.name);
      const name = plainText(stem(f.link));
      const unique = taken.includes(name) ? `${name} (${experiments.length + 1})` : name;
      experiments.push({ link: f.link, name: unique, runs, cases: caseNames(runs) });
    }
  }
  const runs = experiments.flatMap((e) => e.runs);
  const metric = THROUGHPUT.find((m) => runs.length > 0 && runs.every((r) => valueOf(r, m) !== null)) ?? null;
  const model = runs.map((r) => r.model).find((m) => m !== null) ?? null;
  const engine = runs.map((r) => (r.backend ? canonicalEngine(r.backend) : null)).find((m) => m !== null) ?? null;
  const label = metric === 'total_token_throughput' ? 'Total TPS' : 'Output TPS';
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);

  push(`# Optimizing ${model ? plainText(shortModel(model)) : '?'} Throughput on ?`, '');
  push(
    `<!-- Written by \`perflab new\` from ${all.length} saved result file${all.length === 1 ? '' : 's'}. A \`?\` is what the files do not state: replace each one. -->`,
    '',
  );

  // The Conclusion: each case of the baseline file against the best other file's run of the same case.
  const [base, ...others] = experiments;
  const one = experiments.every((e) => e.runs.length === 1);
  const rows: string[] = [];
  const tpot = (r: SavedRun) => {
    const v = valueOf(r, 'mean_tpot_ms');
    return v === null ? '' : `<br>Mean TPOT(ms): ${fixed2(v)}`;
  };
  let winner: Experiment | null = null;
  if (base && metric) {
    base.runs.forEach((b, i) => {
      const against = others
        .map((e) => ({ e, r: one ? e.runs[0] : e.runs[e.cases.indexOf(base.cases[i])] }))
        .filter((x): x is { e: Experiment; r: SavedRun } => x.r !== undefined && comparable(b, x.r));
      if (against.length === 0) return;
      const best = against.reduce((x, y) => (valueOf(y.r, metric)! > valueOf(x.r, metric)! ? y : x));
      winner ??= best.e;
      const bv = valueOf(b, metric)!;
      const ov = valueOf(best.r, metric)!;
      const name = one ? workloadName(b) : base.cases[i];
      rows.push(`| **${name}** | ${label}: ${fixed2(bv)}${tpot(b)} | ${label}: ${fixed2(ov)} (${gain(bv, ov)})${tpot(best.r)} |`);
    });
  }
  push('## Conclusion', '');
  if (rows.length > 0 && base) {
    push(
      `Recommended: ? (the saved files do not hold the engine's launch arguments; the highest ${metric === 'total_token_throughput' ? 'total' : 'output'} token throughput here is in ${(winner as Experiment | null)?.name ?? '?'}).`,
      '',
      'Comparison of benchmark results before and after optimization:',
      '',
      `| Benchmark Case | Baseline (${base.name}) | Optimized |`,
      '|---|---|---|',
      ...rows,
      '',
    );
  } else push('? (one file, or no case run in two files, or runs without a throughput: nothing to compare)', '');

  push('## Optimization Objective', '', 'Achieve higher throughput: ? (the files do not say what the report is for).', '');

  push('## Experimental Setup', '', '### Model', '', model ? plainText(model) : '? (no file names the model)', '');
  push('### Hardware', '', '? (the saved files do not state the accelerators)', '');
  push('### Engine Version', '', `- ${engine ?? '?'}: ? (the saved files do not state the version)`, '');
  push('### Benchmark Dataset', '', ...datasetLines(runs), '');

  push('## Experiment Results', '');
  experiments.forEach((e, i) => {
    push(`### ${i + 1}. ${i === 0 ? 'Baseline' : e.name}`, '');
    push(
      `The run${e.runs.length === 1 ? '' : 's'}, as the benchmark saved ${e.runs.length === 1 ? 'it' : 'them'}: [${plainText(e.link)}](${encodeURI(e.link).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}).`,
      '',
    );
    if (e.runs.length === 1) {
      const stated = runSentence(e.runs[0]);
      if (stated) push(stated, '');
    } else {
      for (const [j, r] of e.runs.entries()) {
        const stated = runSentence(r);
        if (stated) push(`- ${e.cases[j]}: ${stated.charAt(0).toLowerCase()}${stated.slice(1)}`);
      }
      push('');
    }
  });

  // A chain of options, each against the one before: only where each file is one run (a sweep is no chain) of the
  // same workload.
  if (metric && one && experiments.length > 1 && experiments.every((e) => comparable(experiments[0].runs[0], e.runs[0]))) {
    push('### Summary of Optimization Options', '', '| Optimization Option | Throughput Improvement |', '|---|---|');
    let previous = valueOf(experiments[0].runs[0], metric)!;
    for (const e of experiments.slice(1)) {
      const v = valueOf(e.runs[0], metric)!;
      push(`| ${e.name} | ${gain(previous, v)} |`);
      previous = v;
    }
    push('');
  }
  return { markdown: `${lines.join('\n').trimEnd()}\n`, notes };
}

/** A run's main numbers in one sentence, each at two decimals (what the checks trace to the file). */
function runSentence(run: SavedRun): string | null {
  const parts: string[] = [];
  const put = (name: string, words: string, unit: string) => {
    const v = valueOf(run, name);
    if (v !== null) parts.push(`${words} ${fixed2(v)} ${unit}`);
  };
  put('total_token_throughput', 'total token throughput', 'tok/s');
  put('output_token_throughput', 'output token throughput', 'tok/s');
  put('mean_ttft_ms', 'mean TTFT', 'ms');
  put('mean_tpot_ms', 'mean TPOT', 'ms');
  return parts.length === 0 ? null : `Measured: ${parts.join(', ')}.`;
}

/** The flags a run's file states (its synthesized invocation), by flag. */
function flags(run: SavedRun): Map<string, string> {
  const out = new Map<string, string>();
  const words = (run.draft.invocation ?? '').split(' ');
  for (let i = 0; i + 1 < words.length; i += 2) out.set(words[i], words[i + 1]);
  return out;
}

/** The case name of the Conclusion row: dataset and lengths, and the load, as the files state them. */
function workloadName(run: SavedRun): string {
  const f = flags(run);
  const dataset = f.get('--dataset-name');
  const lengths = f.has('--random-input-len') ? ` ${f.get('--random-input-len')}/${f.get('--random-output-len') ?? '?'}` : '';
  const load = f.has('--max-concurrency') ? `, concurrency ${f.get('--max-concurrency')}` : '';
  // A file that states no workload but labels its run (LoadGen's scenario) is named by the label.
  if (!dataset && !lengths && !load && run.draft.label) return plainText(run.draft.label);
  return plainText(`${dataset ?? UNKNOWN_WORKLOAD}${lengths}${load}`);
}

const UNKNOWN_WORKLOAD = 'Workload ?';

/** Whether two runs may be set against each other: the same workload, or one whose workload the file does not state. */
const comparable = (a: SavedRun, b: SavedRun): boolean => {
  const [x, y] = [workloadName(a), workloadName(b)];
  return x === y || x.startsWith(UNKNOWN_WORKLOAD) || y.startsWith(UNKNOWN_WORKLOAD);
};

function datasetLines(runs: readonly SavedRun[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const run of runs) {
    const f = flags(run);
    const text = [
      f.get('--dataset-name') ?? 'dataset ?',
      f.has('--random-input-len') ? `${f.get('--random-input-len')} input tokens` : null,
      f.has('--random-output-len') ? `${f.get('--random-output-len')} output tokens` : null,
      f.has('--num-prompts') ? `${f.get('--num-prompts')} prompts` : null,
    ]
      .filter(Boolean)
      .join(', ');
    if (!seen.has(text)) out.push(`- ${plainText(text)}`);
    seen.add(text);
  }
  return out.length > 0 ? out : ['- ? (the files do not state the dataset)'];
}
