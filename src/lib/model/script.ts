import type { Code } from 'mdast';
import type { Command } from '../schemas/report.js';

/**
 * A fence read as a script (not a result, not YAML/JSON data): its node, the admonition around it, and every
 * command in it, each tokenised once (`Command.words`, `Command.flags`). The page model's commands are taken
 * from these same objects.
 */
export interface Script {
  node: Code;
  /** Title (or kind) of the innermost admonition around the fence; null outside admonitions. */
  admonition: string | null;
  /** A backend-parameters fence (one flag per line, under a `... Parameters` list item): one command, no tool. */
  parameters: boolean;
  /** Every logical command line (continuations joined), in order; for parameters, the one flag list. */
  commands: Command[];
}
