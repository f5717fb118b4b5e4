/** Test helpers: read real pages (the seed pages under test/fixtures/, the shared corpus beside the repo) and split rows. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared corpus, relative to the repository root; tests skip with a message when it is absent. */
export const corpusDir = resolve(root, '../shared/corpus');
export const hasCorpus = existsSync(corpusDir);
if (!hasCorpus) console.warn(`claims tests: corpus not found at ../shared/corpus; corpus cases are skipped`);

/** Lines of a seed page (`test/fixtures/seed-pages/...`) or a corpus page (`corpus:...`). */
export function pageLines(path: string): string[] {
  const file = path.startsWith('corpus:') ? join(corpusDir, path.slice(7)) : join(root, path);
  return readFileSync(file, 'utf8').split(/\r?\n/);
}

/** The first line containing `needle`, with its 1-based number. */
export function findLine(path: string, needle: string): { line: number; text: string } {
  const lines = pageLines(path);
  const i = lines.findIndex((l) => l.includes(needle));
  if (i === -1) throw new Error(`${path}: no line contains ${needle}`);
  return { line: i + 1, text: lines[i] };
}

/** Cells of a pipe-table row with their 0-based start column in the line (raw text, untrimmed). */
export function rowCells(line: string): Array<{ text: string; column: number }> {
  const cells: Array<{ text: string; column: number }> = [];
  let start = line.indexOf('|') + 1;
  for (let i = start; i < line.length; i++) {
    if (line[i] === '|') {
      cells.push({ text: line.slice(start, i), column: start });
      start = i + 1;
    }
  }
  return cells;
}
