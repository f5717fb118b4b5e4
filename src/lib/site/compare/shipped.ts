// The explorer's question index as the page ships it. The page carries the runs of one question (a model on an
// accelerator under a workload: the default one); every other question's runs are in a question file (with the
// questions beside it in the index: ./files.ts), fetched when the reader asks it. So that a question can still be completed and the question lists counted without them, the
// page carries each other question with its number of runs, its values written once each.
import { NOT_STATED, questionValue, type QuestionCount } from './state.js';

export interface ShippedIndex {
  /** Where the question files are: `${dir}${file}.json`. */
  dir: string;
  models: string[];
  gpus: string[];
  datasets: string[];
  /** Each question not shipped in the page: positions in `models`, `gpus` and `datasets`, its runs, its file's id. */
  questions: Array<[model: number, gpu: number, dataset: number, runs: number, file: number]>;
}

/** A question of the index (its values as the filters show them), with the address of its runs. */
export interface IndexedQuestion extends QuestionCount {
  model: string;
  gpu: string;
  dataset: string;
  href: string;
}

/**
 * The index of every question that has a file (`fileOf`, by position: -1 for the one the page ships): `questions` are
 * the site's, in index order.
 */
export function shipIndex(questions: readonly QuestionCount[], fileOf: readonly number[], dir: string): ShippedIndex {
  const out: ShippedIndex = { dir, models: [], gpus: [], datasets: [], questions: [] };
  const seen = { models: new Map<string, number>(), gpus: new Map<string, number>(), datasets: new Map<string, number>() };
  const at = (list: 'models' | 'gpus' | 'datasets', value: string) => {
    let i = seen[list].get(value);
    if (i === undefined) seen[list].set(value, (i = out[list].push(value) - 1));
    return i;
  };
  questions.forEach((q, position) => {
    const file = fileOf[position] ?? -1;
    if (file < 0) return;
    out.questions.push([
      at('models', questionValue(q, 'model')),
      at('gpus', questionValue(q, 'gpu')),
      at('datasets', questionValue(q, 'dataset')),
      q.n,
      file,
    ]);
  });
  return out;
}

/** The shipped index read back: each question with its values (as the filters show them) and its file. */
export function readIndex(index: ShippedIndex | undefined): IndexedQuestion[] {
  if (!index) return [];
  const value = (list: string[], i: number) => list[i] ?? NOT_STATED;
  return index.questions.map(([m, g, d, n, file]) => ({
    model: value(index.models, m),
    gpu: value(index.gpus, g),
    dataset: value(index.datasets, d),
    n,
    href: `${index.dir}${file}.json`,
  }));
}
