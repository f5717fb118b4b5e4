/**
 * Which runs a row that names an option (`Engine Selection`, `Chunked Prefill`, `FP8 KV cache`) is about, by
 * content: the words of the row against what identifies each variant of each experiment (the experiment's heading
 * at any depth, the variant's label or heading, the flags that set its serving command apart from the page's
 * other commands, its engine, the labels and profiles of its runs). The match is certain only when the best
 * matching variants all sit in one experiment; a row that shares no word with any variant falls to the next
 * experiment in order, which is a guess, and says so.
 */
import { canonicalEngine } from '../../model/command.js';
import type { Command, Experiment, Variant } from '../../schemas/report.js';
import type { Run } from '../../schemas/run.js';
import type { PageContext } from './context.js';

/** The runs a row is about, and how sure that is. */
export interface Target {
  /** Runs of the best matching variants (failed runs left out). */
  runs: Run[];
  /** The experiments those variants belong to. */
  experiments: Experiment[];
  /** One experiment, named by shared words: a wrong number against these runs is a wrong number. */
  certain: boolean;
  /** What points at the runs, for the reader (`shares "quantization" with "2. Quantization in SGLang"`). */
  evidence: string;
  /** Per run: what points at it (its variant's words that the row shares). */
  because: Map<Run, string>;
}

const STOP = new Set([
  'the',
  'in',
  'of',
  'and',
  'with',
  'for',
  'on',
  'a',
  'to',
  'choosing',
  'selection',
  'option',
  'optimization',
  'enable',
  'disable',
  'use',
  'using',
  'size',
]);

/** Lower-case word stems of a text (`Attention Backends` -> `attention`, `backend`). */
export function stems(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/(es|s)$/, ''));
}

/** Whether a row's text is a name exactly: the same word stems, no more, no fewer. */
function sameName(option: string, name: string): boolean {
  const a = new Set(stems(option));
  const b = new Set(stems(name));
  return a.size > 0 && a.size === b.size && [...a].every((w) => b.has(w));
}

/** Whether a row's text names an experiment, or one variant of it, exactly (heading or label). */
function namesPiece(option: string, s: Scored): boolean {
  return s.variant?.label
    ? sameName(option, s.variant.label) || sameName(option, s.experiment.heading)
    : sameName(option, s.experiment.heading);
}

/**
 * The runs a table row that names a group (`Speculative Decoding`) may take its optimized value from: those of
 * the experiments or variants it names exactly, else of those it shares words with that no other row of the table
 * names exactly. Null when the row names nothing by content (then nothing is said about its runs).
 */
export function groupRuns(group: string, others: readonly string[], ctx: PageContext): { runs: Run[]; names: string[] } | null {
  const pieces = scoreAll(group, ctx.analysis.report.experiments, ctx);
  const nameOf = (s: Scored) => s.variant?.label ?? s.experiment.heading;
  const exact = pieces.filter((s) => namesPiece(group, s));
  const chosen = exact.length ? exact : pieces.filter((s) => s.score > 0 && !others.some((o) => namesPiece(o, s)));
  if (!exact.length && !pieces.some((s) => s.score > 0)) return null;
  return { runs: [...new Set(chosen.flatMap((s) => runsOfScored(ctx, s)))], names: [...new Set(chosen.map(nameOf))] };
}

/** Flag names (`--attention-backend`) of a command, without values. */
function flagNames(cmd: Command | null): string[] {
  return (cmd?.flags ?? []).map((f) => f.split('=')[0]);
}

/** The flags of a variant's command that not every command of the page's variants has: what sets it apart. */
function distinguishingFlags(variant: Variant, all: readonly Variant[]): string[] {
  const commands = all.map((v) => v.command).filter((c): c is Command => !!c);
  const common = new Set(flagNames(commands[0] ?? null).filter((f) => commands.every((c) => flagNames(c).includes(f))));
  return (variant.command?.flags ?? []).filter((f) => !common.has(f.split('=')[0]));
}

interface Scored {
  experiment: Experiment;
  variant: Variant | null;
  /** The row's words the variant shares. */
  shared: string[];
  /** Two per word shared with a heading or label (what the page names the option), one per word only in flags, engine or run labels. */
  score: number;
}

/** The words of a variant (or of an experiment without variants) that the row shares. */
function scoreAll(option: string, experiments: readonly Experiment[], ctx: PageContext): Scored[] {
  const words = new Set(stems(option));
  const variants = experiments.flatMap((e) => e.variants);
  const out: Scored[] = [];
  for (const e of experiments) {
    const pieces = e.variants.length ? e.variants : [null];
    for (const v of pieces) {
      const named = new Set(stems(`${e.heading} ${v?.label ?? ''}`));
      const runTexts = (v?.runs ?? [])
        .map((id) => ctx.run(id))
        .flatMap((r) => [r?.label ?? '', r?.context.profile ?? '', r?.context.engine ?? '']);
      const other = new Set(stems([v?.engine ?? '', ...(v ? distinguishingFlags(v, variants) : []), ...runTexts].join(' ')));
      const shared = [...words].filter((w) => named.has(w) || other.has(w));
      const score = shared.reduce((n, w) => n + (named.has(w) ? 2 : 1), 0);
      out.push({ experiment: e, variant: v, shared, score });
    }
  }
  return out;
}

function runsOfScored(ctx: PageContext, s: Scored): Run[] {
  const ids = s.variant ? s.variant.runs : s.experiment.variants.flatMap((v) => v.runs);
  return ids.map((id) => ctx.run(id)).filter((r): r is Run => !!r && !r.failed);
}

/**
 * The runs a row names. `used` holds experiments other rows took (by content); they are tried last. A row that
 * shares no word with any variant takes the next unused experiment in order, uncertain (unless `byPosition` is
 * false: then it names nothing, and the caller can give it a place once every row that names an experiment has).
 */
export function targetOf(
  option: string,
  experiments: readonly Experiment[],
  used: ReadonlySet<Experiment>,
  ctx: PageContext,
  byPosition = true,
): Target | null {
  const scored = scoreAll(option, experiments, ctx);
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best > 0) {
    // Experiments an earlier row took by content count only when no other experiment matches as well.
    let top = scored.filter((s) => s.score === best);
    const fresh = top.filter((s) => !used.has(s.experiment));
    if (fresh.length > 0) top = fresh;
    const exps = [...new Set(top.map((s) => s.experiment))];
    const runs = [...new Set(top.flatMap((s) => runsOfScored(ctx, s)))];
    const because = new Map<Run, string>();
    for (const s of top) {
      for (const r of runsOfScored(ctx, s)) {
        because.set(
          r,
          `shares ${s.shared.map((w) => `"${w}"`).join(', ')} with "${s.experiment.heading}"${s.variant ? ` / "${s.variant.label}"` : ''}`,
        );
      }
    }
    const names = exps.map((e) => `"${e.heading}"`).join(', ');
    return {
      runs,
      experiments: exps,
      certain: exps.length === 1,
      evidence: exps.length === 1 ? `the row shares words with ${names}` : `the row shares words equally with ${names}`,
      because,
    };
  }
  const next = byPosition ? experiments.find((e) => !used.has(e)) : undefined;
  if (!next) return null;
  const runs = next.variants
    .flatMap((v) => v.runs)
    .map((id) => ctx.run(id))
    .filter((r): r is Run => !!r && !r.failed);
  const evidence = `no word in common with any experiment; "${next.heading}" is only the next one in order`;
  return { runs, experiments: [next], certain: false, evidence, because: new Map(runs.map((r) => [r, evidence])) };
}

/**
 * The one run of `pool` the page adopts, when its content says so: the only run besides the reference, else the
 * only run served by the recommended command's engine whose distinguishing flags the recommended command carries.
 * Null when the page does not settle it (then a wrong-looking number has several plausible sources).
 */
export function adoptedRun(pool: readonly Run[], reference: Run | null, ctx: PageContext): { run: Run; evidence: string } | null {
  const others = pool.filter((r) => r !== reference);
  if (others.length === 1) return { run: others[0], evidence: 'the only run of the row besides its reference' };
  const rec = ctx.analysis.report.recommendedCommand;
  if (!rec || others.length === 0) return null;
  const engine = canonicalEngine(rec.tool ?? '');
  if (!engine) return null;
  const byEngine = others.filter((r) => canonicalEngine(r.context.engine ?? '') === engine);
  if (byEngine.length === 1) return { run: byEngine[0], evidence: `the only run served by the recommended command's engine (${engine})` };
  // Several runs of that engine: the one whose own flags (those the others do not share) the recommended command carries.
  const commands = ctx.analysis.commands;
  const commandOf = (r: Run) => commands.find((c) => c.line === r.context.commandLine) ?? null;
  const all = byEngine.map(commandOf).filter((c): c is Command => !!c);
  const common = new Set(flagNames(all[0] ?? null).filter((f) => all.every((c) => flagNames(c).includes(f))));
  const fits = byEngine.filter((r) => {
    const own = (commandOf(r)?.flags ?? []).filter((f) => !common.has(f.split('=')[0]));
    return own.length > 0 && own.every((f) => rec.flags.includes(f));
  });
  return fits.length === 1 ? { run: fits[0], evidence: `its own flags are those of the recommended command (${engine})` } : null;
}
