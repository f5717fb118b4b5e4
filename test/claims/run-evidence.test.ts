// A claim is judged against the run its evidence names: every number of a table row printed by one run names that
// run, whatever the row's label matches; a conclusion cell whose throughput is the adopted run's and whose TPOT is
// another run's is an error against the adopted run (the cell names it by its other number and its side).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { SEED_PAGES } from '../helpers/pages.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'run-evidence');
const checked = (source: string, path: string) => checkAll([analyze(source, path)])[0];

describe('a claim judged on the evidence of its row and cell', () => {
  it('should verify a row whose numbers are all one run against that run, whatever its label names', () => {
    const report = checked(readFileSync(join(FIXTURES, 'row-of-one-run.md'), 'utf8'), 'row-of-one-run.md');
    const source = readFileSync(join(FIXTURES, 'row-of-one-run.md'), 'utf8');
    const rowLine = source.split('\n').findIndex((l) => l.startsWith('| Eager |')) + 1;
    const row = report.claims.filter((c) => c.line === rowLine);
    expect(row.map((c) => c.verdict)).toEqual(['verified', 'verified', 'verified']);
    const graphs = report.runs[1];
    for (const c of row) expect(c.source?.line).toBeGreaterThanOrEqual(graphs.line);
    expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });

  it('should raise an error on a cell whose TPOT is from another run than its throughput (the adopted run)', () => {
    const source = readFileSync(join(SEED_PAGES, 'qwen3-14b', 'h100.md'), 'utf8');
    const { runs } = checked(source, 'h100.md');
    const optimized = runs.find((r) => r.setup.role === 'optimized')!;
    const other = runs.find((r) => r.setup.role === 'experiment' && r.metrics.mean_tpot_ms)!;
    const tpot = optimized.metrics.mean_tpot_ms.text;
    const wrong = other.metrics.mean_tpot_ms.text;
    const row = source
      .split('\n')
      .findIndex((l) => l.includes(optimized.metrics.total_token_throughput.text) && l.includes(`Mean TPOT(ms): ${tpot}`));
    expect(row).toBeGreaterThan(0);
    const lines = source.split('\n');
    lines[row] = lines[row].replace(`Mean TPOT(ms): ${tpot}`, `Mean TPOT(ms): ${wrong}`);
    const report = checked(lines.join('\n'), 'h100.md');
    const claim = report.claims.find((c) => c.line === row + 1 && c.text === wrong)!;
    expect(claim.verdict).toBe('mismatch');
    expect(claim.recomputed).toBe(Number(tpot));
    expect(report.messages.some((m) => m.line === row + 1 && m.ruleId === 'claim-mismatch' && m.severity === 'error')).toBe(true);
  });
});
