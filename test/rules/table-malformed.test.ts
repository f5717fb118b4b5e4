/**
 * `table-malformed`: a conclusion table whose delimiter row was deleted no longer drops its claims in silence, and a
 * row missing one `|` is reported at its line instead of blaming a column (`Unexpected 3200.00, expected 2000.00`).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const PATH = 'test/fixtures/claims/house/base.md';
const base = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'house', 'base.md'), 'utf8');
const lines = base.split('\n');
const ROW = lines.findIndex((l) => l.startsWith('| **ShareGPT**'));
const DELIMITER = ROW - 1;

function check(text: string): Report {
  return checkAll([analyze(text, PATH)])[0];
}

const found = (r: Report, id: string) => r.messages.filter((m) => m.ruleId === id);

describe('table-malformed', () => {
  it('is quiet on the well-formed page', () => {
    expect(found(check(base), 'table-malformed')).toEqual([]);
  });

  it('a deleted delimiter row is an error at the table, and its wrong gain is not lost in silence', () => {
    const text = [...lines.slice(0, DELIMITER), ...lines.slice(DELIMITER + 1)].join('\n').replace('(+60.0%)', '(+38.2%)');
    const r = check(text);
    const [m] = found(r, 'table-malformed');
    expect(m.line).toBe(DELIMITER); // the header's line (1-based): the line above the deleted delimiter
    expect(m.severity).toBe('error');
    expect(m.message).toMatch(/no delimiter row/);
    // The stated gain is still a claim (read as prose), not a verified one.
    expect(r.claims.filter((c) => c.text.includes('38.2')).map((c) => c.verdict)).toEqual(['untraceable']);
  });

  it('a delimiter row with another cell count than the header says so', () => {
    const text = [...lines.slice(0, DELIMITER), '|---|---|', ...lines.slice(DELIMITER + 1)].join('\n');
    const [m] = found(check(text), 'table-malformed');
    expect(m.message).toMatch(/delimiter row has 2 cells where the header has 3/);
  });

  it('a row missing one `|` is an error at its line, and its cells are not judged against a column', () => {
    const text = [...lines.slice(0, ROW), lines[ROW].replace('120.00 | Total', '120.00 Total'), ...lines.slice(ROW + 1)].join('\n');
    const r = check(text);
    const [m] = found(r, 'table-malformed');
    expect(m.line).toBe(ROW + 1);
    expect(m.message).toMatch(/Table row has 2 cells where the header has 3/);
    // Before: `Unexpected 3200.00, expected 2000.00` blamed the baseline column.
    expect(found(r, 'claim-mismatch').filter((x) => x.line === ROW + 1)).toEqual([]);
    const row = r.claims.filter((c) => c.line === ROW + 1);
    expect(row.filter((c) => c.text === '3200.00').map((c) => c.verdict)).toEqual(['untraceable']);
    const why = found(r, 'claim-untraceable').find((x) => x.line === ROW + 1 && x.message.includes('3200.00'));
    expect(why?.message).toContain(`the row at line ${ROW + 1} has 2 cells where the header has 3`);
    // What reproduces stays verified.
    expect(row.filter((c) => c.text === '2000.00').map((c) => c.verdict)).toEqual(['verified']);
  });

  it.skipIf(!hasCorpus)('raises nothing on the real pages (the seed pages and the corpus)', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = [...markdownFiles(SEED_PAGES), ...markdownFiles(CORPUS)];
    const reports = checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f)));
    expect(reports.length).toBeGreaterThan(5);
    expect(reports.flatMap((r) => found(r, 'table-malformed').map((m) => `${r.path}:${m.line}`))).toEqual([]);
  });
});
