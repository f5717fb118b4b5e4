import { Command, type CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { check, checkShared } from './check.js';
import { UsageError } from './files.js';
import { isCheckHelper, serveCheck } from './threads.js';
import { watchCheck } from './watch.js';
import { runFix } from '../fix/command.js';
import { formatClaims } from '../output/claims.js';
import { ciOutput, isCiFormat } from '../output/index.js';
import { tablesCommand } from '../tables/command.js';

/** Exit codes: 0 clean, 1 unacknowledged errors in the pages, 2 usage or config error (nothing checked). */
export const EXIT = { clean: 0, findings: 1, usage: 2 } as const;

const program = new Command();
program.name('perflab').description('Parse and verify LLM-inference performance-lab reports.');
// Commander prints its own message (unknown option, missing argument); the exit code says "usage error".
program.exitOverride((error: CommanderError) => {
  process.exit(error.exitCode === 0 ? EXIT.clean : EXIT.usage);
});

program
  .command('check', { isDefault: true })
  .description('Parse Markdown reports (files or folders, recursively) and verify every stated number')
  .argument('[paths...]', 'files or folders', ['content'])
  .option('--format <format>', 'output format: text, json, github (workflow annotations) or sarif (SARIF 2.1.0)', 'text')
  .option('--fix', 'rewrite, in place, the wrong numbers whose recomputed value is certain, then check again')
  .option('--fix-dry-run', 'print the unified diff --fix would apply; change nothing')
  .option('--quiet', 'print only errors', false)
  .option('--claims', 'also print every stated number with its grade (verified, consistent, rounding, mismatch, untraceable)', false)
  .option('--no-cache', 'parse every file afresh (by default parsed pages are kept in node_modules/.cache/perflab)')
  .option('--watch', 'check again whenever a Markdown file or the config changes, printing the files whose findings changed')
  .addHelpText('after', '\nExit codes: 0 no unacknowledged error, 1 unacknowledged errors, 2 usage or config error.')
  .action(
    async (
      paths: string[],
      opts: { format: string; quiet: boolean; claims: boolean; cache: boolean; fix?: boolean; fixDryRun?: boolean; watch?: boolean },
    ) => {
      if (opts.format !== 'text' && opts.format !== 'json' && !isCiFormat(opts.format)) {
        usage(`--format must be "text" or "json", got "${opts.format}" (for CI: "github" or "sarif")`);
        return;
      }
      if (opts.watch) {
        const other = opts.format !== 'text' ? `--format ${opts.format}` : opts.fix ? '--fix' : opts.fixDryRun ? '--fix-dry-run' : null;
        if (other) {
          usage(`--watch prints findings as text; it does not go with ${other}`);
          return;
        }
        try {
          watchCheck(
            paths,
            { format: 'text', cwd: process.cwd(), cache: opts.cache },
            {
              out: (text) => process.stdout.write(text),
              err: (text) => process.stderr.write(text),
            },
          );
        } catch (error) {
          if (error instanceof UsageError || error instanceof ConfigError) {
            usage(error.message);
            return;
          }
          throw error;
        }
        return;
      }
      let result;
      try {
        const fixed = opts.fix || opts.fixDryRun ? runFix(paths, { dryRun: !!opts.fixDryRun, cwd: process.cwd() }) : null;
        if (fixed) process.stderr.write(`${fixed.report}\n`);
        if (fixed && opts.fixDryRun) {
          if (fixed.diff) process.stdout.write(fixed.diff);
          process.exitCode = check(paths, { format: 'text', cwd: process.cwd(), cache: opts.cache }).exitCode;
          return;
        }
        result = await checkShared(paths, { format: opts.format === 'json' ? 'json' : 'text', cwd: process.cwd(), cache: opts.cache });
      } catch (error) {
        if (error instanceof UsageError || error instanceof ConfigError) {
          usage(error.message);
          return;
        }
        throw error;
      }
      let out = isCiFormat(opts.format) ? ciOutput(opts.format, result.reports, process.cwd()) : result.output;
      if (opts.quiet && opts.format === 'text')
        out = out
          .split('\n')
          .filter((l) => /\s error\s/.test(l))
          .join('\n');
      if (opts.claims && opts.format === 'text') {
        const listed = formatClaims(result.reports);
        if (listed) process.stdout.write(`${listed}\n`);
      }
      if (out) process.stdout.write(`${out}\n`);
      if (opts.format === 'text' && result.advice) process.stderr.write(`${result.advice}\n`);
      process.stderr.write(`${result.summary}\n`);
      process.exitCode = result.exitCode;
    },
  );

program
  .command('tables')
  .description('Print the conclusion table and the summary-of-options rows computed from the runs on a page, ready to paste')
  .argument('<page>', 'Markdown report')
  .addHelpText('after', '\nExit codes: 0 every number computed, 1 something missing (said on stderr), 2 usage or config error.')
  .action((page: string) => {
    let r;
    try {
      r = tablesCommand(page, process.cwd());
    } catch (error) {
      if (error instanceof UsageError || error instanceof ConfigError) {
        usage(error.message);
        return;
      }
      throw error;
    }
    process.stdout.write(r.output);
    if (r.notes) process.stderr.write(`${r.notes}\n`);
    process.exitCode = r.exitCode;
  });

function usage(message: string): void {
  process.stderr.write(`perflab: ${message}\n`);
  process.exitCode = EXIT.usage;
}

// A helper thread of `perflab check` (./threads.ts) runs this same bundle: it serves its requests instead.
if (isCheckHelper()) serveCheck();
else void program.parseAsync();
