// The explorer's data at build time, in two reads of the reports. The first (`explorerIndex`, once per production
// build) keeps only what each run is filtered by and which reports have runs of each model; `modelRows` reads again
// only the reports of one model, for the page (the default question's model) and for that model's file. No step
// holds the rows of the whole site: at 10,000 reports they were 190 MB of JSON in one page.
import { fullEntry } from '../cached';
import { reports, type ReportEntry } from '../collection';
import { compareText } from '../../order.js';
import { headToHeadOrder, headToHeads, type HeadToHead } from '../head-to-head.js';
import { compareRows, type RunRow } from './rows.js';
import { filterIds, filterValue, questionCounts, type Facet, type QuestionCount } from './state.js';

export interface ExplorerIndex {
  /** How many reports and runs the site has. */
  reports: number;
  runs: number;
  /** What each run is filtered by, its text shared with the runs that have the same values. */
  facets: Facet[];
  /** Runs per question (model, accelerator, workload). */
  questions: QuestionCount[];
  /** Each model's filter value, in sorted order (its position is its file's id), with its reports in slug order. */
  models: Array<{ model: string; reports: ReportEntry[] }>;
  /** Each model's file id, by its filter value. */
  files: Map<string, number>;
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
  const byModel = new Map<string, ReportEntry[]>();
  // One copy of each text: a site of 190,000 runs names a few thousand models, engines and versions.
  const texts = new Map<string, string>();
  const shared = <T>(v: T): T => (typeof v === 'string' ? ((texts.get(v) ?? (texts.set(v, v), v)) as T) : v);
  let runs = 0;
  for (const entry of entries) {
    const rows = compareRows(pagesOf([entry]));
    runs += rows.length;
    for (const r of rows) {
      facets.push(Object.fromEntries(filterIds.map((id) => [id, shared(r[id])])) as Facet);
      const model = filterValue(r, 'model');
      const list = byModel.get(model) ?? byModel.set(model, []).get(model)!;
      if (list[list.length - 1] !== entry) list.push(entry);
    }
  }
  const models = [...byModel].sort((a, b) => compareText(a[0], b[0])).map(([model, reports]) => ({ model, reports }));
  return {
    reports: entries.length,
    runs,
    facets,
    questions: questionCounts(facets),
    models,
    files: new Map(models.map((m, i) => [m.model, i])),
  };
}

/** Each model's engines head to head, kept as its rows are read in a production build (a few per model). */
const heads = new Map<string, HeadToHead[]>();

/** Every run of one model (by its filter value), in the order of the whole site's rows; none for a model it has not. */
export async function modelRows(model: string): Promise<RunRow[]> {
  const index = await explorerIndex();
  const entry = index.models[index.files.get(model) ?? -1];
  if (!entry) return [];
  const rows = compareRows(pagesOf(entry.reports)).filter((r) => filterValue(r, 'model') === model);
  if (import.meta.env.PROD) heads.set(model, headToHeads(rows));
  return rows;
}

/**
 * Engines head to head across the site (`headToHeads` of every run): made a model at a time, since workloads of two
 * models never meet, from what reading each model's rows for its file kept, or by reading them now.
 */
export async function siteHeadToHeads(): Promise<HeadToHead[]> {
  const out: HeadToHead[] = [];
  for (const { model } of (await explorerIndex()).models) out.push(...(heads.get(model) ?? headToHeads(await modelRows(model))));
  return out.sort(headToHeadOrder);
}

/** The reports as the rows read them, one at a time. */
function* pagesOf(entries: readonly ReportEntry[]) {
  for (const e of entries) {
    const data = e.data;
    yield { report: fullEntry({ data }), url: data.site.url };
  }
}
