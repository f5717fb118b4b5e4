/**
 * An acknowledgement written after a row's closing `|` (issue 46): Markdown reads it as a cell of its own, so the row
 * has one cell too many. `table-malformed` says so and where the comment goes (inside the last cell, before the
 * closing `|`); there, the same comment is taken and the row is well formed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';

const PATH = 'test/fixtures/claims/house/base.md';
const base = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'house', 'base.md'), 'utf8');
const ROW = '<br>Mean TPOT(ms): 80.00 |';
const ACK = '<!-- perflab-ignore claim-mismatch: kept as published upstream -->';
// A wrong gain, so that there is a finding to acknowledge.
const wrong = base.replace('(+60.0%)', '(+38.2%)');

const check = (text: string): Report => checkAll([analyze(text, PATH)])[0];
const of = (r: Report, id: string) => r.messages.filter((m) => m.ruleId === id);

describe('an acknowledgement after the closing `|` of a row', () => {
  it('should be taken inside the last cell: no table-malformed, the mismatch acknowledged', () => {
    const r = check(wrong.replace(ROW, `<br>Mean TPOT(ms): 80.00 ${ACK} |`));
    expect(of(r, 'table-malformed')).toEqual([]);
    const [m] = of(r, 'claim-mismatch');
    expect(m.acknowledged?.reason).toBe('kept as published upstream');
  });

  it('should, after the closing `|`, be a table-malformed error that says where to put the comment', () => {
    const r = check(wrong.replace(ROW, `${ROW} ${ACK}`));
    const [m] = of(r, 'table-malformed');
    expect(m.line).toBe(16);
    expect(m.message).toBe(
      'Table row has 4 cells where the header has 3: the `perflab-ignore` comment after the closing `|` is read as a cell of ' +
        'its own. Put it inside the last cell, before the closing `|`: `... <!-- perflab-ignore rule-id: reason --> |`',
    );
  });

  it('should keep the plain message for a row with a `|` too many that holds no acknowledgement', () => {
    const r = check(wrong.replace(ROW, `${ROW} extra |`));
    const [m] = of(r, 'table-malformed');
    expect(m.message).toMatch(/^Table row has 4 cells where the header has 3: a `\|` is missing or one too many/);
  });
});
