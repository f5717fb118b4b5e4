/**
 * Test helpers: read real pages and cut their fences with a plain line scan, standing in for the Markdown
 * parser (built elsewhere) so the format parsers can be exercised on real input with real line numbers.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FenceInput, RunDraft } from '../../src/lib/formats/index.js';
import { readFence, type ReadFence } from './golden.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
/** The tests' own copy of the seed reports (never content/, which contributors change). */
export const seedDir = join(root, 'test', 'fixtures', 'seed-pages');
/** The shared corpus lives beside the repository and is never copied into it. */
export const corpusDir = join(root, '..', 'shared', 'corpus');
export const hasCorpus = existsSync(corpusDir);

export function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return name.endsWith('.md') ? [path] : [];
    });
}

export interface Fence extends FenceInput {
  /** The admonition title line right above the fence names a result. */
  expectResult: boolean;
}

const OPEN = /^( *)(`{3,})(.*)$/;
const RESULT_ADMONITION = /^\s*[?!]{3}\+?\s+\w+\s+".*result/i;

/** Fences of a page by line scan: indent stripped like mdast, file lines and columns kept. */
export function fences(source: string): Fence[] {
  const lines = source.split('\n');
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i].replace(/\r$/, ''));
    if (!open) continue;
    const indent = open[1].length;
    const close = new RegExp(`^ *\`{${open[2].length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j].replace(/\r$/, ''))) j++;
    const body = lines.slice(i + 1, j).map((l) => {
      const strip = Math.min(indent, l.length - l.trimStart().length);
      return l.slice(strip);
    });
    let k = i - 1;
    while (k >= 0 && lines[k].trim() === '') k--;
    found.push({
      value: body.join('\n'),
      fenceLine: i + 1,
      contentLine: i + 2,
      column: indent + 1,
      lang: open[3].trim() || null,
      expectResult: k >= 0 && RESULT_ADMONITION.test(lines[k]),
    });
    i = j;
  }
  return found;
}

export interface PageRuns extends ReadFence {
  fences: Fence[];
}

/** Every run and message of a page, fence by fence. */
export function parsePage(path: string): PageRuns {
  const all = fences(readFileSync(path, 'utf8'));
  const runs: RunDraft[] = [];
  const messages: ReadFence['messages'] = [];
  for (const fence of all) {
    const result = readFence(fence, { expectResult: fence.expectResult });
    runs.push(...result.runs);
    messages.push(...result.messages);
  }
  return { runs, messages, fences: all };
}

/** The run whose block starts at `line`. */
export function runAt(runs: readonly RunDraft[], line: number): RunDraft {
  const run = runs.find((r) => r.line === line);
  if (!run) throw new Error(`no run starts at line ${line}; runs start at ${runs.map((r) => r.line).join(', ')}`);
  return run;
}
