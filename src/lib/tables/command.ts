/** `perflab tables PAGE`: read, check and print the page's computed tables. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { analyze, checkAll } from '../pipeline.js';
import { computeTables } from './tables.js';

/** Tables on stdout; on stderr the numbers that differ from the stated rows and what could not be computed; exit 0 when everything was computed, 1 when a note says what is missing, 2 when the page cannot be read. */
export function tablesCommand(page: string, cwd: string): { output: string; notes: string; exitCode: number } {
  if (!existsSync(page) || !statSync(page).isFile()) return { output: '', notes: `${page}:1:1  error  No such file  input-missing`, exitCode: 2 };
  const source = readFileSync(page, 'utf8');
  const [report] = checkAll([analyze(source, page, resolve(page))], loadConfig(cwd));
  const { markdown, notes, changes } = computeTables(report, source);
  const lines = [...changes.map((c) => `${page}: ${c}`), ...notes.map((n) => `${page}: ${n}`)];
  if (!markdown && notes.length === 0) lines.push(`${page}: no table could be computed (no conclusion rows, summary rows or other benchmark cases)`);
  return { output: markdown, notes: lines.join('\n'), exitCode: notes.length > 0 || !markdown ? 1 : 0 };
}
