import type { RunDraft } from '../../formats/index.js';
import { formatOf } from '../../formats/registry.js';
import type { Variant } from '../../schemas/report.js';
import type { RunContext, WalkRun as Run } from '../../schemas/run.js';
import { canonicalEngine, engineOfTool } from '../command.js';
import { addVariant, bareHeading, headingPath, inOther, type Side, type WalkState } from './state.js';

/** The side of a result or script: its admonition's title (`Baseline ...`, `Optimized ...`), else the parameters item's. */
export function sideOf(admonition: string | null, paramsSide: Side): Side {
  const t = `${admonition ?? ''}`.toLowerCase();
  if (/baseline/.test(t)) return 'baseline';
  if (/optimi[sz]ed/.test(t)) return 'optimized';
  return paramsSide;
}

/**
 * Runs read from one fence (or one failed-run line): each gets its id and its context (headings, admonition,
 * variant, profile, side, engine, model, command), and joins its other case or its experiment's variant.
 */
export function onRuns(
  drafts: RunDraft[],
  admonition: string | null,
  state: WalkState,
  ids: (d: RunDraft, i: number) => string = (d) => `run-L${d.line}`,
): void {
  const { found, at } = state;
  const other = inOther(at);
  const side = sideOf(admonition, at.paramsSide);
  for (const [i, d] of drafts.entries()) {
    const cmd = other && side ? at.sideCommands[side] : at.command;
    const context: RunContext = {
      headings: headingPath(at),
      admonition,
      variant: at.variant?.label ?? at.label?.text ?? null,
      profile: at.profile ?? (other ? (at.otherCase ?? d.label) : null),
      side: other ? side : null,
      engine: engineOfTool(cmd?.tool ?? null) ?? at.variant?.engine ?? canonicalEngine(at.label?.text ?? '') ?? null,
      model: cmd?.model ?? null,
      commandLine: cmd?.line ?? null,
    };
    const run: Run = { ...d, id: ids(d, i), context };
    found.runs.push(run);
    if (other) joinOtherCase(run, d, side, state);
    // The rows of a table whose rows are runs are the tests of one variant, not variants of their own.
    else if (at.experiment) joinVariant(run, d, drafts.length > 1 && formatOf(d.format)?.table?.rows !== 'runs', state);
  }
}

function joinOtherCase(run: Run, d: RunDraft, side: Side, { found, at }: WalkState): void {
  const name = at.otherCase ?? d.label ?? 'unlabelled';
  let c = found.otherCases.find((x) => x.case === name);
  if (!c) {
    c = { case: name, line: d.labelLine ?? d.line, baseline: [], optimized: [] };
    found.otherCases.push(c);
  }
  if (side === 'optimized') c.optimized.push(run.id);
  else c.baseline.push(run.id);
}

/** Several labelled results under one command are variants of their own (`# fa3`, `# BS=4`). */
function joinVariant(run: Run, d: RunDraft, shared: boolean, { at }: WalkState): void {
  const experiment = at.experiment!;
  let v: Variant | null = at.variant;
  if (shared && d.label) {
    v = experiment.variants.find((x) => x.label === d.label) ?? null;
    if (!v && at.variant && at.variant.runs.length === 0 && !at.label) {
      // The variant made for the command before its labelled results: it is the first label's.
      v = at.variant;
      v.label = d.label;
      v.line = d.labelLine ?? d.line;
    } else if (!v) {
      v = addVariant(experiment, d.label, d.labelLine ?? d.line);
      v.command = at.command;
      v.engine = engineOfTool(at.command?.tool ?? null) ?? at.variant?.engine ?? null;
      v.model = at.command?.model ?? null;
    }
  }
  if (!v) v = at.variant = addVariant(experiment, at.label?.text ?? bareHeading(experiment), d.line);
  v.runs.push(run.id);
  run.context.variant = v.label;
}
