// Real write-ups from other projects, each stated number with a verdict checked by hand (../shared/realpages, beside
// the repository; skipped with a visible message without it). What is held here is the judgement, not a count:
// no number the hand labels call correct is a mismatch, and every worked-arithmetic claim agrees with its label.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', 'shared', 'realpages');
const sets = existsSync(ROOT) ? readdirSync(ROOT).filter((d) => existsSync(join(ROOT, d, 'claims.json'))) : [];
if (sets.length === 0) console.warn(`SKIPPED: real-page tests need ../shared/realpages (not found at ${ROOT})`);

interface Label {
  file: string;
  line: number;
  stated: string;
  verdict: 'ok' | 'mismatch' | 'untraceable';
}

function checked(set: string) {
  const dir = join(ROOT, set);
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  const reports = checkAll(files.map((f) => analyze(readFileSync(join(dir, f), 'utf8'), f)));
  const labels = JSON.parse(readFileSync(join(dir, 'claims.json'), 'utf8')) as Label[];
  // A label on the claim's line whose stated text holds the claim's number.
  const labelOf = (file: string, line: number, text: string) =>
    labels.filter((l) => l.file === file && l.line === line && l.stated.replace(/,/g, '').includes(text.replace(/,/g, '')));
  return { reports, labelOf };
}

describe.skipIf(sets.length === 0)('the hand-labelled real pages', () => {
  it.each(sets)('%s: no number labelled correct is a mismatch', (set) => {
    const { reports, labelOf } = checked(set);
    const falseErrors = reports.flatMap((r) =>
      r.claims
        // A number the labels judge twice (`ok` as its row's own sum, `mismatch` as a copy of the run) is a mismatch
        // by one of them: only a number labelled correct and never wrong counts.
        .filter((c) => {
          const labels = labelOf(r.path, c.line, c.text);
          return c.verdict === 'mismatch' && labels.some((l) => l.verdict === 'ok') && !labels.some((l) => l.verdict === 'mismatch');
        })
        .map((c) => `${r.path}:${c.line}:${c.column} ${c.text}`),
    );
    expect(falseErrors).toEqual([]);
  });

  it('should judge arithmetic worked out in plain fences as the labels do, flagging the slips', () => {
    const judged = sets.flatMap((set) => {
      const { reports, labelOf } = checked(set);
      return reports.flatMap((r) =>
        r.claims
          .filter((c) => c.kind === 'arithmetic')
          .map((c) => ({ at: `${set}/${r.path}:${c.line} ${c.text}`, verdict: c.verdict, labels: labelOf(r.path, c.line, c.text) })),
      );
    });
    expect(judged.filter((j) => j.labels.length === 0).map((j) => j.at)).toEqual([]);
    const disagree = judged.filter(
      (j) => !j.labels.some((l) => (l.verdict === 'ok') === (j.verdict === 'verified' || j.verdict === 'consistent')),
    );
    expect(disagree.map((j) => `${j.at}: ${j.verdict}`)).toEqual([]);
    expect(judged.filter((j) => j.verdict === 'mismatch').length).toBeGreaterThan(0);
  });
});
