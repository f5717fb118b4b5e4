// The explorer's view: filters, axes and latency limit, kept in the URL query so a view can be shared; which rows
// it keeps, where they plot (throughput per GPU against latency), the Pareto front and the best run under the
// limit. Pure functions, shared by the page's script and the tests.
import type { RunRow, Verdict } from './types.js';

export const NOT_STATED = 'not stated';

/** The question: which model, on which accelerator, under which workload. One value each, always set once the explorer has rows. */
export const questionIds = ['model', 'gpu', 'dataset'] as const;
export type QuestionId = (typeof questionIds)[number];

export const filterIds = [
  'model',
  'gpu',
  'dataset',
  'gpus',
  'engine',
  'version',
  'precision',
  'parallelism',
  'concurrency',
  'verdict',
] as const;
export type FilterId = (typeof filterIds)[number];

/** The filters beyond the question: checkbox groups, all unticked at first (every run kept). */
export const moreFilterIds = filterIds.filter(
  (id): id is Exclude<FilterId, QuestionId> => !(questionIds as readonly string[]).includes(id),
);

export const isQuestion = (id: FilterId): id is QuestionId => (questionIds as readonly string[]).includes(id);

export const filterLabels: Record<FilterId, string> = {
  model: 'Model',
  gpu: 'Accelerator',
  dataset: 'Workload',
  gpus: 'GPU count',
  engine: 'Engine',
  version: 'Engine version',
  precision: 'Precision',
  parallelism: 'Parallelism',
  concurrency: 'Concurrency',
  verdict: 'Verdict',
};

export const verdictLabels: Record<Verdict, string> = {
  verified: 'verified',
  contradicted: 'contradicted by the page',
  uncited: 'not cited',
  flagged: 'flagged',
  partial: 'partial',
  failed: 'failed',
};

/** A failed, partial or flagged run is shown greyed and is never the answer: its numbers are not a result to adopt. */
export function isGreyed(row: Pick<RunRow, 'verdict'>): boolean {
  return row.verdict === 'failed' || row.verdict === 'partial' || row.verdict === 'flagged';
}

/** What the filters read of a run. */
export type Facet = Pick<RunRow, FilterId>;

/** The filter value of a row, as shown on its checkbox or option. */
export function filterValue(row: Facet, id: FilterId): string {
  const text = (v: string | number | null) => (v === null || v === '' ? NOT_STATED : String(v));
  switch (id) {
    case 'version':
      return row.engine && row.version ? `${row.engine} ${row.version}` : NOT_STATED;
    case 'verdict':
      return row.verdict;
    default:
      return text(row[id]);
  }
}

export const axes = {
  x: {
    tpot: { label: 'Mean TPOT', unit: 'ms' },
    ttft: { label: 'Mean TTFT', unit: 'ms' },
    e2e: { label: 'Mean end-to-end latency', unit: 's' },
  },
  y: {
    total: { label: 'Total token throughput per GPU', short: 'Total throughput', unit: 'tok/s/GPU' },
    output: { label: 'Output token throughput per GPU', short: 'Output throughput', unit: 'tok/s/GPU' },
  },
} as const;
export type XAxis = keyof typeof axes.x;
export type YAxis = keyof typeof axes.y;

export interface View {
  /** The question's three values (one each, or none before `completeQuestion`) and the other filters' ticked values. */
  filters: Record<FilterId, string[]>;
  x: XAxis;
  y: YAxis;
  /** Latency bound in the x axis' unit; null for none (the default). */
  limit: number | null;
}

/** No filter, no latency bound, TPOT against total throughput per GPU; the question is filled by `completeQuestion`. */
export function defaultView(): View {
  const filters = Object.fromEntries(filterIds.map((id) => [id, [] as string[]])) as Record<FilterId, string[]>;
  return { filters, x: 'tpot', y: 'total', limit: null };
}

const isX = (v: string | null): v is XAxis => v !== null && Object.hasOwn(axes.x, v);
const isY = (v: string | null): v is YAxis => v !== null && Object.hasOwn(axes.y, v);

/** The latency limits a view accepts, in any axis' unit: beyond them a limit is clamped (a chart stays drawable). */
export const LIMIT_RANGE = { min: 1e-3, max: 1e7 } as const;
/** At most this many values per filter, each at most this long: a longer query is cut, never slow. */
export const MAX_FILTER_VALUES = 1000;
export const MAX_VALUE_LENGTH = 500;

/** A plain decimal number (`100`, `0.5`, `1e3`): what a limit may be written as. */
const DECIMAL = /^\s*\+?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/**
 * A latency limit typed or put in the URL: `none` or empty for no limit; a positive decimal number, clamped to
 * `LIMIT_RANGE`; anything else (NaN, a negative, zero, hex, garbage) is `undefined`, which the caller reads as
 * "no limit".
 */
export function parseLimit(text: string | null): number | null | undefined {
  if (text === null) return undefined;
  if (text === 'none' || text.trim() === '') return null;
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  if (!(n > 0)) return undefined;
  return Math.min(LIMIT_RANGE.max, Math.max(LIMIT_RANGE.min, n));
}

/**
 * The view a query string describes: the one validating parse of the explorer's URL parameters. What it leaves
 * out keeps its default; an unknown key is ignored, a repeated axis takes its first valid value, a question field
 * (`model`, `gpu`, `dataset`) its first non-empty value, another filter keeps its distinct non-empty values (at
 * most `MAX_FILTER_VALUES`); every value is cut to `MAX_VALUE_LENGTH`; a limit is parsed by `parseLimit`. Whatever
 * the query, the result is a valid view and the cost is linear in the query's length. Values the site does not
 * have are left to `completeQuestion` (the question) and match nothing (the other filters).
 */
export function viewFromQuery(query: string): View {
  const params = new URLSearchParams(query);
  const view = defaultView();
  for (const id of filterIds) {
    const values = new Set<string>();
    const most = isQuestion(id) ? 1 : MAX_FILTER_VALUES;
    for (const v of params.getAll(id)) {
      if (values.size >= most) break;
      // `verdict=any` was the old way to say "every verdict": every verdict is the default now.
      if (v !== '' && !(id === 'verdict' && v === 'any')) values.add(v.slice(0, MAX_VALUE_LENGTH));
    }
    view.filters[id] = [...values];
  }
  const x = params.getAll('x').find(isX);
  if (x) view.x = x;
  const y = params.getAll('y').find(isY);
  if (y) view.y = y;
  view.limit = parseLimit(params.get('limit')) ?? null;
  return view;
}

/** The shortest query for a view: the question first, then what differs from the defaults. */
export function viewToQuery(view: View): string {
  const params = new URLSearchParams();
  const base = defaultView();
  for (const id of filterIds) for (const v of view.filters[id]) params.append(id, v);
  if (view.x !== base.x) params.set('x', view.x);
  if (view.y !== base.y) params.set('y', view.y);
  if (view.limit !== null) params.set('limit', String(view.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What the question reads of a run: its model, accelerator and workload. */
export type QuestionFacet = Pick<RunRow, QuestionId>;

/** How many runs share one question (a model, an accelerator and a workload): the question index of a site. */
export interface QuestionCount extends QuestionFacet {
  n: number;
}

/** A question field's value, as `filterValue` gives it. */
export const questionValue = (row: QuestionFacet, id: QuestionId): string => (row[id] === null || row[id] === '' ? NOT_STATED : row[id]);

/** One text per question: its three values as the filters show them (an empty value and none are both `not stated`). */
export const questionKey = (q: QuestionFacet): string => JSON.stringify(questionIds.map((id) => questionValue(q, id)));

/** Runs per question (by `questionKey`), in the order each question first appears. */
export function questionCounts(rows: readonly QuestionFacet[]): QuestionCount[] {
  const out = new Map<string, QuestionCount>();
  for (const r of rows) {
    const key = questionKey(r);
    const known = out.get(key);
    if (known) known.n++;
    else out.set(key, { model: r.model, gpu: r.gpu, dataset: r.dataset, n: 1 });
  }
  return [...out.values()];
}

/**
 * The view with each question field set to a value the rows have: a field left empty, or whose value no row has
 * together with the fields settled before it, takes the value most rows have (ties by name). `first` is settled
 * first (the field the reader just changed), then model, accelerator and workload in that order; so the default
 * question is the model, accelerator and workload with the most runs, and changing the model keeps the accelerator
 * and workload when that model has them. The rows may be runs, or questions with their count of runs (`n`): the
 * answer is the same.
 */
export function completeQuestion(rows: readonly (QuestionFacet & { n?: number })[], view: View, first?: QuestionId): View {
  const order = first ? [first, ...questionIds.filter((id) => id !== first)] : [...questionIds];
  const filters = { ...view.filters };
  let kept = rows;
  for (const id of order) {
    const counts = new Map<string, number>();
    for (const r of kept) counts.set(questionValue(r, id), (counts.get(questionValue(r, id)) ?? 0) + (r.n ?? 1));
    const wanted = filters[id][0];
    if (wanted === undefined || !counts.has(wanted)) {
      let top: string | undefined;
      for (const [v, n] of counts) if (top === undefined || n > counts.get(top)! || (n === counts.get(top)! && v < top)) top = v;
      filters[id] = top === undefined ? [] : [top];
    }
    const chosen = filters[id][0];
    if (chosen !== undefined) kept = kept.filter((r) => questionValue(r, id) === chosen);
  }
  return { ...view, filters };
}

/** AND across filters, OR within one; an empty filter keeps everything. `except` leaves one filter out (live counts). */
export function matches(row: Facet, view: View, except?: FilterId): boolean {
  return filterIds.every((id) => id === except || view.filters[id].length === 0 || view.filters[id].includes(filterValue(row, id)));
}

export interface Point {
  row: RunRow;
  /** Latency in the x axis' unit. */
  x: number;
  /** Throughput per GPU. */
  y: number;
}

/** Where a row plots, or why it does not: no latency, no throughput, or no GPU count to divide by. */
export function pointOf(row: RunRow, view: Pick<View, 'x' | 'y'>): Point | { row: RunRow; missing: string } {
  const x = row.values[view.x];
  const y = row.values[view.y];
  if (!x || !Number.isFinite(x.value) || x.value <= 0) return { row, missing: `no ${axes.x[view.x].label}` };
  if (!y || !Number.isFinite(y.value)) return { row, missing: `no ${axes.y[view.y].label.replace(/ per GPU$/, '').toLowerCase()}` };
  if (!row.gpus) return { row, missing: 'GPU count not stated' };
  return { row, x: x.value, y: y.value / row.gpus };
}

export const isPoint = (p: ReturnType<typeof pointOf>): p is Point => 'x' in p;

/** Points no other point beats on both axes (lower latency and higher throughput per GPU), by rising latency. */
export function paretoFront<P extends { x: number; y: number }>(points: readonly P[]): P[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || b.y - a.y);
  const front: P[] = [];
  for (const p of sorted) if (front.length === 0 || p.y > front[front.length - 1].y) front.push(p);
  return front;
}

/** The highest throughput per GPU at or under the latency limit (a point of the Pareto front), or null. */
export function bestUnder<P extends { x: number; y: number }>(points: readonly P[], limit: number | null): P | null {
  let best: P | null = null;
  for (const p of points) {
    if (limit !== null && p.x > limit) continue;
    if (!best || p.y > best.y || (p.y === best.y && p.x < best.x)) best = p;
  }
  return best;
}
