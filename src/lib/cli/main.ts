import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { check } from './check.js';
import { UsageError } from './files.js';

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
  .option('--format <format>', 'output format: text or json', 'text')
  .option('--quiet', 'print only errors', false)
  .option('--no-cache', 'parse every file afresh (by default parsed pages are kept in node_modules/.cache/perflab)')
  .addHelpText('after', '\nExit codes: 0 no unacknowledged error, 1 unacknowledged errors, 2 usage or config error.')
  .action((paths: string[], opts: { format: string; quiet: boolean; cache: boolean }) => {
    if (opts.format !== 'text' && opts.format !== 'json') {
      usage(`--format must be "text" or "json", got "${opts.format}"`);
      return;
    }
    let result;
    try {
      result = check(paths, { format: opts.format, cwd: process.cwd(), cache: opts.cache });
    } catch (error) {
      if (error instanceof UsageError || error instanceof ConfigError) {
        usage(error.message);
        return;
      }
      throw error;
    }
    let out = result.output;
    if (opts.quiet && opts.format === 'text') out = out.split('\n').filter((l) => /\s error\s/.test(l)).join('\n');
    if (out) process.stdout.write(`${out}\n`);
    process.stderr.write(`${result.summary}\n`);
    process.exitCode = result.exitCode;
  });

function usage(message: string): void {
  process.stderr.write(`perflab: ${message}\n`);
  process.exitCode = EXIT.usage;
}

program.parse();
