import type { Command } from '../../schemas/report.js';
import { engineOfTool } from '../command.js';
import { sideOf } from './runs.js';
import { addVariant, bareHeading, inOther, section, type WalkState } from './state.js';

/**
 * A command shown on the page: the Conclusion's first is the recommended one; under "Other Benchmark Cases" it is
 * its side's; elsewhere it is the command of the runs that follow, and of the current variant (a label line before
 * it opens a new variant).
 */
export function onCommand(cmd: Command, admonition: string | null, { found, at }: WalkState): void {
  found.commands.push(cmd);
  const side = sideOf(admonition, at.paramsSide);
  if (/conclusion/.test(section(at)) && !found.recommendedCommand) {
    found.recommendedCommand = cmd;
    return;
  }
  if (inOther(at) && side) {
    at.sideCommands[side] = cmd;
    return;
  }
  at.command = cmd;
  const experiment = at.experiment;
  if (!experiment) return;
  if (at.label && (!at.variant || at.variant.label !== at.label.text || at.variant.command)) {
    at.variant = addVariant(experiment, at.label.text, at.label.line);
  }
  if (!at.variant) at.variant = addVariant(experiment, bareHeading(experiment), cmd.line);
  const variant = at.variant;
  variant.command = cmd;
  variant.engine = engineOfTool(cmd.tool) ?? variant.engine;
  variant.model = cmd.model ?? variant.model;
}
