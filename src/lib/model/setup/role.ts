// Which runs the page compares: the baseline (the run the conclusion's baseline column quotes, else the first run
// of the experiments) and the adopted configuration (the run launched as the recommended command, else the one the
// optimized column quotes, else the closest launch of the recommended engine and model); and the flags that set a
// run apart from the baseline.
import type { Command, ConclusionRow } from '../../schemas/report.js';
import type { WalkRun } from '../../schemas/run.js';
import { canonicalFlag } from '../command.js';
import { flagsInText } from './workload.js';

/**
 * Decimal numbers of four digits or more a cell states (`Total TPS: 6595.66` -> `6595.66`): whole numbers and short
 * decimals (`2.09`) are too common among a run's printed values to point at one run. Read word by word (a pattern
 * searched from every digit would be quadratic on a long run of digits).
 */
function decimals(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[^\d.,]+/)) {
    const m = /^\d[\d,]*\.\d+/.exec(word);
    const n = m?.[0].replace(/,/g, '');
    if (n && n.replace('.', '').replace(/^0+/, '').length >= 4) out.push(n);
  }
  return out;
}

/** The run whose printed values a cell quotes, when exactly one run prints one of its decimal numbers. */
function quoted(text: string, runs: readonly WalkRun[]): WalkRun | null {
  const numbers = new Set(decimals(text));
  if (numbers.size === 0) return null;
  const hits = runs.filter((r) => Object.values(r.metrics).some((m) => numbers.has(m.text)));
  return hits.length === 1 ? hits[0] : null;
}

/** Runs any conclusion cell quotes, by id. */
export function quotedRuns(rows: readonly ConclusionRow[], runs: readonly WalkRun[]): Set<string> {
  const out = new Set<string>();
  for (const row of rows)
    for (const cell of [row.baseline, row.optimized]) {
      const run = quoted(cell.text, runs);
      if (run) out.add(run.id);
    }
  return out;
}

/** Options that say where a server listens or how it is named, not how it runs. */
const PLUMBING = new Set(['--host', '--port', '--model', '--model-path', '--served-model-name', '--target']);

/** A flag's name and value for comparison: one spelling per name (`_` as `-`), quotes dropped, `=` as a blank. */
export function flagKey(flag: string): { name: string; key: string } {
  const cut = [flag.indexOf('='), flag.indexOf(' ')].filter((i) => i > 0);
  const at = cut.length > 0 ? Math.min(...cut) : flag.length;
  const name = canonicalFlag(flag.slice(0, at));
  const value = flag
    .slice(at + 1)
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  return { name, key: value ? `${name} ${value}` : name };
}

/** The options of a launch that say how it runs (not where it listens), with the environment settings before it. */
export function runningFlags(command: Command | null, env: ReadonlyArray<{ text: string }>, label: string | null): string[] {
  const own = (command?.flags ?? []).filter((f) => !PLUMBING.has(flagKey(f).name) && !(f === '-m' || f.startsWith('-m ')));
  // A label written as an option (`# --max-num-batched-tokens 32768`) is the run's own statement: it overrides the
  // script's value of the same option.
  const labelled = label && /^--?[A-Za-z]/.test(label.trim()) ? flagsInText(label) : [];
  const names = new Set(labelled.map((f) => flagKey(f).name));
  return [...own.filter((f) => !names.has(flagKey(f).name)), ...labelled, ...env.map((e) => e.text)];
}

/**
 * A bare label (`# flashinfer`) of a block whose runs share one launch, read as an option: the option of the launch
 * whose value is another run's bare label there (`# triton` beside the launch's `--attention-backend triton`) is the
 * one the block varies, and this label is its value. Null unless exactly one option of the launch is so named, or
 * when the label is not one bare word.
 */
export function bareLabelOption(label: string | null, siblings: readonly string[], flags: readonly string[]): string | null {
  const word = (s: string | null) => s !== null && s.trim() !== '' && !/[\s=]/.test(s.trim()) && !s.trim().startsWith('-');
  if (!word(label)) return null;
  const own = label!.trim();
  const others = new Set(
    siblings
      .filter(word)
      .map((s) => s.trim())
      .filter((s) => s !== own),
  );
  if (others.size === 0) return null;
  const named = new Set<string>();
  for (const f of flags) {
    const { name, key } = flagKey(f);
    const value = key.slice(name.length + 1);
    if (value && others.has(value)) named.add(name);
  }
  return named.size === 1 ? `${[...named][0]} ${own}` : null;
}

/** The flags of `flags` that the baseline does not have with the same value, as written, sorted. */
export function distinguishing(flags: readonly string[], baseline: readonly string[]): string[] {
  const base = new Set(baseline.map((f) => flagKey(f).key));
  return [...new Set(flags.filter((f) => !base.has(flagKey(f).key)))].sort();
}

/**
 * How closely a launch is the recommended command: same engine and model first (backend parameters name neither:
 * their options alone count), then shared running options.
 */
export function closeness(command: Command | null, recommended: Command): number {
  if (!command) return -1;
  if (command.tool !== null && (command.tool !== recommended.tool || command.model !== recommended.model)) return -1;
  const want = new Set(runningFlags(recommended, [], null).map((f) => flagKey(f).key));
  const have = runningFlags(command, [], null).map((f) => flagKey(f).key);
  const shared = have.filter((k) => want.has(k)).length;
  const extra = have.length - shared;
  const missing = want.size - shared;
  return missing === 0 && extra === 0 ? 1_000_000 : 1000 + shared * 10 - extra - missing;
}

export { quoted };
