import { canonicalEngine } from '../../model/command.js';
import type { Experiment, Variant } from '../../schemas/report.js';
import type { Run } from '../../schemas/run.js';
import type { PageContext } from './context.js';

/** The variant a name refers to: same label, or same engine, within the experiment. */
export function variantNamed(experiment: Experiment | null, name: string): Variant | null {
  if (!experiment) return null;
  const n = name.toLowerCase().trim();
  const byLabel = experiment.variants.find((v) => v.label.toLowerCase() === n);
  if (byLabel) return byLabel;
  // An engine names a variant only when one variant of the experiment runs it (engine-first pages hold many).
  const engine = canonicalEngine(name);
  const byEngine = engine ? experiment.variants.filter((v) => v.engine === engine) : [];
  return byEngine.length === 1 ? byEngine[0] : null;
}

/**
 * A misspelt name (`MineIE`) still names a variant when it is the only entry that names none and exactly one
 * variant of the experiment is named by no entry.
 */
export function onlyUnnamed(experiment: Experiment | null, names: string[], name: string): Variant | null {
  if (!experiment) return null;
  const unmatchedNames = names.filter((n) => !variantNamed(experiment, n));
  const named = new Set(names.map((n) => variantNamed(experiment, n)).filter((v) => v));
  const free = experiment.variants.filter((v) => !named.has(v) && v.runs.length > 0);
  return unmatchedNames.length === 1 && unmatchedNames[0] === name && free.length === 1 ? free[0] : null;
}

/** The runs of a variant that did not fail. */
export function runsOf(ctx: PageContext, variant: Variant): Run[] {
  return variant.runs.map((id) => ctx.run(id)).filter((r): r is Run => !!r && !r.failed);
}

export function experimentRuns(ctx: PageContext, experiment: Experiment | null): Run[] {
  return experiment ? experiment.variants.flatMap((v) => runsOf(ctx, v)) : [];
}
