// The explorer's question files (`compare/runs/<file>.json`): the runs of the questions the page does not ship, each
// file holding consecutive questions of the index (which orders questions by model, so a model's questions are
// together), up to `FILE_RUNS` runs; a question with more has a file of its own. One file per question made 5,600
// files at 1,000 generated reports, 4 s of the build's routes; one model's questions a file still made 1,607 (a
// generated site names about as many models as reports, most with a dozen runs), about 1 ms of the routes each. A
// reader who asks another question of the same model, or of a neighbouring one, has its runs at hand.
import type { QuestionCount } from './state.js';

/** Most runs a question file holds, unless one question has more. */
export const FILE_RUNS = 200;

/**
 * The question files: the questions in index order, but the shipped one, each file closed when the next question
 * would take it over `limit` runs.
 */
export function questionFiles(
  questions: readonly QuestionCount[],
  shipped: number | undefined,
  limit = FILE_RUNS,
): { fileOf: number[]; files: number[][] } {
  const fileOf = questions.map(() => -1);
  const files: number[][] = [];
  let open: { runs: number; questions: number[] } | null = null;
  questions.forEach((q, i) => {
    if (i === shipped) return;
    if (!open || open.runs + q.n > limit) {
      open = { runs: 0, questions: [] };
      files.push(open.questions);
    }
    open.runs += q.n;
    open.questions.push(i);
    fileOf[i] = files.length - 1;
  });
  return { fileOf, files };
}
