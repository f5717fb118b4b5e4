// The explorer's question index as the page ships it. The page carries the runs of one model (the default
// question's); every other model's runs are a file of their own, fetched when the reader asks about that model. So
// that the question can still be completed and the model list counted without them, the page carries each other
// question (model, accelerator, workload) with its number of runs, its values written once each.
import { NOT_STATED, questionValue, type QuestionCount } from './state.js';

export interface ShippedIndex {
  /** Where the model files are: `${dir}${id}.json`. */
  dir: string;
  /** Each model not shipped in the page, with the id of its file. */
  models: Array<[model: string, file: number]>;
  gpus: string[];
  datasets: string[];
  /** Each question of those models: positions in `models`, `gpus` and `datasets`, then its number of runs. */
  questions: Array<[model: number, gpu: number, dataset: number, runs: number]>;
}

/** A question of the index, with the address of its model's runs. */
export interface IndexedQuestion extends QuestionCount {
  model: string;
  gpu: string;
  dataset: string;
  href: string;
}

/**
 * The index of the questions whose model is not `shipped`: `questions` are every question of the site, `files`
 * each model's file id (by the model's filter value).
 */
export function shipIndex(
  questions: readonly QuestionCount[],
  files: ReadonlyMap<string, number>,
  shipped: string | undefined,
  dir: string,
): ShippedIndex {
  const out: ShippedIndex = { dir, models: [], gpus: [], datasets: [], questions: [] };
  const at = (list: string[], seen: Map<string, number>, value: string) => {
    let i = seen.get(value);
    if (i === undefined) seen.set(value, (i = list.push(value) - 1));
    return i;
  };
  const models = new Map<string, number>();
  const gpus = new Map<string, number>();
  const datasets = new Map<string, number>();
  for (const q of questions) {
    const model = questionValue(q, 'model');
    if (model === shipped) continue;
    const file = files.get(model);
    if (file === undefined) continue;
    let m = models.get(model);
    if (m === undefined) {
      m = out.models.push([model, file]) - 1;
      models.set(model, m);
    }
    out.questions.push([m, at(out.gpus, gpus, questionValue(q, 'gpu')), at(out.datasets, datasets, questionValue(q, 'dataset')), q.n]);
  }
  return out;
}

/** The shipped index read back: each question with its values (as the filters show them) and its model's file. */
export function readIndex(index: ShippedIndex | undefined): IndexedQuestion[] {
  if (!index) return [];
  const value = (list: string[], i: number) => list[i] ?? NOT_STATED;
  return index.questions.map(([m, g, d, n]) => {
    const [model, file] = index.models[m] ?? [NOT_STATED, -1];
    return { model, gpu: value(index.gpus, g), dataset: value(index.datasets, d), n, href: `${index.dir}${file}.json` };
  });
}
