/**
 * Fuzzing of what leaves perflab for a reader or another program, with fixed seeds (`PERFLAB_FUZZ_SEED` replays
 * another, `PERFLAB_FUZZ_RUNS` runs a long campaign):
 * - the explorer's URL parameters: random and hostile query strings (tiny, huge, NaN, negative numbers, unknown and
 *   repeated keys) always parse, quickly, to a valid view that its own query gives back, and the chart's scales
 *   finish with few finite ticks;
 * - front-matter strings (and a heading, an image, a run label) holding line breaks and control characters go
 *   through check and every sink: each terminal/log line stays one line without a control character, each CSV
 *   cell is quoted and defused, each llms.txt text opens no line, heading or link.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatMessage } from '../../src/lib/diagnostics.js';
import { formatClaims } from '../../src/lib/output/claims.js';
import { formatGithub } from '../../src/lib/output/github.js';
import { quietOutput } from '../../src/lib/output/index.js';
import { cell } from '../../src/lib/site/compare/cell.js';
import { MAX_TICKS, latencyScale, linearScale, logScale } from '../../src/lib/site/compare/scale.js';
import * as state from '../../src/lib/site/compare/state.js';
import { llmsText } from '../../src/lib/site/llms.js';
import { problems, run, RUNS, SEED } from './oracle.js';

const params = (numRuns: number) => ({ seed: SEED, numRuns: RUNS || numRuns });
if (RUNS) vi.setConfig({ testTimeout: RUNS * 200 + 60_000 });

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Why a CSV cell is unsafe, or null: unquoted with a separator, or a part a spreadsheet would run as a formula. */
function csvProblem(c: string): string | null {
  const quoted = c.startsWith('"') && c.endsWith('"') && c.length >= 2;
  if (!quoted && /[",;\t\r\n]/.test(c)) return `unquoted separator in ${JSON.stringify(c)}`;
  const text = quoted ? c.slice(1, -1).replace(/""/g, '"') : c;
  if (quoted && /(^|[^"])"([^"]|$)/.test(c.slice(1, -1))) return `lone quote in ${JSON.stringify(c)}`;
  if (/^[\t\r]/.test(text)) return `starts with tab/CR: ${JSON.stringify(c)}`;
  for (const part of text.split(/[,;\t\r\n]/)) {
    const t = part.trimStart();
    if (/^[=+\-@]/.test(t) && !NUMBER.test(t.trimEnd())) return `formula ${JSON.stringify(t)} in ${JSON.stringify(c)}`;
  }
  return null;
}

describe('fuzz: the explorer URL parameters', () => {
  const key = fc.oneof(
    fc.constantFrom(...state.filterIds, 'x', 'y', 'limit', 'limit', 'unknown', '__proto__', 'constructor', 'hasOwnProperty'),
    fc.string({ maxLength: 8 }),
  );
  const value = fc.oneof(
    fc.constantFrom('5e-324', '1e-323', '1.5e308', '1e999', 'NaN', '-1', '0', '-0', 'Infinity', '0x10', 'none', 'any', ''),
    fc.constantFrom('tpot', 'ttft', 'e2e', 'total', 'output', 'verified', 'H100', '%00', '%0A', '1e-7', '1e8'),
    fc.double().map(String),
    fc.integer().map(String),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const query = fc.oneof(
    fc.array(fc.tuple(key, value), { maxLength: 30 }).map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
    // Raw, not encoded: what a crafted link can hold.
    fc.array(fc.tuple(key, value), { maxLength: 30 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );

  it('should parse any query quickly into a valid view that its own query gives back', () => {
    fc.assert(
      fc.property(query, (q) => {
        const started = performance.now();
        const view = state.viewFromQuery(q);
        expect(performance.now() - started).toBeLessThan(2_000); // a guard against a hang, not a speed figure
        expect(Object.hasOwn(state.axes.x, view.x) && Object.hasOwn(state.axes.y, view.y)).toBe(true);
        if (view.limit !== null) {
          expect(Number.isFinite(view.limit)).toBe(true);
          expect(view.limit).toBeGreaterThanOrEqual(state.LIMIT_RANGE.min);
          expect(view.limit).toBeLessThanOrEqual(state.LIMIT_RANGE.max);
        }
        expect(Object.keys(view.filters).sort()).toEqual([...state.filterIds].sort());
        for (const values of Object.values(view.filters)) {
          expect(new Set(values).size).toBe(values.length);
          expect(values.length).toBeLessThanOrEqual(state.MAX_FILTER_VALUES);
          expect(values.every((v) => typeof v === 'string' && v !== '' && v.length <= state.MAX_VALUE_LENGTH)).toBe(true);
        }
        expect(state.viewFromQuery(state.viewToQuery(view))).toEqual(view);
      }),
      params(2000),
    );
  });

  it("should let the chart's scales finish with few finite ticks for any view and any values", () => {
    const values = fc.array(fc.oneof(fc.double(), fc.constantFrom(5e-324, 1.5e308, 0, -0, 88.09, 1e-323)), { maxLength: 50 });
    fc.assert(
      fc.property(query, values, (q, xs) => {
        const view = state.viewFromQuery(q);
        const started = performance.now();
        const all = view.limit === null ? xs : [...xs, view.limit];
        for (const scale of [latencyScale(all.length ? all : [1]), logScale(all), linearScale(all)]) {
          expect(scale.ticks.length).toBeLessThanOrEqual(3 * (MAX_TICKS + 1));
          expect(scale.ticks.every(Number.isFinite) && scale.domain.every(Number.isFinite)).toBe(true);
          expect(Number.isFinite(scale.at(scale.domain[0])) && Number.isFinite(scale.at(scale.domain[1]))).toBe(true);
        }
        expect(performance.now() - started).toBeLessThan(2_000); // a guard against a hang, not a speed figure
      }),
      params(2000),
    );
  });
});

describe('fuzz: front-matter strings with line breaks and control characters, through check and every sink', () => {
  const fragment = fc.oneof(
    fc.constantFrom(
      '\n',
      '\r',
      '\r\n',
      '\t',
      '\u001b[2K',
      '\u001b[1A',
      '\u001b]0;x\u0007',
      '\u0085',
      '\u009b',
      '\u202e',
      '\u2066',
      '\u2028',
    ),
    fc.constantFrom('::error file=README.md,line=1::FAKE', '::warning::x', "=cmd|' /C calc'!A0", ';', ',', '@SUM(1)', '+1', '-2+3'),
    fc.constantFrom('## Injected', '- [Official download](https://evil.example/)', '[', ']', '<', '>', '"', "'", '\\', 'www.x.y', ' '),
    fc.string({ maxLength: 6 }),
    fc.string({ unit: 'binary', maxLength: 6 }),
  );
  const hostile = fc.array(fragment, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));

  const page = fc
    .record({ title: hostile, model: hostile, gpu: hostile, gpus: hostile, label: hostile, heading: hostile, src: hostile })
    .map((s) => {
      const oneLine = (t: string) => t.replace(/[\r\n\u0085\u2028\u2029]/g, ' ');
      return [
        '---',
        `title: ${JSON.stringify(s.title)}`,
        `model: ${JSON.stringify(s.model)}`,
        `gpu: ${JSON.stringify(s.gpu)}`,
        `gpus: ${JSON.stringify(s.gpus)}`,
        '---',
        `# Optimizing ${oneLine(s.heading)} Throughput on H100`,
        '',
        `<img src="${s.src}">`,
        '',
        `![x](${oneLine(s.src)})`,
        '',
        '## Experiment Results',
        '',
        '??? info "Benchmark result"',
        '    ```',
        `    # ${oneLine(s.label)}`,
        '    ============ Serving Benchmark Result ============',
        '    Successful requests:                     1000',
        '    Total Token throughput (tok/s):          2352.82',
        '    Mean TPOT (ms):                          88.09',
        '    ==================================================',
        '    ```',
        '',
        `Throughput was 2352.82 tok/s ${oneLine(s.title)}.`,
        '',
      ].join('\n');
    });

  it('should check every such page, and keep each printed line one line without a control character', () => {
    fc.assert(
      fc.property(page, (text) => {
        const checked = run(text);
        expect(problems(checked, text)).toEqual([]);
        const { report } = checked;
        for (const m of report.messages) expect(formatMessage(m)).not.toMatch(CONTROL);
        const reports = [report];
        for (const out of [quietOutput(reports), formatClaims(reports), formatGithub(report.messages, '/')])
          for (const line of out.split('\n')) expect(line).not.toMatch(CONTROL);
        expect(formatGithub(report.messages, '/').split('\n').filter(Boolean)).toHaveLength(report.messages.length);
      }),
      params(200),
    );
  });

  it('should give a safe CSV cell and a one-line llms.txt text for every string the page holds', () => {
    fc.assert(
      fc.property(page, (text) => {
        const { report } = run(text);
        const strings = [
          report.title,
          ...report.runs.map((r) => r.label),
          ...Object.values(report.frontmatter).filter((v): v is string => typeof v === 'string'),
        ].filter((s): s is string => typeof s === 'string');
        for (const s of strings) {
          expect(csvProblem(cell(s))).toBeNull();
          const t = llmsText(s);
          expect(t).not.toMatch(CONTROL);
          expect(t).not.toMatch(/(^|[^\\])(\\\\)*[[\]<>]/);
        }
      }),
      params(200),
    );
  });

  it('should make every hostile string a safe CSV cell', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(csvProblem(cell(s))).toBeNull();
      }),
      params(2000),
    );
  });
});
