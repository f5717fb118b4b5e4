import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { computeTables } from '../../src/lib/tables/tables.js';
import { formatFixed } from '../../src/lib/numbers/number.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perflab.mjs');
const NUMBER = /[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g;

function perflab(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function load(file: string): { report: Report; source: string } {
  const source = readFileSync(file, 'utf8');
  return { report: checkAll([analyze(source, relative(ROOT, file), file)])[0], source };
}

/** Numbers of a table line (acknowledgement comments aside). */
function numbers(line: string): string[] {
  return (
    line
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/background-color:[^;"]*;?/g, '')
      .match(NUMBER) ?? []
  );
}

/** Pages whose stated conclusion and summary rows are all verified: their tables are right. */
function rightPages(files: string[]) {
  return files
    .map((f) => ({ file: f, ...load(f) }))
    .filter(({ report }) => report.kind === 'report' && report.conclusion.length + report.summary.length > 0)
    .filter(({ report }) => {
      const rows = new Set([...report.conclusion, ...report.summary].map((r) => r.line));
      return report.claims.filter((c) => rows.has(c.line)).every((c) => c.verdict === 'verified');
    });
}

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT });
});

describe('perflab tables on real pages whose stated tables are right', () => {
  const pages = rightPages([...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])]);

  it('should find such pages', () => {
    expect(pages.map((p) => relative(ROOT, p.file).replace(/^\.\.\/\.\.\/shared\//, ''))).toEqual(
      expect.arrayContaining(['test/fixtures/seed-pages/qwen3.5-35b-a3b/h200-latency.md']),
    );
    expect(pages.length).toBeGreaterThanOrEqual(hasCorpus ? 5 : 1);
  });

  it('should reproduce every number of the stated conclusion and summary rows, row by row', () => {
    for (const { file, report, source } of pages) {
      const lines = source.split('\n');
      // Generated rows come in the stated order; pair them by their text with the numbers blanked out.
      const skeleton = (l: string) =>
        l
          .replace(/<!--[\s\S]*?-->/g, '')
          .replace(NUMBER, '#')
          .replace(/\s+/g, ' ')
          .trim();
      const out = computeTables(report, source).markdown.split('\n');
      let from = 0;
      for (const row of [...report.conclusion, ...report.summary]) {
        const stated = lines[row.line - 1];
        const at = out.findIndex((l, i) => i >= from && skeleton(l) === skeleton(stated));
        expect(at, `${file}:${row.line}`).toBeGreaterThanOrEqual(0);
        expect(numbers(out[at]), `${file}:${row.line}`).toEqual(numbers(stated));
        from = at + 1;
      }
    }
  });

  // Every printed row, also those whose stated numbers are wrong (the printed ones are computed): the repository's
  // own throughput pages have such rows, so this holds on a clone without the shared corpus too.
  it('should print throughput cells as the runs print them and improvements from the displayed cells', () => {
    let checked = 0;
    const all = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])].map((file) => load(file));
    for (const { report, source } of all) {
      const printed = new Set(
        report.runs.flatMap((r) => (r.metrics.total_token_throughput ? [r.metrics.total_token_throughput.text] : [])),
      );
      for (const line of computeTables(report, source).markdown.split('\n')) {
        const m = /Total TPS: ([\d.]+)<br>.*\| Total TPS: ([\d.]+) <span[^>]*>\(([+-][\d.]+)%\)/.exec(line);
        if (!m) continue;
        expect(printed.has(m[1]) && printed.has(m[2]), line).toBe(true);
        const decimals = m[3].split('.')[1]?.length ?? 0;
        expect(m[3].replace(/^\+/, ''), line).toBe(formatFixed((Number(m[2]) / Number(m[1]) - 1) * 100, decimals));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});

describe('perflab tables on a page with a wrong summary step', () => {
  it('should print the computed steps and say on stderr which stated numbers it changed', () => {
    const { report, source } = load(join(SEED_PAGES, 'qwen3-14b', 'h100.md'));
    const { markdown, changes, notes } = computeTables(report, source);
    expect(changes).toEqual([
      'line 305:76: stated `+27.7%`, computed `+27.4%` from (8403.97 / 6595.66 - 1) x 100',
      'line 306:76: stated `+23.8%`, computed `+24.1%` from (10426.27 / 8403.97 - 1) x 100',
    ]);
    expect(notes).toEqual([]);
    expect(markdown).toContain('| Engine Selection            | <span style="background-color:lightgreen;">+27.4%</span> |');
    expect(markdown).not.toContain('perflab-ignore');
  });

  it('should change nothing on the pages whose tables are right', () => {
    for (const { file, report, source } of rightPages([...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])])) {
      expect(computeTables(report, source).changes, file).toEqual([]);
    }
  });
});

describe('perflab tables on a page without a conclusion table', () => {
  it('should build the main row from the baseline and adopted runs, and the rows of "Other Benchmark Cases", with the numbers the stated table had', () => {
    const file = join(SEED_PAGES, 'qwen3-14b', 'h100.md');
    const source = readFileSync(file, 'utf8');
    const { report } = load(file);
    const rowLines = new Set(report.conclusion.map((r) => r.line));
    const stripped = source
      .split('\n')
      .filter((_, i) => !rowLines.has(i + 1))
      .join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'perflab-tables-'));
    writeFileSync(join(dir, 'page.md'), stripped);
    const r = perflab(['tables', 'page.md'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('page.md: the page has no conclusion row for its main benchmark case: its row is computed from');
    const generated = r.stdout.split('\n').filter((l) => l.startsWith('| **'));
    expect(generated.length).toBe(report.otherCases.length + 1);
    // The main case's row, from the page's baseline and adopted runs, and each other case's row carry exactly the
    // numbers of the stated row that quoted the same runs.
    const stated = report.conclusion.map((row) => numbers(source.split('\n')[row.line - 1].split('|').slice(2).join('|')));
    const produced = generated.map((l) => numbers(l.split('|').slice(2).join('|')));
    expect(produced[0]).toEqual(stated[0]);
    expect([...produced].sort()).toEqual([...stated].sort());
  });

  it('should exit 2 on a missing page (usage error)', () => {
    const r = perflab(['tables', 'absent.md'], mkdtempSync(join(tmpdir(), 'perflab-tables-')));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('perflab: no such file: absent.md\n');
  });
});
