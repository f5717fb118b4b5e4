// What a run was asked to do: dataset, input and output lengths, concurrency, request rate and request count. Read
// from the run's own arguments (its label or the tool's invocation line), its benchmark profile, its case name, and
// the page's benchmark commands and dataset list; a page-wide command is taken as the run's only when the run's own
// output agrees with it (its mean input per request is the command's input length, or it completed the command's
// request count), never by position.
import type { Command, TextAt } from '../../schemas/report.js';
import type { WalkRun } from '../../schemas/run.js';
import { flagValue } from '../command.js';
import type { Facts } from './facts.js';

/** A benchmark setting as a command, a label or a profile states it. */
export interface Workload {
  dataset: string | null;
  input: number | null;
  output: number | null;
  prompts: number | null;
  concurrency: number | null;
  rate: number | null;
  line: number;
}

const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
const rate = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};
const unquote = (s: string) => s.replace(/^(['"])(.*)\1$/, '$2');

/** The benchmark arguments among a list of flags (`--dataset-name random`, `--num-prompts=500`, sglang's `--random-input`). */
export function workloadOfFlags(flags: readonly string[], line: number): Workload {
  const read = (...names: string[]) => {
    const v = flagValue(flags, names);
    return v === null ? null : unquote(v);
  };
  const dataset = read('--dataset-name', '--dataset');
  return {
    dataset: dataset && /^[\w-]+$/.test(dataset) ? dataset.toLowerCase() : null,
    input: int(read('--random-input-len', '--random-input', '--input-len', '--isl')),
    output: int(read('--random-output-len', '--random-output', '--output-len', '--osl')),
    prompts: int(read('--num-prompts', '--max-requests', '--num-requests')),
    concurrency: int(read('--max-concurrency', '--concurrency')),
    rate: rate(read('--request-rate', '--rate')),
    line,
  };
}

/** The flags written in a label or an invocation line (`--dataset-name random --num-prompts 2000`). */
export function flagsInText(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^--?[A-Za-z]/.test(words[i])) continue;
    const next = words[i + 1];
    if (!words[i].includes('=') && next !== undefined && !/^--?[A-Za-z]/.test(next)) out.push(`${words[i]} ${words[++i]}`);
    else out.push(words[i]);
  }
  return out;
}

/** A benchmark profile's settings (`dataset_name`, `dataset_input_tokens`, `request_rate`, `total_requests`). */
export function workloadOfProfile(profile: Record<string, unknown>, line: number): Workload {
  const name = typeof profile.dataset_name === 'string' ? profile.dataset_name.trim().toLowerCase() : null;
  return {
    dataset: name && /^[\w-]+$/.test(name) ? name : null,
    input: int(profile.dataset_input_tokens ?? profile.input_tokens ?? profile.prompt_tokens),
    output: int(profile.dataset_output_tokens ?? profile.output_tokens),
    prompts: int(profile.total_requests ?? profile.num_prompts),
    concurrency: int(profile.max_concurrency ?? profile.concurrency),
    rate: rate(profile.request_rate),
    line,
  };
}

/** Input and output lengths a dataset list states (`Long prompt: 4000 input tokens, 200 output tokens`). */
export function statedLengths(datasets: readonly TextAt[]): Array<{ input: number; output: number | null; line: number }> {
  const out: Array<{ input: number; output: number | null; line: number }> = [];
  for (const d of datasets) {
    // Word by word: `<number> input tokens`, `<number> output tokens` (`prompt`, `generated` alike).
    const words = d.text.split(/[\s,;:()]+/);
    let input: number | null = null;
    let output: number | null = null;
    for (let i = 1; i + 1 < words.length; i++) {
      if (!/^tokens?\.?$/i.test(words[i + 1]) || !/^\d+$/.test(words[i - 1])) continue;
      if (/^(?:input|prompt)$/i.test(words[i])) input ??= Number(words[i - 1]);
      else if (/^(?:output|generat\w*)$/i.test(words[i])) output ??= Number(words[i - 1]);
    }
    if (input !== null) out.push({ input, output, line: d.line });
  }
  return out;
}

/** The number written after `start` in `text` (blanks and one `=` or `:` between skipped): `8` of `Rate: 8`. */
function numberAfter(text: string, start: number): string | null {
  let i = start;
  while (text[i] === ' ') i++;
  if (text[i] === '=' || text[i] === ':') i++;
  while (text[i] === ' ') i++;
  const m = /^\d+(?:\.\d+)?(?![\w.])/.exec(text.slice(i, i + 40));
  return m ? m[0] : null;
}

/** The number written right before `end` in `text` (blanks between skipped): `8` of `8 RPS`; null when none. */
function numberBefore(text: string, end: number): string | null {
  let i = end;
  while (i > 0 && text[i - 1] === ' ') i--;
  const stop = i;
  while (i > 0 && /[\d.]/.test(text[i - 1])) i--;
  const n = text.slice(i, stop);
  return /^\d+(?:\.\d+)?$/.test(n) && (i === 0 || !/\w/.test(text[i - 1])) ? n : null;
}

/** Concurrency and rate a case name states (`BS=4`, `batch size 4`, `concurrency 8`, `Rate 8`, `8RPS`). */
export function workloadOfName(name: string, line: number): Workload {
  const concurrencyWord = /\b(?:bs|batch[ _-]?size|concurrency)\b/i.exec(name);
  const concurrency = concurrencyWord ? numberAfter(name, concurrencyWord.index + concurrencyWord[0].length) : null;
  const rps = /rps\b/i.exec(name);
  const rateWord = /\brate\b/i.exec(name);
  const r = (rateWord ? numberAfter(name, rateWord.index + 4) : null) ?? (rps ? numberBefore(name, rps.index) : null);
  const dataset = /\bsharegpt\b/i.test(name) ? 'sharegpt' : null;
  return { dataset, input: null, output: null, prompts: null, concurrency: int(concurrency), rate: rate(r), line };
}

/** What the run's own output says of its workload: requests completed and the mean tokens per request. */
export function observed(run: WalkRun): { completed: number | null; meanInput: number | null; meanOutput: number | null } {
  const m = run.metrics;
  const ok = m.successful_requests?.value ?? null;
  const failed = m.failed_requests?.value ?? 0;
  const per = (total: number | null | undefined) => (typeof total === 'number' && ok && ok > 0 ? total / ok : null);
  return {
    completed: typeof ok === 'number' ? ok + (typeof failed === 'number' ? failed : 0) : null,
    meanInput: per(m.total_input_tokens?.value),
    meanOutput: per(m.total_output_tokens?.value ?? m.total_generated_tokens?.value),
  };
}

/**
 * Whether a command's load is the one the run printed of itself (`Max request concurrency: 128`, `Traffic request
 * rate: 8.0`): a run of the command's lengths at another load took only its dataset and lengths.
 */
export function sameLoad(run: WalkRun, w: Workload): boolean {
  const printed = (key: string) => {
    const v = run.metrics[key]?.value;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const concurrency = printed('max_concurrency');
  const rate = printed('request_rate');
  return (
    (w.concurrency === null || concurrency === null || w.concurrency === concurrency) &&
    (w.rate === null || rate === null || w.rate === rate)
  );
}

const near = (value: number | null, target: number) => value !== null && Math.abs(value - target) <= target * 0.01;

/** Put a stated workload's fields into the run's facts (fields already set stay as they are). */
export function putWorkload(facts: Facts, w: Workload, lines: number[] = [w.line]): void {
  facts.set('dataset', w.dataset, ...lines);
  facts.set('inputLength', w.input, ...lines);
  facts.set('outputLength', w.output, ...lines);
  facts.set('numPrompts', w.prompts, ...lines);
  facts.set('maxConcurrency', w.concurrency, ...lines);
  facts.set('requestRate', w.rate, ...lines);
}

/**
 * The page's benchmark command that this run's output agrees with, if exactly one does: a random-length command
 * whose input length is the run's mean input per request (within 1 %), or the one command of a dataset of real
 * prompts when the run's mean input matches no stated length. `partly` is a command of the run's dataset whose
 * request count the run completed exactly, when no command is the run's own.
 */
export function matchCommand(
  run: WalkRun,
  commands: readonly Command[],
  lengths: readonly { input: number }[],
  dataset: string | null,
): { own: Workload | null; partly: Workload | null } {
  const { meanInput, completed } = observed(run);
  const all = commands.map((c) => workloadOfFlags(c.flags, c.line)).filter((w) => w.dataset !== null);
  const same = dataset ? all.filter((w) => w.dataset === dataset) : all;
  const sized = same.filter((w) => w.input !== null && near(meanInput, w.input));
  const one = alike(sized, run.fenceLine);
  if (one) return { own: one, partly: null };
  const stated = [...lengths.map((l) => l.input), ...all.map((w) => w.input).filter((n): n is number => n !== null)];
  const unsized = same.filter((w) => w.input === null);
  const realPrompts = meanInput !== null && !stated.some((n) => near(meanInput, n));
  if (unsized.length === 1 && (realPrompts || dataset === unsized[0].dataset)) return { own: unsized[0], partly: null };
  const counted = same.filter((w) => w.prompts !== null && w.prompts === completed);
  return { own: null, partly: counted.length === 1 && dataset !== null ? counted[0] : null };
}

/**
 * The one workload a list of commands states: the command itself when there is one, or, when several commands
 * state the same workload (one per experiment), the last of them above the run (else the first), as its evidence.
 */
function alike(commands: readonly Workload[], line: number): Workload | null {
  if (commands.length === 0) return null;
  const key = (w: Workload) => JSON.stringify([w.dataset, w.input, w.output, w.prompts, w.concurrency, w.rate]);
  if (new Set(commands.map(key)).size !== 1) return null;
  return commands.filter((w) => w.line < line).at(-1) ?? commands[0];
}

/** The stated lengths the run's mean input per request agrees with, if exactly one does. */
export function matchLengths<T extends { input: number; output: number | null }>(run: WalkRun, lengths: readonly T[]): T | null {
  const { meanInput, meanOutput } = observed(run);
  const hits = lengths.filter(
    (l) => near(meanInput, l.input) && (l.output === null || meanOutput === null || meanOutput <= l.output * 1.01),
  );
  return hits.length === 1 ? hits[0] : null;
}
