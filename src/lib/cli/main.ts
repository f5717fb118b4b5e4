import { Command } from 'commander';
import { check } from './check.js';

const program = new Command();
program.name('perflab').description('Parse and verify LLM-inference performance-lab reports.');

program
  .command('check', { isDefault: true })
  .description('Parse Markdown reports (files or folders, recursively) and verify every stated number')
  .argument('[paths...]', 'files or folders', ['content'])
  .option('--format <format>', 'output format: text or json', 'text')
  .option('--quiet', 'print only errors', false)
  .option('--no-cache', 'parse every file afresh (by default parsed pages are kept in node_modules/.cache/perflab)')
  .action((paths: string[], opts: { format: string; quiet: boolean; cache: boolean }) => {
    if (opts.format !== 'text' && opts.format !== 'json') {
      program.error(`--format must be "text" or "json", got "${opts.format}"`);
    }
    const result = check(paths, { format: opts.format as 'text' | 'json', cwd: process.cwd(), cache: opts.cache });
    let out = result.output;
    if (opts.quiet && opts.format === 'text') out = out.split('\n').filter((l) => /\s error\s/.test(l)).join('\n');
    if (out) process.stdout.write(`${out}\n`);
    process.stderr.write(`${result.summary}\n`);
    process.exitCode = result.exitCode;
  });

program.parse();
