/** The `--fix` and `--fix-dry-run` options of `perflab check`, kept out of the CLI's entry file. */
import { computeFixes, fixDiff, fixReport, writeFixes } from './fix.js';

/**
 * Run the fixer. `--fix` writes the files and returns so that the normal check then prints what is left;
 * `--fix-dry-run` returns the diff for stdout and writes nothing.
 */
export function runFix(paths: readonly string[], options: { dryRun: boolean; cwd: string }): { diff: string; report: string } {
  const result = computeFixes(paths, options.cwd);
  if (!options.dryRun) writeFixes(result);
  return { diff: options.dryRun ? fixDiff(result) : '', report: fixReport(result, options.dryRun) };
}
