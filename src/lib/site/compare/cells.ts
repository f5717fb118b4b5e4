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
  { col: 'output', label: 'Output', unit: 'tok/s/GPU' },
  { col: 'tpot', label: 'Mean TPOT', unit: 'ms' },
  { col: 'ttft', label: 'Mean TTFT', unit: 'ms' },
  { col: 'e2e', label: 'Mean E2E', unit: 's' },
] as const;

/** The columns, in order; `tableCells` gives one cell per column. The numbers come first (no sideways scroll). */
export const tableColumns: TableColumn[] = [
  { label: 'Run' },
  ...metrics.map((m) => ({ label: m.label, unit: m.unit, numeric: true })),
  { label: 'Verdict' },
  { label: 'Model' },
  { label: 'GPU' },
  { label: 'Engine' },
  { label: 'Precision' },
  { label: 'Parallelism' },
  { label: 'Dataset / profile' },
  { label: 'Concurrency', numeric: true },
  { label: 'Success', unit: '%', numeric: true },
];

const badges = {
  verified: 'badge-ok',
  contradicted: 'badge-bad',
  flagged: 'badge-bad',
  uncited: 'badge-muted',
  failed: 'badge-warn',
} as const;

const perGpu = (v: RunValue | null, gpus: number | null) => (v && gpus ? v.value / gpus : null);

function metricCell(r: RunRow, col: (typeof metrics)[number]['col']): TableCell {
  const v = r.values[col];
  const value = col === 'total' || col === 'output' ? perGpu(v, r.gpus) : (v?.value ?? null);
  if (!v || value === null) return { className: 'num', col, sort: '', text: '–' };
  const how = v.derived ? `derived: ${v.derived}` : `printed: ${v.text} ${v.unit}`;
  return {
    className: 'num',
    col,
    sort: String(value),
    text: formatValue(value),
    href: v.href,
    linkTitle: col === 'total' || col === 'output' ? `${how}, over ${r.gpus} GPU` : how,
  };
}

const plain = (text: string | null): TableCell => ({ text: text ?? '–' });

/** The cells of one run, one per column of `tableColumns`. */
export function tableCells(r: RunRow): TableCell[] {
  return [
    {
      className: 'cmp-run',
      sort: `${r.report} ${r.setting ?? ''}`,
      text: r.report,
      href: r.href,
      linkTitle: `${r.title}, raw run at line ${r.line}`,
      ...(r.setting ? { small: { text: r.setting, className: 'muted cmp-setting' } } : {}),
    },
    ...metrics.map((m) => metricCell(r, m.col)),
    { col: 'verdict', text: verdictLabels[r.verdict], badge: { className: badges[r.verdict], note: r.verdictNote } },
    plain(r.model),
    {
      className: 'nowrap',
      col: 'gpu',
      sort: `${r.gpu ?? ''} ${String(r.gpus ?? 0).padStart(3, '0')}`,
      title: r.gpusFrom ? `GPU count from the ${r.gpusFrom}` : 'GPU count not stated',
      text: `${r.gpus ?? '?'} × ${r.gpu ?? '?'}`,
    },
    { text: r.engine ?? '–', ...(r.version ? { small: { text: ` ${r.version}`, className: 'muted' } } : {}) },
    plain(r.precision),
    plain(r.parallelism),
    plain(r.dataset),
    {
      className: 'num',
      sort: r.concurrency === null ? '' : String(r.concurrency),
      text: r.concurrency === null ? '–' : String(r.concurrency),
    },
    {
      className: 'num',
      sort: r.successRate === null ? '' : String(r.successRate),
      title: r.requested ? `of ${r.requested} requests` : 'requests asked for not stated',
      text: r.successRate === null ? '–' : String(r.successRate),
    },
  ];
}

/**
 * A link of the site's own (a path or an anchor), for the script that renders rows from the page's data; anything
 * else is dropped: a `javascript:` URL, or `//host` and `/\host`, which browsers open as another site.
 */
export function siteHref(href: string): string | null {
  return /^(?:#|\/(?![/\\]))/.test(href) ? href : null;
}
