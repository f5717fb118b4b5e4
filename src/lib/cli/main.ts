import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Command, InvalidArgumentError, type CommanderError } from 'commander';
import { ConfigError, projectRoot, ruleDocsUrl, settingsFor } from '../config.js';
import { check, checkShared } from './check.js';
import { UsageError } from '../files.js';
import { isCheckHelper, serveCheck } from '../engine/check-helper.js';
import { checkStreamed, isStreamHelper, serveStream } from './stream.js';
import { watchCheck } from './watch.js';
import { changedMarkdown } from './changed.js';
import { runFix } from '../fix/command.js';
import { formatClaims } from '../output/claims.js';
import { ciOutput, isCiFormat, quietOutput, toolVersion } from '../output/index.js';
import { terminalText } from '../terminal.js';
import { didYouMean } from './suggest.js';
import { tablesCommand } from '../tables/command.js';
import { newCommand } from './new.js';

/**
 * Exit codes, as ESLint's: 0 clean, 1 unacknowledged errors in the pages, 2 usage or config error (nothing checked) or
 * an internal error (an error perflab did not expect, or output it could not write): never the findings code.
 */
export const EXIT = { clean: 0, findings: 1, usage: 2, internal: 2 } as const;

/**
 * An error perflab did not expect is not a finding: one line that says so, the stack below it (each line escaped), and
 * exit 2, so a CI step that accepts 1 ("findings") does not pass on a crash or a truncated output file.
 */
function internalError(what: string, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error && error.stack ? error.stack.split('\n').slice(1) : [];
  process.stderr.write([`perflab: internal error: ${what}: ${message}`, ...stack].map((l) => terminalText(l)).join('\n') + '\n');
  process.exit(EXIT.internal);
}

const program = new Command();
program
  .name('perflab')
  .description('Parse and verify LLM-inference performance-lab reports.')
  .version(toolVersion(), '-v, --version', 'print the version')
  .option('--config <file>', 'the config file to use (default: perflab.config.json here or in the nearest folder above)')
  .hook('preAction', (command) => {
    // One setting every command reads (check, watch, fix, tables): the config loader takes it from here.
    const file = command.opts<{ config?: string }>().config;
    if (file) process.env.PERFLAB_CONFIG = file;
  });
// Commander prints its own message (unknown option, missing argument); the exit code says "usage error".
program.exitOverride((error: CommanderError) => {
  process.exit(error.exitCode === 0 ? EXIT.clean : EXIT.usage);
});

program
  .command('check', { isDefault: true })
  .description('Parse Markdown reports (files or folders, recursively) and verify every stated number')
  .argument('[paths...]', "files or folders (default: the project's content/ folder)")
  .option('--format <format>', 'output format: text, json, github (workflow annotations) or sarif (SARIF 2.1.0)', 'text')
  .option('--fix', 'rewrite, in place, the wrong numbers whose recomputed value is certain, then check again')
  .option('--fix-dry-run', 'print the unified diff --fix would apply; change nothing')
  .option('--quiet', 'print only errors', false)
  .option('--claims', 'also print every stated number with its grade (verified, consistent, rounding, mismatch, untraceable)', false)
  .option('--no-cache', 'parse every file afresh (by default parsed pages are kept in node_modules/.cache/perflab)')
  .option('--watch', 'check again whenever a Markdown file or the config changes, printing the files whose findings changed')
  .option('--max-warnings <count>', 'exit 1 also when there are more than this many unacknowledged warnings', count)
  .option('--config <file>', 'the config file to use (default: perflab.config.json here or in the nearest folder above)')
  .option('--changed [ref]', 'check only the Markdown files changed against a git ref (default HEAD), and the untracked ones')
  .option(
    '--print-config <file>',
    "print the settings that apply to <file> as JSON (config file, ignored, each rule's severity); check nothing",
  )
  .addHelpText('after', '\nExit codes: 0 no unacknowledged error, 1 unacknowledged errors, 2 usage, config or internal error.')
  .action(
    async (
      given: string[],
      opts: {
        format: string;
        quiet: boolean;
        claims: boolean;
        cache: boolean;
        fix?: boolean;
        fixDryRun?: boolean;
        watch?: boolean;
        maxWarnings?: number;
        config?: string;
        printConfig?: string;
        changed?: string | true;
      },
    ) => {
      if (opts.config) process.env.PERFLAB_CONFIG = opts.config;
      if (opts.printConfig !== undefined) {
        try {
          process.stdout.write(`${JSON.stringify(settingsFor(opts.printConfig, process.cwd()), null, 2)}\n`);
        } catch (error) {
          if (error instanceof ConfigError) return usage(error.message);
          throw error;
        }
        return;
      }
      let paths = given.length ? given : [defaultContent()];
      if (given.length > 0 && !existsSync(given[0])) {
        const command = didYouMean(
          given[0],
          program.commands.map((c) => c.name()),
        );
        if (command) {
          usage(`no such file or folder: ${given[0]}; did you mean \`perflab ${command}\`?`);
          return;
        }
      }
      if (opts.format !== 'text' && opts.format !== 'json' && !isCiFormat(opts.format)) {
        usage(`--format must be "text" or "json", got "${opts.format}" (for CI: "github" or "sarif")`);
        return;
      }
      if (opts.fix && opts.fixDryRun) {
        usage('--fix writes the pages and --fix-dry-run writes nothing: give one of them');
        return;
      }
      if (opts.changed !== undefined) {
        if (opts.watch) return usage('--changed checks the files changed now; it does not go with --watch');
        const ref = opts.changed === true ? 'HEAD' : opts.changed;
        try {
          paths = changedMarkdown(ref, process.cwd(), paths);
        } catch (error) {
          if (error instanceof UsageError) return usage(error.message);
          throw error;
        }
        if (paths.length === 0) {
          process.stderr.write(`perflab: no Markdown file changed against ${terminalText(ref)}\n`);
          return;
        }
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
      let fixed: ReturnType<typeof runFix> | null;
      try {
        fixed =
          opts.fix || opts.fixDryRun
            ? runFix(paths, { dryRun: !!opts.fixDryRun, cwd: process.cwd(), terminal: process.stdout.isTTY })
            : null;
        if (fixed) process.stderr.write(`${fixed.report}\n`);
        if (fixed && opts.fixDryRun) {
          if (fixed.diff) process.stdout.write(fixed.diff);
          process.exitCode = check(paths, { format: 'text', cwd: process.cwd(), cache: opts.cache }).exitCode;
          return;
        }
        if ((opts.format === 'json' || opts.format === 'text') && !opts.quiet && !opts.claims) {
          // Plain text or JSON: written as the pages are checked, holding one page at a time (./stream.ts).
          let written = false;
          const streamed = await checkStreamed(paths, { format: opts.format, cwd: process.cwd(), cache: opts.cache }, (text) => {
            written = true;
            process.stdout.write(text);
          });
          if (written) process.stdout.write('\n');
          if (opts.format === 'text' && streamed.advice) process.stderr.write(`${streamed.advice}\n`);
          process.stderr.write(`${streamed.summary}\n`);
          exitWith(streamed.exitCode, streamed.warnings, !!fixed?.failed, opts.maxWarnings);
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
      const config = result.config;
      let out = isCiFormat(opts.format)
        ? ciOutput(opts.format, result.reports, process.cwd(), (id) => ruleDocsUrl(id, config))
        : result.output;
      if (opts.quiet && opts.format === 'text') out = quietOutput(result.reports);
      if (opts.claims && opts.format === 'text') {
        const listed = formatClaims(result.reports);
        if (listed) process.stdout.write(`${listed}\n`);
      }
      if (out) process.stdout.write(`${out}\n`);
      if (opts.format === 'text' && result.advice) process.stderr.write(`${result.advice}\n`);
      process.stderr.write(`${result.summary}\n`);
      const warnings = result.reports.flatMap((r) => r.messages).filter((m) => m.severity === 'warning' && !m.acknowledged).length;
      exitWith(result.exitCode, warnings, !!fixed?.failed, opts.maxWarnings);
    },
  );

program
  .command('tables')
  .description('Print the conclusion table and the summary-of-options rows computed from the runs on a page, ready to paste')
  .argument('<page>', 'Markdown report')
  .option('--config <file>', 'the config file to use (default: perflab.config.json here or in the nearest folder above)')
  .addHelpText('after', '\nExit codes: 0 every number computed, 1 something missing (said on stderr), 2 usage, config or internal error.')
  .action((page: string, opts: { config?: string }) => {
    if (opts.config) process.env.PERFLAB_CONFIG = opts.config;
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

program
  .command('new')
  .description(
    'Write a report skeleton from saved result files (the formats of docs/formats.md#saved-result-files), every fact they do not state marked `?`',
  )
  .argument('<files...>', 'saved result files (.json, .jsonl), in the order of the experiments')
  .option('--baseline <file>', 'the saved result of the baseline (default: the first file)')
  .option('--out <page>', 'the report to write (default: report.md); never an existing file')
  .addHelpText('after', '\nExit codes: 0 written and checked clean, 1 written with findings, 2 usage error (nothing written).')
  .action((files: string[], opts: { baseline?: string; out?: string }) => {
    let r;
    try {
      r = newCommand(files, opts, process.cwd());
    } catch (error) {
      if (error instanceof UsageError) {
        usage(error.message);
        return;
      }
      throw error;
    }
    process.stdout.write(`${terminalText(r.output.trimEnd())}\n`);
    for (const n of r.notes) process.stderr.write(`perflab: ${terminalText(n)}\n`);
    process.exitCode = r.exitCode;
  });

function usage(message: string): void {
  // A config error has one line per problem (`file:line:col: ...`): each gets the prefix, and every line its
  // control characters made visible.
  process.stderr.write(
    `${message
      .split('\n')
      .map((l) => `perflab: ${terminalText(l)}`)
      .join('\n')}\n`,
  );
  process.exitCode = EXIT.usage;
}

/** The exit code of a check, given its unacknowledged warnings; a page --fix could not write is not fixed: never 0 then. */
function exitWith(exitCode: number, warnings: number, fixFailed: boolean, maxWarnings: number | undefined): void {
  process.exitCode = fixFailed ? Math.max(EXIT.findings, exitCode) : exitCode;
  if (maxWarnings !== undefined && process.exitCode === 0 && warnings > maxWarnings) {
    process.stderr.write(`perflab: ${warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    process.exitCode = EXIT.findings;
  }
}

function count(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('It takes a whole number (0 or more).');
  return Number(value);
}

/** `content/` of the project the command runs in (the nearest folder above with package.json), as a path from here. */
function defaultContent(): string {
  return relative(process.cwd(), join(projectRoot(process.cwd()), 'content')) || '.';
}

// A helper thread of `perflab check` (./threads.ts) runs this same bundle: it serves its requests instead.
if (isCheckHelper()) serveCheck();
else if (isStreamHelper()) serveStream();
else {
  process.on('uncaughtException', (error) => internalError('perflab stopped', error));
  process.on('unhandledRejection', (error) => internalError('perflab stopped', error));
  // A write to a pipe or a file that fails later (a full disk, a closed pipe) comes as an event, not a throw.
  process.stdout.on('error', (error) => internalError('the output could not be written', error));
  process.stderr.on('error', () => process.exit(EXIT.internal));
  void program.parseAsync();
}
