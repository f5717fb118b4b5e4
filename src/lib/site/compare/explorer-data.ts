// The explorer's data at build time, in two reads of the reports' rows (each report's runs as the explorer shows them,
// made by the loader: `cachedRows`). The first (`explorerIndex`, once per production build) keeps what the filters
// list, the runs per question (a model on an accelerator under a workload) and which reports have runs of each model;
// `questionRows` then reads again only the rows of one model's reports, for the page (the default question) and for
// each question's file. No step holds the rows of the whole site: at 10,000 reports they were 190 MB of JSON in one
// page.
//
// The questions the page does not ship are fetched from question files (./files.ts).
import { cachedRows } from '../cached';
import { reports, type ReportEntry } from '../collection';
import { compareText } from '../../order.js';
import { headToHeadOrder, headToHeads, type HeadToHead } from '../head-to-head.js';
import { historyOrder, setupHistories, type SetupHistory } from '../history.js';
import { filterGroups, type FilterGroup } from './options.js';
import { questionFiles } from './files.js';
import type { RunRow } from './rows.js';
import {
  completeQuestion,
  defaultView,
  filterIds,
  filterValue,
  questionCounts,
  questionIds,
  questionKey,
  questionValue,
  type Facet,
  type QuestionCount,
} from './state.js';

export interface ExplorerIndex {
  /** How many reports and runs the site has. */
  reports: number;
  runs: number;
  /** Every value of each filter, counted over every run (`filterGroups`). */
  groups: FilterGroup[];
  /** Runs per question, ordered by model, accelerator and workload: a question's position is its file's id. */
  questions: QuestionCount[];
  /** A question's position, by `questionKey`. */
  positions: Map<string, number>;
  /** The position of the question the page ships (the default one); none on a site without runs. */
  shipped: number | undefined;
  /** Each question's file (by position; the shipped question has none: -1), and each file's questions. */
  fileOf: number[];
  files: number[][];
  /** Each model's reports (by its filter value), in slug order. */
  models: Map<string, ReportEntry[]>;
}

let memo: Promise<ExplorerIndex> | undefined;

/** The index of the site's runs: made once per production build, again on each request in dev. */
export function explorerIndex(): Promise<ExplorerIndex> {
  if (!import.meta.env.PROD) return makeIndex();
  return (memo ??= makeIndex());
}

async function makeIndex(): Promise<ExplorerIndex> {
  const entries = (await reports()).slice().sort((a, b) => compareText(a.id, b.id));
  const facets: Facet[] = [];
  const models = new Map<string, ReportEntry[]>();
  // One copy of each text: a site of 190,000 runs names a few thousand models, engines and versions.
  const texts = new Map<string, string>();
  const shared = <T>(v: T): T => (typeof v === 'string' ? ((texts.get(v) ?? (texts.set(v, v), v)) as T) : v);
  for (const entry of entries)
    for (const r of cachedRows({ data: entry.ref })) {
      facets.push(Object.fromEntries(filterIds.map((id) => [id, shared(r[id])])) as Facet);
      const model = filterValue(r, 'model');
      const list = models.get(model) ?? models.set(model, []).get(model)!;
      if (list[list.length - 1] !== entry) list.push(entry);
    }
  const order = (a: QuestionCount, b: QuestionCount) => {
    for (const id of questionIds) {
      const c = compareText(questionValue(a, id), questionValue(b, id));
      if (c !== 0) return c;
    }
    return 0;
  };
  const questions = questionCounts(facets).sort(order);
  const positions = new Map(questions.map((q, i) => [questionKey(q), i]));
  const { model, gpu, dataset } = completeQuestion(questions, defaultView()).filters;
  const shipped = model.length > 0 ? positions.get(questionKey({ model: model[0], gpu: gpu[0], dataset: dataset[0] })) : undefined;
  return {
    reports: entries.length,
    runs: facets.length,
    groups: filterGroups(facets),
    questions,
    positions,
    shipped,
    ...questionFiles(questions, shipped),
    models,
  };
}

/** A model's runs, in the order of the whole site's rows, and the same runs by question (`questionKey`). */
interface ModelRows {
  rows: RunRow[];
  byQuestion: Map<string, RunRow[]>;
}

/** Models whose rows were read last: a question file reads its models in index order, and four files are made at once. */
const RECENT = 4;
const recent = new Map<string, Promise<ModelRows>>();
/** Each model's engines head to head, kept as its rows are read in a production build (a few per model). */
const heads = new Map<string, HeadToHead[]>();
/** Each model's setup histories, kept the same way. */
const histories = new Map<string, SetupHistory[]>();

/**
 * Every run of one model (by its filter value), grouped by question as it is read: a model's questions are then each
 * a lookup, not another pass over its runs. None for a model the site has not. Kept for the next few questions in a
 * production build only: the dev server reads the reports again on each request.
 */
async function modelRows(model: string): Promise<ModelRows> {
  const read = async (): Promise<ModelRows> => {
    const list = (await explorerIndex()).models.get(model) ?? [];
    const rows = list.flatMap((e) => cachedRows({ data: e.ref })).filter((r) => filterValue(r, 'model') === model);
    const byQuestion = new Map<string, RunRow[]>();
    for (const r of rows) {
      const key = questionKey(r);
      (byQuestion.get(key) ?? byQuestion.set(key, []).get(key)!).push(r);
    }
    if (import.meta.env.PROD) {
      heads.set(model, headToHeads(rows));
      histories.set(model, setupHistories(rows));
    }
    return { rows, byQuestion };
  };
  if (!import.meta.env.PROD) return read();
  const known = recent.get(model);
  if (known) return known;
  const made = read();
  recent.set(model, made);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value as string);
  return made;
}

/** Every run of the question at `position` in the index, in the order of the whole site's rows. */
export async function questionRows(position: number): Promise<RunRow[]> {
  const q = (await explorerIndex()).questions[position];
  if (!q) return [];
  return (await modelRows(questionValue(q, 'model'))).byQuestion.get(questionKey(q)) ?? [];
}

/** The runs of question file `file`: its questions' runs, one question after the other. */
export async function fileRows(file: number): Promise<RunRow[]> {
  const out: RunRow[] = [];
  for (const position of (await explorerIndex()).files[file] ?? []) out.push(...(await questionRows(position)));
  return out;
}

/**
 * Engines head to head across the site (`headToHeads` of every run): made a model at a time, since workloads of two
 * models never meet, from what reading each model's rows for the question files kept, or by reading them now.
 */
export async function siteHeadToHeads(): Promise<HeadToHead[]> {
  const out: HeadToHead[] = [];
  for (const model of (await explorerIndex()).models.keys()) out.push(...(heads.get(model) ?? headToHeads((await modelRows(model)).rows)));
  return out.sort(headToHeadOrder);
}

let historiesMemo: Promise<SetupHistory[]> | undefined;

/**
 * Every setup's history across the site (`setupHistories` of every run): made a model at a time, as the
 * head-to-heads are (a setup has one model), once per production build.
 */
export function siteHistories(): Promise<SetupHistory[]> {
  const make = async () => {
    const out: SetupHistory[] = [];
    for (const model of (await explorerIndex()).models.keys()) out.push(...(await modelHistories(model)));
    return out.sort(historyOrder);
  };
  if (!import.meta.env.PROD) return make();
  return (historiesMemo ??= make());
}

/** The histories of one model's setups (by its filter value): what reading its rows for the site kept, or read now. */
async function modelHistories(model: string): Promise<SetupHistory[]> {
  const known = histories.get(model);
  if (known) return known;
  const { rows } = await modelRows(model);
  return histories.get(model) ?? setupHistories(rows);
}

/** Each model's histories by report, made once per production build (a report page asks for its own). */
const byReport = new Map<string, Promise<Map<string, SetupHistory[]>>>();

/**
 * The histories a report's runs take part in: those of the models of `rows` (the report's own rows), never the
 * whole site's, so a report page costs the rows of its models, in the dev server too.
 */
export async function reportHistories(report: string, rows: readonly RunRow[]): Promise<SetupHistory[]> {
  const out: SetupHistory[] = [];
  for (const model of new Set(rows.map((r) => filterValue(r, 'model')))) {
    const make = async () => {
      const map = new Map<string, SetupHistory[]>();
      for (const h of await modelHistories(model)) for (const id of h.reports) (map.get(id) ?? map.set(id, []).get(id)!).push(h);
      return map;
    };
    const map = import.meta.env.PROD ? await (byReport.get(model) ?? byReport.set(model, make()).get(model)!) : await make();
    out.push(...(map.get(report) ?? []));
  }
  return out.sort(historyOrder);
}
