// The model a page is about, as the site shows it (facts box, card, facet, search filter, llms.txt).
// The pipeline reads the page's own statement (front matter, `### Model`, else the title). When the rule
// `command-model-mismatch` finds the serving commands launching another model, that other model is never taken
// as the page's: a flagged command's model is excluded, and a flagged `### Model` statement gives way to the
// model the title names and the commands serve (or to none, when nothing confirms one).
import type { Report } from '../schemas/report.js';
import { baseModel, isConcreteModel } from '../model/model-name.js';

export const MISMATCH_RULE = 'command-model-mismatch';

/** The model and what confirms or contradicts it; a summary without findings or commands keeps its model. */
type ModelInputs = Pick<Report, 'model'> &
  Partial<Pick<Report, 'title' | 'messages' | 'commands' | 'benchmarkCommands' | 'recommendedCommand'>>;

export function pageModel(report: ModelInputs): string | null {
  const flagged = (report.messages ?? []).filter((m) => m.ruleId === MISMATCH_RULE);
  if (flagged.length === 0 || !report.model) return report.model;
  const actual = new Set(flagged.map((m) => m.actual).filter((a): a is string => !!a));
  // Only commands were flagged: the page's own statement stands.
  if (!actual.has(report.model)) return report.model;
  return confirmedByTitle(report, actual);
}

/** A model the title names (by base name) that a command launches, written as its plainest id; null if none. */
function confirmedByTitle(report: ModelInputs, excluded: ReadonlySet<string>): string | null {
  const title = (report.title ?? '').toLowerCase();
  if (!title) return null;
  const ids = [
    ...(report.benchmarkCommands ?? []),
    ...(report.commands ?? []),
    ...(report.recommendedCommand ? [report.recommendedCommand] : []),
  ]
    .map((c) => c.model)
    .filter((m): m is string => isConcreteModel(m) && !excluded.has(m));
  const named = ids.filter((id) => namesModel(title, baseModel(id)));
  if (named.length === 0) return null;
  // The id whose own name is the base name (`Qwen/Qwen3-8B` over `vllm-ascend/Qwen3-8B-W8A8`), else the first.
  return named.find((id) => id.slice(id.lastIndexOf('/') + 1).toLowerCase() === baseModel(id)) ?? named[0];
}

/** `title` names `base` as a whole word (`qwen3-8b` in `optimizing qwen3-8b throughput`, not in `qwen3-8b-x`). */
function namesModel(title: string, base: string): boolean {
  let at = title.indexOf(base);
  while (at >= 0) {
    const before = title[at - 1] ?? ' ';
    const after = title[at + base.length] ?? ' ';
    if (!/[\w.-]/.test(before) && !/[\w-]/.test(after)) return true;
    at = title.indexOf(base, at + 1);
  }
  return false;
}
