/**
 * Property-based fuzzing of the pipeline the CLI runs (`analyze` + `checkAll`) over generated pages of this family,
 * raw random text and damaged real pages. Fixed seeds keep CI deterministic; on failure fast-check prints the
 * shrunk counterexample and the seed/path to replay it. `PERFLAB_FUZZ_RUNS=20000` runs a long campaign.
 *
 * Known defects fixed elsewhere are kept out of the generators, not hidden by the assertions: regex blow-ups
 * (runs of `<!---->` after TOC links, `Result:` + many spaces, fence lines of dashes, `[` x N, acknowledgement
 * comments with many spaces), lone-CR line breaks losing runs, `-0`, and `toFixed` on huge decimals.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';
import { blockArb } from './blocks.js';
import { baselessClaims, lostFences, problems, run, RUNS, SEED } from './oracle.js';
import { pageArb } from './pages.js';
import { resultAdmonition, resultsSection } from './results-section.js';

const params = (numRuns: number) => ({ seed: SEED, numRuns: RUNS || numRuns });
// A long campaign needs more than the default per-test timeout.
if (RUNS) vi.setConfig({ testTimeout: RUNS * 200 + 60_000 });

describe('fuzz: generated pages through analyze + checkAll', () => {
  it('should never throw, always give a valid report, and finish each page in bounded time', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        expect(problems(run(page.text), page.text)).toEqual([]);
      }),
      params(300),
    );
  });

  it('should never lose a result block: each fence in a result admonition is a run or a benchmark-unparsed message', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        const { report } = run(page.text);
        expect(
          lostFences(
            report,
            page.resultFences.map((f) => f.line),
          ),
        ).toEqual([]);
      }),
      params(300),
    );
  });

  it('should make a run of every well-formed result block', () => {
    // A block in a known format with a header or a metric stays a run whatever the damage: never "unparsed".
    fc.assert(
      fc.property(pageArb, (page) => {
        const { report } = run(page.text);
        const withRun = new Set(report.runs.map((r) => r.fenceLine));
        const clean = page.resultFences.filter(
          (f) => f.block.shape !== 'garbage' && f.block.lines.some((l) => /Serving Benchmark Result|^Successful requests:/.test(l)),
        );
        expect(clean.filter((f) => !withRun.has(f.line)).map((f) => f.line)).toEqual([]);
      }),
      params(300),
    );
  });

  it('should put every claim on a line that states a number, at the column where its text stands', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        const { report } = run(page.text);
        expect(baselessClaims(report, page.text)).toEqual([]);
      }),
      params(300),
    );
  });

  it('should keep a lone block in a result admonition as a run or a message, in any of the three formats', () => {
    fc.assert(
      fc.property(blockArb, fc.constantFrom('```', '~~~'), (block, fence) => {
        const text = resultsSection(...resultAdmonition(fence, block.lines));
        const checked = run(text);
        expect(problems(checked, text)).toEqual([]);
        expect(lostFences(checked.report, [6])).toEqual([]);
        expect(baselessClaims(checked.report, text)).toEqual([]);
      }),
      params(300),
    );
  });
});

describe('fuzz: raw text', () => {
  it('should never throw on random strings of any code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000, size: 'large' }), (text) => {
        expect(problems(run(text), text)).toEqual([]);
      }),
      params(300),
    );
  });

  it('should never throw on random lines built from Markdown and benchmark tokens', () => {
    const token = fc.constantFrom(
      '#',
      '## Conclusion',
      '### 1. X',
      '|',
      '---',
      '```',
      '~~~',
      '??? info "Benchmark result"',
      '!!! note',
      '    ',
      '\t',
      '\r\n',
      '\n',
      '<!--',
      '-->',
      '[a](#b)',
      '![i](x.png)',
      'Total TPS: 1.5',
      '(+10%)',
      'Result:',
      '>',
      'Successful requests: 10',
      '=====',
      '-----',
      '\u0000',
      '<br>',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 200 }), (tokens) => {
        const text = tokens.join('');
        expect(problems(run(text), text)).toEqual([]);
      }),
      params(300),
    );
  });
});

const ESSAYS = join(import.meta.dirname, '..', 'fixtures', 'essay-pages');
const realPages = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : []), ...markdownFiles(ESSAYS)].map((f) =>
  readFileSync(f, 'utf8'),
);

/** Pieces whose long runs have made regexes backtrack: blanks, markup, number parts, comparison words, separators. */
const RUN_PIECES = [
  ' ',
  '\t',
  '*',
  '_',
  '|',
  '1',
  '1,',
  '.',
  '-',
  '`',
  '[',
  '<',
  'vs. ',
  'about ',
  '约',
  '±',
  '\u2028',
  '\r',
  '| 1 ',
  '- ',
  '1. ',
];

/** A mutation of a real page: byte flips, line deletion and duplication, truncation, a long run of one piece. */
const mutation = fc.oneof(
  fc.tuple(fc.constant('flip' as const), fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  fc.tuple(
    fc.constant('run' as const),
    fc.nat(),
    fc.tuple(fc.constantFrom(...RUN_PIECES), fc.integer({ min: 200, max: 4000 })).map(([p, n]) => p.repeat(n)),
  ),
  fc.tuple(fc.constant('delete' as const), fc.nat(), fc.constant('')),
  fc.tuple(fc.constant('duplicate' as const), fc.nat(), fc.constant('')),
  fc.tuple(fc.constant('truncate' as const), fc.nat(), fc.constant('')),
);

function mutate(text: string, steps: readonly (readonly ['flip' | 'run' | 'delete' | 'duplicate' | 'truncate', number, string])[]): string {
  let out = text;
  for (const [op, at, ch] of steps) {
    if (op === 'run') {
      const i = out.length === 0 ? 0 : at % out.length;
      out = out.slice(0, i) + ch + out.slice(i);
    } else if (op === 'flip') {
      const i = out.length === 0 ? 0 : at % out.length;
      out = out.slice(0, i) + ch + out.slice(i + 1);
    } else if (op === 'truncate') out = out.slice(0, out.length === 0 ? 0 : at % out.length);
    else {
      const lines = out.split('\n');
      const i = at % lines.length;
      if (op === 'delete') lines.splice(i, 1);
      else lines.splice(i, 0, lines[i]);
      out = lines.join('\n');
    }
  }
  return out;
}

describe('fuzz: damaged real pages', () => {
  it.skipIf(realPages.length === 0)(
    'should never throw on real pages and write-ups with flipped bytes, long runs of one piece, lines deleted or duplicated, or cut short',
    () => {
      fc.assert(
        fc.property(fc.nat({ max: realPages.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 8 }), (i, steps) => {
          const text = mutate(realPages[i], steps);
          expect(problems(run(text), text)).toEqual([]);
        }),
        params(40),
      );
    },
  );
});
