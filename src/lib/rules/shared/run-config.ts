import type { Script } from '../../model/script.js';
import type { Run } from '../../schemas/run.js';
import { SERVING_TOOLS, normalFlags } from './commands.js';

/**
 * The serving configuration of a run as one comparable string: every command of the script that produced it
 * (tool, model, flags normalised and sorted). Null when the run has no script, or when its script launches no
 * engine on a named model (a backend-parameters list leaves both to the prose around it).
 */
export function servingConfig(run: Run, scripts: readonly Script[]): string | null {
  const at = run.context.commandLine;
  if (at === null) return null;
  const script = scripts.find((s) => s.node.position?.start.line === at || s.commands.some((c) => c.line === at));
  if (!script || script.parameters || !script.commands.some((c) => c.tool && SERVING_TOOLS.has(c.tool) && c.model)) return null;
  return script.commands.map((c) => [c.tool ?? '', c.model ?? '', ...normalFlags(c).sort()].join(' ')).join('; ');
}
