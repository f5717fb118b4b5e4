// The explorer table's cells for one run: what each cell shows, links to and sorts by. The page renders the first
// rows at build time from these, and its script renders the others from the same cells, so both are one table.
import { formatValue } from './scale.js';
import { verdictLabels } from './state.js';
import type { RunRow, RunValue } from './types.js';

/** Rows rendered at a time: at build time (the first ones of the default view), and per "show more". */
export const TABLE_PAGE = 100;

export interface TableCell {
  /** `class` of the cell. */
  className?: string;
  /** `data-col`: the metric or setting it holds (for the page's script and its tests). */
  col?: string;
  /** `data-v`: what it sorts by (numbers as numbers); absent cells sort by their text. */
  sort?: string;
  title?: string;
  /** The cell's text, or a link with its text. */
  text: string;
  href?: string;
  linkTitle?: string;
  /** Small text after it, with its class. */
  small?: { text: string; className: string };
  /** A badge instead of text: its class and note. */
  badge?: { className: string; note: string };
}

export interface TableColumn {
  label: string;
  unit?: string;
  numeric?: boolean;
}

const metrics = [
  { col: 'total', label: 'Total', unit: 'tok/s/GPU' },
  { col: 'tpot', label: 'TPOT', unit: 'ms' },
  { col: 'ttft', label: 'TTFT', unit: 'ms' },
] as const;

/**
 * The columns, in order; `tableCells` gives one cell per column. What tells the runs of one question apart
 * (engine, configuration, role, precision, parallelism, workload) and the numbers it is judged by, narrow enough to
 * need no sideways scroll at 1440 px; model and accelerator are the question's, every other metric is in the CSV.
 */
export const tableColumns: TableColumn[] = [
  { label: 'Run' },
  { label: 'Engine' },
  { label: 'Config (flags)' },
  { label: 'Role' },
  { label: 'Precision' },
  { label: 'Parallelism' },
  { label: 'Workload' },
  { label: 'Conc.', numeric: true },
  ...metrics.map((m) => ({ label: m.label, unit: m.unit, numeric: true })),
  { label: 'Verdict' },
];

const badges = {
  verified: 'badge-ok',
  contradicted: 'badge-bad',
  flagged: 'badge-bad',
  uncited: 'badge-muted',
  partial: 'badge-warn',
  failed: 'badge-warn',
} as const;

const perGpu = (v: RunValue | null, gpus: number | null) => (v && gpus ? v.value / gpus : null);

function metricCell(r: RunRow, col: (typeof metrics)[number]['col']): TableCell {
  const v = r.values[col];
  const value = col === 'total' ? perGpu(v, r.gpus) : (v?.value ?? null);
  if (!v || value === null) return { className: 'num', col, sort: '', text: '–' };
  const how = v.derived ? `derived: ${v.derived}` : `printed: ${v.text} ${v.unit}`;
  return {
    className: 'num',
    col,
    sort: String(value),
    text: formatValue(value),
    href: v.href,
    linkTitle: col === 'total' ? `${how}, over ${r.gpus} GPU` : how,
  };
}

/**
 * What the run is under its report's name: what the page calls it, its role (`baseline`, `optimized`, ...) and the
 * launch options that set it apart from the page's baseline (`vLLM · experiment · --async-scheduling`).
 */
export function runNote(r: Pick<RunRow, 'setting' | 'role' | 'flags'>): string | null {
  const parts = [r.setting, r.role, r.flags.length > 0 ? r.flags.join(' ') : null].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The cells of one run, one per column of `tableColumns`. */
export function tableCells(r: RunRow): TableCell[] {
  return [
    {
      className: 'cmp-run',
      sort: `${r.report} ${String(r.line).padStart(6, '0')}`,
      text: r.report,
      href: r.href,
      linkTitle: `${r.title}, raw run at line ${r.line}${r.setting ? ` (${r.setting})` : ''}`,
      small: { text: `line ${r.line}`, className: 'muted cmp-setting' },
    },
    { col: 'engine', text: r.engine ?? '–', ...(r.version ? { small: { text: ` ${r.version}`, className: 'muted' } } : {}) },
    { className: 'cmp-flags', col: 'flags', text: r.flags.length > 0 ? r.flags.join(' ') : 'default' },
    { col: 'role', text: r.role ?? '–' },
    { col: 'precision', text: r.precision ?? '–' },
    {
      className: 'nowrap',
      col: 'parallelism',
      title: r.gpusFrom ? `${r.gpus} × ${r.gpu ?? '?'}; GPU count from the ${r.gpusFrom}` : 'GPU count not stated',
      text: r.parallelism ?? '–',
      small: { text: ` ${r.gpus ?? '?'} × ${r.gpu ?? '?'}`, className: 'muted cmp-setting' },
    },
    { col: 'dataset', text: r.dataset ?? '–' },
    {
      className: 'num',
      col: 'concurrency',
      sort: r.concurrency === null ? '' : String(r.concurrency),
      text: r.concurrency === null ? '–' : String(r.concurrency),
    },
    ...metrics.map((m) => metricCell(r, m.col)),
    { col: 'verdict', text: verdictLabels[r.verdict], badge: { className: badges[r.verdict], note: r.verdictNote } },
  ];
}

/**
 * A link of the site's own (a path or an anchor), for the script that renders rows from the page's data; anything
 * else is dropped: a `javascript:` URL, or `//host` and `/\host`, which browsers open as another site.
 */
export function siteHref(href: string): string | null {
  return /^(?:#|\/(?![/\\]))/.test(href) ? href : null;
}
