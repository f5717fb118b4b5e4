// What the explorer page renders at build time: the filter options with their counts, the engine colour order,
// and the rows as JSON that is safe inside a <script type="application/json">.
import { compareText } from '../../order.js';
import {
  defaultView,
  filterIds,
  filterLabels,
  filterValue,
  matches,
  NOT_STATED,
  verdictLabels,
  type Facet,
  type FilterId,
} from './state.js';
import type { ShippedIndex } from './shipped.js';
import type { RunRow, RunValue, Verdict } from './types.js';

export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

export interface FilterGroup {
  id: FilterId;
  label: string;
  options: FilterOption[];
}

// The order of `verdictLabels`: every verdict, the usable ones first.
const verdictOrder = Object.keys(verdictLabels) as Verdict[];

/** Numbers as numbers, text as text, `not stated` last. */
function byValue(a: string, b: string): number {
  if (a === NOT_STATED || b === NOT_STATED) return a === b ? 0 : a === NOT_STATED ? 1 : -1;
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return compareText(a.toLowerCase(), b.toLowerCase()) || compareText(a, b);
}

/** Every value each filter can take, with how many rows the default view keeps for it (the others' filters applied). */
export function filterGroups(rows: readonly Facet[]): FilterGroup[] {
  const view = defaultView();
  return filterIds.map((id) => {
    const values = new Set(rows.map((r) => filterValue(r, id)));
    if (id === 'verdict') for (const v of verdictOrder) values.add(v);
    const sorted = id === 'verdict' ? verdictOrder.filter((v) => values.has(v)) : [...values].sort(byValue);
    // Counted in one pass over the rows (one per value would be quadratic: a large site has a value per report).
    const counts = new Map<string, number>();
    for (const r of rows) {
      if (!matches(r, view, id)) continue;
      const value = filterValue(r, id);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const options = sorted.map((value) => ({
      value,
      label: id === 'verdict' ? verdictLabels[value as Verdict] : id === 'gpus' && value !== NOT_STATED ? `${value} × GPU` : value,
      count: counts.get(value) ?? 0,
    }));
    return { id, label: filterLabels[id], options };
  });
}

/** Engines by number of runs (most first): the colour order of the scatter and its legend. */
export function engineOrder(rows: readonly RunRow[]): string[] {
  const n = new Map<string, number>();
  for (const r of rows) if (r.engine) n.set(r.engine, (n.get(r.engine) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([e]) => e);
}

/** JSON for a <script type="application/json">: no `<`, `>`, `&` or line separators left to end the element early. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `scriptJson({ rows: rows.map(clientRow), others })`, the same text, made a row at a time: the shipped form of each row is
 * made, written and let go, so a site of 190,000 runs never holds every shipped row and two copies of the whole text.
 */
export function rowsScriptJson(rows: readonly RunRow[], others?: ShippedIndex): string {
  const tail = others ? `,"others":${scriptJson(others)}` : '';
  return `{"rows":[${rows.map((r) => scriptJson(clientRow(r))).join(',')}]${tail}}`;
}

/** A metric as the page ships it: its link as the part after the run's own, its text only when not the number's. */
export interface ClientValue {
  value: number;
  unit: string;
  text?: string;
  /** The link after the run's `href` (`-m98`); `href` instead when it does not start with it. */
  at?: string;
  href?: string;
  derived?: string;
}

/** A row as the page ships it (see `clientRow`). */
export type ClientRow = Omit<RunRow, 'url' | 'format' | 'failed' | 'error' | 'values'> & {
  values: Record<keyof RunRow['values'], ClientValue | null>;
};

const metricKeys = ['total', 'output', 'tpot', 'ttft', 'e2e'] as const;

/**
 * What the page's script needs of a row, to plot, filter and export it and to fill its table row (`tableCells`),
 * in fewer bytes: a metric's link and text are left out where they follow from the row. `fullRow` reads it back.
 * The report URL, format and error text are not shown.
 */
export function clientRow(row: RunRow): ClientRow {
  const { url: _url, format: _format, failed: _failed, error: _error, values, ...kept } = row;
  const slim = (v: RunValue | null): ClientValue | null => {
    if (!v) return null;
    const out: ClientValue = { value: v.value, unit: v.unit };
    if (v.text !== String(v.value)) out.text = v.text;
    if (v.href.startsWith(row.href)) out.at = v.href.slice(row.href.length);
    else out.href = v.href;
    if (v.derived !== null) out.derived = v.derived;
    return out;
  };
  return { ...kept, values: Object.fromEntries(metricKeys.map((k) => [k, slim(values[k])])) as ClientRow['values'] };
}

/** A shipped row back as the row it was made from (without the fields `clientRow` leaves out). */
export function fullRow(row: ClientRow): RunRow {
  const full = (v: ClientValue | null): RunValue | null =>
    v && {
      value: v.value,
      unit: v.unit,
      text: v.text ?? String(v.value),
      href: v.href ?? `${row.href}${v.at ?? ''}`,
      derived: v.derived ?? null,
    };
  return { ...row, values: Object.fromEntries(metricKeys.map((k) => [k, full(row.values[k])])) } as RunRow;
}
