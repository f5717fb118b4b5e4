/**
 * A summary chain step between runs on different device counts (one GPU, then `--tp 2`): the gain is divided per
 * GPU only where the page says so (`/GPU` on the row, `per GPU` in the step's experiment, a per-device conclusion
 * table); a page that states a plain ratio is judged on the plain ratio. Before, the division was made from the
 * commands alone, and a correct `+114.0%` was an error ("expected +7.0%").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';

const PATH = 'test/fixtures/claims/house/two-gpus.md';
const page = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'claims', 'house', 'two-gpus.md'), 'utf8');
const ROW = '| Chunked Prefill and TP2     | <span style="background-color:lightgreen;">+114.0%</span> |';

function step(text: string): { verdict: string; formula: string | null; recomputed: number | null } {
  const report: Report = checkAll([analyze(text, PATH)])[0];
  const line = text.split('\n').findIndex((l) => l.startsWith('| Chunked Prefill and TP2')) + 1;
  const [c] = report.claims.filter((x) => x.line === line);
  return { verdict: c.verdict, formula: c.formula, recomputed: c.recomputed };
}

describe('summary chain across device counts', () => {
  it('a plain ratio stated as such is verified, not divided per GPU', () => {
    expect(page).toContain(ROW);
    expect(step(page)).toEqual({ verdict: 'verified', formula: '(6400.00 / 2990.00 - 1) x 100', recomputed: 114 });
  });

  it('a wrong plain ratio is a mismatch against the plain ratio', () => {
    expect(step(page.replace('+114.0%', '+124.0%'))).toMatchObject({ verdict: 'mismatch', recomputed: 114 });
  });

  it('`/GPU` on the row divides by the device counts of the two commands', () => {
    expect(step(page.replace('+114.0%</span>', '(+7.0%/GPU)</span>'))).toEqual({
      verdict: 'verified',
      formula: '(6400.00 / 2 / 2990.00 - 1) x 100',
      recomputed: 7,
    });
  });

  it("`per GPU` in the step's experiment divides too", () => {
    const text = page
      .replace('+114.0%</span>', '+7.0%</span>')
      .replace('\n### Summary of Optimization', '\nTP2 gives 7.0% more total token throughput per GPU.\n\n### Summary of Optimization');
    expect(step(text)).toMatchObject({ verdict: 'verified', formula: '(6400.00 / 2 / 2990.00 - 1) x 100' });
    // Without those words the same +7.0% is a plain ratio, and wrong.
    expect(step(page.replace('+114.0%</span>', '+7.0%</span>'))).toMatchObject({ verdict: 'mismatch', recomputed: 114 });
  });
});
