/** `perflab tables PAGE`: read, check and print the page's computed tables. */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { check } from '../pipeline.js';
import { UsageError } from '../files.js';
import { terminalLines, terminalText } from '../terminal.js';
import { pageTooLarge } from '../limits.js';
import { readPage } from '../listing.js';
import { computeTables } from './tables.js';

/**
 * Tables on stdout; on stderr the numbers that differ from the stated rows and what could not be computed.
 * Exit 0 when everything was computed, 1 when a note says what is missing. A page that is not a readable file
 * throws UsageError, a bad `perflab.config.json` ConfigError (the CLI's exit 2). Every printed line has its control
 * characters made visible (a row label from the page cannot start a line or move the cursor).
 */
export function tablesCommand(page: string, cwd: string): { output: string; notes: string; exitCode: number } {
  const config = loadConfig(cwd);
  if (!existsSync(page) || !statSync(page).isFile()) throw new UsageError(`no such file: ${page}`);
  let read;
  try {
    read = readPage(page);
  } catch (error) {
    throw new UsageError(`cannot read ${page}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (read.tooLarge !== undefined) {
    const m = pageTooLarge(read.tooLarge);
    return { output: '', notes: terminalText(`${page}:1:1  ${m.message}  ${m.ruleId}`), exitCode: 1 };
  }
  const source = read.text;
  const [{ report }] = check([{ source, path: page, absolutePath: resolve(page) }], config);
  const { markdown, notes, changes } = computeTables(report, source);
  const lines = [...changes.map((c) => `${page}: ${c}`), ...notes.map((n) => `${page}: ${n}`)];
  if (!markdown && notes.length === 0)
    lines.push(`${page}: no table could be computed (no conclusion rows, summary rows or other benchmark cases)`);
  return {
    output: terminalLines(markdown),
    notes: lines.map((l) => terminalText(l)).join('\n'),
    exitCode: notes.length > 0 || !markdown ? 1 : 0,
  };
}
