/** The `--fix` and `--fix-dry-run` options of `perflab check`, kept out of the CLI's entry file. */
import { computeFixes, fixDiff, fixReport, writeFixes } from './fix.js';

/**
 * Run the fixer. `--fix` writes the files and returns so that the normal check then prints what is left;
 * `--fix-dry-run` returns the diff for stdout and writes nothing. `failed`: the pages that could not be written
 * (changed since they were read, or a write error); they are as they were, and the command must not exit 0.
 * `terminal`: stdout is a terminal (the diff's control characters are then made visible).
 */
export function runFix(
  paths: readonly string[],
  options: { dryRun: boolean; cwd: string; terminal?: boolean },
): { diff: string; report: string; failed: number } {
  const result = computeFixes(paths, options.cwd);
  const failures = options.dryRun ? [] : writeFixes(result);
  return {
    diff: options.dryRun ? fixDiff(result, options.terminal) : '',
    report: fixReport(result, options.dryRun, failures),
    failed: failures.length,
  };
}
