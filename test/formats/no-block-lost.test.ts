/**
 * Every result block on every real page becomes a run, and every metric line of a block becomes a metric.
 * Blocks are counted here independently of the parser, with plain line tests on the raw files.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDir, corpusDir, hasCorpus, markdownFiles, parsePage, root } from './pages.js';

const HEADER = /Serving Benchmark Result/;
const HEADERLESS = /^\s*Successful requests:/;
const STUB = /^\s*(?:#\s*)?(?:Crash\b|[A-Za-z]*Error[:(])/;
const METRIC = /^\s*[A-Za-z][^:]*:\s+\S/;

/** Blocks by raw line scan: headers, `Successful requests:` lines not under a header, failure stubs in fences. */
function countBlocks(source: string): number {
  const lines = source.split('\n');
  let inFence = false;
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) continue;
    if (HEADER.test(line)) count++;
    else if (HEADERLESS.test(line) && !HEADER.test(lines[i - 1] ?? '') && !/^\s*Traffic request rate:/.test(lines[i - 1] ?? '')) count++;
    else if (STUB.test(line)) count++;
  }
  return count;
}

/** Metric lines of one run's block, counted on the raw file. */
function metricLines(lines: readonly string[], from: number, to: number): number {
  let n = 0;
  for (let l = from; l <= to; l++) if (METRIC.test(lines[l - 1])) n++;
  return n;
}

const files = [...markdownFiles(seedDir), ...(hasCorpus ? markdownFiles(corpusDir) : [])];
if (!hasCorpus) console.warn(`no-block-lost: ${corpusDir} is absent, checking the seed pages only`);

describe('no block lost', () => {
  it('should have pages to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  for (const file of files) {
    const name = relative(root, file);
    it(`should parse every result block and failure stub of ${name}`, () => {
      const source = readFileSync(file, 'utf8');
      const { runs, messages } = parsePage(file);
      expect(runs.length).toBe(countBlocks(source));
      expect(messages.filter((m) => m.severity !== 'info')).toEqual([]);
    });

    it(`should give each run of ${name} one metric per metric line`, () => {
      const lines = readFileSync(file, 'utf8').split('\n');
      for (const r of parsePage(file).runs) {
        const expected = r.failed ? 0 : metricLines(lines, r.line, r.endLine);
        expect(Object.keys(r.metrics).length + r.unknown.length, `run at line ${r.line}`).toBe(expected);
      }
    });
  }
});

describe.skipIf(!hasCorpus)('no block lost, totals', () => {
  it('should find 243 runs over the seed pages and the corpus (236 blocks, 7 failure stubs)', () => {
    const runs = files.flatMap((f) => parsePage(f).runs);
    expect(runs.filter((r) => !r.failed)).toHaveLength(236);
    expect(runs.filter((r) => r.failed)).toHaveLength(7);
  });
});
