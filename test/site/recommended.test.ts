// One answer, or the reason, on real pages (the seed pages and, when present, the shared corpus): for every question
// (a model on an accelerator under a workload), with no latency bound and with one, each report that marks a run
// optimized gets a note beside the answer: the answer is that run, or the note says why not, and the reason holds
// against the runs themselves.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { recommendationNotes } from '../../src/lib/site/compare/recommended.js';
import { compareRows, type ComparedPage, type RunRow } from '../../src/lib/site/compare/rows.js';
import { bestSeries, seriesOf } from '../../src/lib/site/compare/series.js';
import { defaultView, isGreyed, isPoint, pointOf, questionKey, type View } from '../../src/lib/site/compare/state.js';
import { CORPUS, SEED_PAGES, hasCorpus, markdownFiles } from '../helpers/pages.js';

function load(root: string): ComparedPage[] {
  const files = markdownFiles(root);
  const analyses = files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f));
  return checkAll(analyses).map((report) => ({ report, url: `/reports/${report.slug}/` }));
}
if (!hasCorpus) console.warn('recommended: ../shared/corpus is absent; only the seed pages are read');
const rows = compareRows([...load(SEED_PAGES), ...(hasCorpus ? load(CORPUS) : [])]);
const questions = new Map<string, RunRow[]>();
for (const r of rows) questions.set(questionKey(r), [...(questions.get(questionKey(r)) ?? []), r]);

const answer = (question: RunRow[], view: View) =>
  bestSeries(seriesOf(question.map((r) => pointOf(r, view)).filter(isPoint), view.limit))?.best ?? null;

describe("the reports' recommendations beside the answer", () => {
  const views: View[] = [defaultView(), { ...defaultView(), limit: 50 }];

  it('should note every report that marks a run optimized, once, on every question', () => {
    let notes = 0;
    for (const question of questions.values())
      for (const view of views) {
        const best = answer(question, view);
        const got = recommendationNotes(question, question, best, view);
        const reports = new Set(question.filter((r) => r.role === 'optimized').map((r) => r.report));
        expect(got.map((n) => n.report).sort()).toEqual([...reports].sort());
        notes += got.length;
      }
    expect(notes).toBeGreaterThan(2);
  });

  it('should say the answer is the recommendation only when it is, and give a reason that holds otherwise', () => {
    let same = 0;
    let reasons = 0;
    for (const question of questions.values())
      for (const view of views) {
        const best = answer(question, view);
        // The answer is never a failed, partial or flagged run.
        if (best) expect(isGreyed(best.row)).toBe(false);
        for (const n of recommendationNotes(question, question, best, view)) {
          const rec = question.find((r) => r.key === n.key)!;
          expect(rec.role).toBe('optimized');
          if (n.same) {
            expect(best?.row.key).toBe(rec.key);
            same++;
            continue;
          }
          expect(best?.row.key).not.toBe(rec.key);
          reasons++;
          const p = pointOf(rec, view);
          if (isGreyed(rec)) expect(n.text).toContain('never the answer');
          else if (!isPoint(p)) expect(n.text).toContain('not plotted');
          else if (view.limit !== null && p.x > view.limit) expect(n.text).toContain('beyond the bound');
          else {
            // Beaten: the answer gives at least as much, by the percentage the note states.
            expect(best!.y).toBeGreaterThanOrEqual(p.y);
            const stated = Number(/gives ([\d.]+)% more/.exec(n.text)![1]);
            expect(stated).toBeCloseTo((best!.y / p.y - 1) * 100, 1);
            if (p.x < best!.x) expect(n.text).toContain('trades throughput for latency');
          }
        }
      }
    expect(same).toBeGreaterThan(0);
    expect(reasons).toBeGreaterThan(0);
  });

  it('should say a recommendation the filters hide is hidden', () => {
    const question = [...questions.values()].find((q) => q.some((r) => r.role === 'optimized'))!;
    const view = defaultView();
    const kept = question.filter((r) => r.role !== 'optimized');
    const best = answer(kept, view);
    for (const n of recommendationNotes(question, kept, best, view)) expect(n.text).toContain('hidden by the filters');
  });
});
