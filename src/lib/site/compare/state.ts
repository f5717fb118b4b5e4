// The explorer's view: filters, axes and latency limit, kept in the URL query so a view can be shared; which rows
// it keeps, where they plot (throughput per GPU against latency), the Pareto front and the best run under the
// limit. Pure functions, shared by the page's script and the tests.
import type { RunRow, Verdict } from './types.js';

export const NOT_STATED = 'not stated';

export const filterIds = [
  'family',
  'model',
  'gpu',
  'gpus',
  'engine',
  'version',
  'precision',
  'parallelism',
  'dataset',
  'concurrency',
  'verdict',
] as const;
export type FilterId = (typeof filterIds)[number];

export const filterLabels: Record<FilterId, string> = {
  family: 'Model family',
  model: 'Model',
  gpu: 'GPU',
  gpus: 'GPU count',
  engine: 'Engine',
  version: 'Engine version',
  precision: 'Precision',
  parallelism: 'Parallelism',
  dataset: 'Dataset / profile',
  concurrency: 'Concurrency',
  verdict: 'Verdict',
};

export const verdictLabels: Record<Verdict, string> = {
  verified: 'verified',
  contradicted: 'contradicted by the page',
  uncited: 'not cited',
  flagged: 'flagged',
  failed: 'failed',
};

/** The filter value of a row, as shown on its checkbox. */
export function filterValue(row: RunRow, id: FilterId): string {
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
    tpot: { label: 'Mean TPOT', unit: 'ms', limit: 100 },
    ttft: { label: 'Mean TTFT', unit: 'ms', limit: 1000 },
    e2e: { label: 'Mean end-to-end latency', unit: 's', limit: 10 },
  },
  y: {
    total: { label: 'Total token throughput per GPU', short: 'Total throughput', unit: 'tok/s/GPU' },
    output: { label: 'Output token throughput per GPU', short: 'Output throughput', unit: 'tok/s/GPU' },
  },
} as const;
export type XAxis = keyof typeof axes.x;
export type YAxis = keyof typeof axes.y;

export interface View {
  filters: Record<FilterId, string[]>;
  x: XAxis;
  y: YAxis;
  /** Latency limit in the x axis' unit; null for none. */
  limit: number | null;
}

/** Verified runs only, TPOT against total throughput per GPU, TPOT limit 100 ms. */
export function defaultView(): View {
  const filters = Object.fromEntries(filterIds.map((id) => [id, [] as string[]])) as Record<FilterId, string[]>;
  filters.verdict = ['verified'];
  return { filters, x: 'tpot', y: 'total', limit: axes.x.tpot.limit };
}

const isX = (v: string | null): v is XAxis => v !== null && Object.hasOwn(axes.x, v);
const isY = (v: string | null): v is YAxis => v !== null && Object.hasOwn(axes.y, v);

/** The view a query string describes; what it leaves out keeps its default. */
export function viewFromQuery(query: string): View {
  const params = new URLSearchParams(query);
  const view = defaultView();
  for (const id of filterIds) {
    const values = params.getAll(id).filter((v) => v !== '');
    if (id === 'verdict' && values.includes('any')) view.filters.verdict = [];
    else if (values.length > 0) view.filters[id] = [...new Set(values)];
  }
  const x = params.get('x');
  if (isX(x)) view.x = x;
  const y = params.get('y');
  if (isY(y)) view.y = y;
  const limit = params.get('limit');
  if (limit === 'none') view.limit = null;
  else if (limit !== null && Number.isFinite(Number(limit)) && Number(limit) > 0) view.limit = Number(limit);
  else view.limit = axes.x[view.x].limit;
  return view;
}

/** The shortest query for a view: defaults are left out (`verdict=any` when every verdict is allowed). */
export function viewToQuery(view: View): string {
  const params = new URLSearchParams();
  const base = defaultView();
  for (const id of filterIds) {
    const values = view.filters[id];
    const same = values.length === base.filters[id].length && values.every((v) => base.filters[id].includes(v));
    if (same) continue;
    if (id === 'verdict' && values.length === 0) params.append(id, 'any');
    for (const v of values) params.append(id, v);
  }
  if (view.x !== base.x) params.set('x', view.x);
  if (view.y !== base.y) params.set('y', view.y);
  if (view.limit !== axes.x[view.x].limit) params.set('limit', view.limit === null ? 'none' : String(view.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** AND across filters, OR within one; an empty filter keeps everything. `except` leaves one filter out (live counts). */
export function matches(row: RunRow, view: View, except?: FilterId): boolean {
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
