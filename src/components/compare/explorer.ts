// The explorer's behaviour: read the view from the URL, filter the rows, update counts, table, scatter, answer and
// CSV, and write the view back to the URL (replaceState) so a reload or a shared link shows the same view.
// Values from content reach the document only through textContent and setAttribute.
import { TABLE_PAGE, siteHref, tableCells, type TableCell } from '../../lib/site/compare/cells';
import { explorerCsv } from '../../lib/site/compare/csv';
import { fullRow, type ClientRow } from '../../lib/site/compare/options';
import { formatValue } from '../../lib/site/compare/scale';
import {
  axes,
  bestUnder,
  defaultView,
  filterIds,
  filterValue,
  isPoint,
  matches,
  paretoFront,
  pointOf,
  viewFromQuery,
  viewToQuery,
  type FilterId,
  type Point,
  type View,
  type XAxis,
  type YAxis,
} from '../../lib/site/compare/state';
import type { RunRow } from '../../lib/site/compare/types';
import { drawPlot } from './plot';

interface Data {
  rows: ClientRow[];
  engines: string[];
}

const $ = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector);

export function startExplorer(root: HTMLElement): void {
  const data = JSON.parse($(root, 'script[data-compare]')?.textContent ?? '{"rows":[],"engines":[]}') as Data;
  const rows = data.rows.map(fullRow);
  const engineIndex = new Map(data.engines.map((e, i) => [e, i]));
  const form = $<HTMLFormElement>(root, 'form[data-view]')!;
  const x = $<HTMLSelectElement>(form, 'select[name="x"]')!;
  const y = $<HTMLSelectElement>(form, 'select[name="y"]')!;
  const limit = $<HTMLInputElement>(form, 'input[name="limit"]')!;
  const limitUnit = $(form, '[data-limit-unit]');
  const svg = $<SVGSVGElement>(root, 'svg[data-plot]')!;
  const summary = $(root, '[data-summary]');
  const answer = $(root, '[data-answer]');
  const csv = $<HTMLAnchorElement>(root, 'a[data-csv]');
  const tbody = $<HTMLTableSectionElement>(root, 'tbody[data-rows]');
  const more = $<HTMLButtonElement>(root, 'button[data-more]');
  const rowsStatus = $(root, '[data-rows-status]');
  // Table rows by run, made when first shown (the page comes with the first rows of the default view).
  const built = new Map([...(tbody?.rows ?? [])].map((tr) => [tr.dataset.key ?? '', tr]));
  const cells = new Map<string, TableCell[]>();
  const cellsOf = (r: RunRow) => cells.get(r.key) ?? cells.set(r.key, tableCells(r)).get(r.key)!;
  // The table's order (a header sorts it) and how many of the matching rows it lists.
  let order = rows;
  let listed = TABLE_PAGE;
  let matching: RunRow[] = [];
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const filtersBox = $<HTMLDetailsElement>(form, 'details[data-filters-box]');
  const active = $(form, '[data-active]');
  // On a phone the filter list starts closed (its summary names what is active), so the answer and chart come first.
  if (filtersBox && matchMedia('(max-width: 59.99rem)').matches) filtersBox.open = false;
  let view: View = viewFromQuery(location.search);
  let csvUrl: string | null = null;

  function show(v: View) {
    for (const box of boxes) box.checked = v.filters[box.name as FilterId]?.includes(box.value) ?? false;
    x.value = v.x;
    y.value = v.y;
    limit.value = v.limit === null ? '' : String(v.limit);
    if (limitUnit) limitUnit.textContent = axes.x[v.x].unit;
  }

  function read(): View {
    const v = defaultView();
    for (const id of filterIds) v.filters[id] = boxes.filter((b) => b.name === id && b.checked).map((b) => b.value);
    v.x = x.value as XAxis;
    v.y = y.value as YAxis;
    const n = Number(limit.value);
    v.limit = limit.value.trim() === '' || !Number.isFinite(n) || n <= 0 ? null : n;
    return v;
  }

  function counts() {
    for (const id of filterIds) {
      const tally = new Map<string, number>();
      for (const r of rows) if (matches(r, view, id)) tally.set(filterValue(r, id), (tally.get(filterValue(r, id)) ?? 0) + 1);
      for (const box of boxes) {
        if (box.name !== id) continue;
        const n = tally.get(box.value) ?? 0;
        const out = box.parentElement?.querySelector('[data-n]');
        if (out) out.textContent = String(n);
        box.parentElement?.classList.toggle('is-empty', n === 0);
      }
    }
  }

  function renderAnswer(best: Point | null, plotted: number) {
    if (!answer) return;
    const xAxis = axes.x[view.x];
    const yAxis = axes.y[view.y];
    const where = view.limit === null ? '' : ` at ${xAxis.label.toLowerCase()} ≤ ${formatValue(view.limit)} ${xAxis.unit}`;
    answer.replaceChildren();
    const head = document.createElement('p');
    head.className = 'answer-head';
    head.textContent = `Best ${yAxis.label.toLowerCase()}${where}`;
    answer.append(head);
    const body = document.createElement('p');
    if (!best) {
      body.textContent = plotted === 0 ? 'No run is plotted with these filters.' : 'No plotted run is within the limit.';
      answer.append(body);
      answer.removeAttribute('data-best');
      return;
    }
    const value = document.createElement('strong');
    value.textContent = `${formatValue(best.y)} ${yAxis.unit}`;
    const r = best.row;
    const setup = [r.engine && (r.version ? `${r.engine} ${r.version}` : r.engine), r.precision, r.parallelism, r.dataset]
      .filter(Boolean)
      .join(' · ');
    body.append(
      value,
      ` at ${formatValue(best.x)} ${xAxis.unit}: ${r.model ?? 'model not stated'} on ${r.gpus} × ${r.gpu ?? 'GPU not stated'}${setup ? ` · ${setup}` : ''}. `,
    );
    const link = document.createElement('a');
    link.href = siteHref(r.href) ?? '#';
    link.textContent = `Open the raw run (${r.title}, ${r.setting ?? r.run})`;
    link.dataset.answerLink = '';
    body.append(link);
    answer.append(body);
    answer.setAttribute('data-best', r.key);
  }

  function render() {
    if (active) {
      const chosen = filterIds.flatMap((id) => view.filters[id]);
      active.textContent = chosen.length === 0 ? 'none: every run' : chosen.join(' · ');
    }
    const kept = rows.filter((r) => matches(r, view));
    const keys = new Set(kept.map((r) => r.key));
    matching = order.filter((r) => keys.has(r.key));
    renderTable();
    counts();
    const placed = kept.map((r) => pointOf(r, view));
    const points = placed.filter(isPoint);
    const missing = new Map<string, number>();
    for (const p of placed) if (!isPoint(p)) missing.set(p.missing, (missing.get(p.missing) ?? 0) + 1);
    const front = paretoFront(points);
    const best = bestUnder(front, view.limit);
    drawPlot(svg, { points, front, best, view, engineIndex });
    svg.setAttribute(
      'aria-label',
      `Scatter of ${points.length} runs: ${axes.y[view.y].label} against ${axes.x[view.x].label}; ${front.length} on the Pareto front.`,
    );
    if (summary) {
      const notPlotted = [...missing].map(([why, n]) => `${n} ${why}`).join(', ');
      summary.textContent = `${kept.length} of ${rows.length} runs match; ${points.length} plotted, ${front.length} on the Pareto front${notPlotted ? `; not plotted: ${notPlotted}` : ''}.`;
    }
    renderAnswer(best, points.length);
    if (csv) {
      if (csvUrl) URL.revokeObjectURL(csvUrl);
      csvUrl = URL.createObjectURL(new Blob([explorerCsv(kept, location.origin)], { type: 'text/csv' }));
      csv.href = csvUrl;
      csv.textContent = `Download these ${kept.length} runs (CSV)`;
    }
  }

  function renderTable() {
    tbody?.replaceChildren(...matching.slice(0, listed).map(rowOf));
    const n = Math.min(listed, matching.length);
    if (rowsStatus) rowsStatus.textContent = `Listed: ${n} of ${matching.length} runs that match.`;
    if (more) {
      const next = Math.min(TABLE_PAGE, matching.length - n);
      more.hidden = next <= 0;
      more.textContent = `Show ${next} more (${matching.length - n} not listed)`;
    }
  }

  function rowOf(r: RunRow): HTMLTableRowElement {
    const known = built.get(r.key);
    if (known) return known;
    const tr = document.createElement('tr');
    tr.dataset.key = r.key;
    for (const c of cellsOf(r)) {
      const td = document.createElement('td');
      if (c.className) td.className = c.className;
      if (c.col) td.dataset.col = c.col;
      if (c.sort !== undefined) td.dataset.v = c.sort;
      if (c.title) td.title = c.title;
      const href = c.href && siteHref(c.href);
      if (c.badge) {
        const badge = document.createElement('span');
        badge.className = `badge ${c.badge.className}`;
        badge.title = c.badge.note;
        badge.textContent = c.text;
        td.append(badge);
      } else if (href) {
        const a = document.createElement('a');
        a.href = href;
        if (c.linkTitle) a.title = c.linkTitle;
        a.textContent = c.text;
        td.append(a);
      } else td.append(c.text);
      if (c.small) {
        const small = document.createElement('small');
        small.className = c.small.className;
        small.textContent = c.small.text;
        td.append(small);
      }
      tr.append(td);
    }
    built.set(r.key, tr);
    return tr;
  }

  function update() {
    listed = TABLE_PAGE;
    history.replaceState(history.state, '', `${location.pathname}${viewToQuery(view)}${location.hash}`);
    render();
  }

  form.addEventListener('change', (e) => {
    // A new latency axis has another unit: its limit starts at that axis' default.
    if (e.target === x) limit.value = String(axes.x[x.value as XAxis].limit);
    view = read();
    if (limitUnit) limitUnit.textContent = axes.x[view.x].unit;
    update();
  });
  limit.addEventListener('input', () => {
    view = read();
    update();
  });
  form.addEventListener('reset', (e) => {
    e.preventDefault();
    view = defaultView();
    show(view);
    update();
  });
  form.addEventListener('submit', (e) => e.preventDefault());

  // Sortable table: numbers sort as numbers (`data-v`), text as text; empty cells last either way. Every run is
  // sorted, not only the listed ones.
  root.querySelectorAll<HTMLButtonElement>('th button[data-sort]').forEach((button) => {
    button.addEventListener('click', () => {
      const th = button.closest('th')!;
      const col = [...th.parentElement!.children].indexOf(th);
      const numeric = button.dataset.sort === 'number';
      const dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
      root.querySelectorAll('th[aria-sort]').forEach((h) => h.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
      const key = (r: RunRow) => {
        const c = cellsOf(r)[col];
        return c ? (c.sort ?? `${c.text}${c.small?.text ?? ''}`.trim()) : '';
      };
      const sortKeys = new Map(rows.map((r) => [r.key, key(r)]));
      order = [...rows].sort((a, b) => {
        const ka = sortKeys.get(a.key)!;
        const kb = sortKeys.get(b.key)!;
        if (ka === '' || kb === '') return ka === kb ? 0 : ka === '' ? 1 : -1;
        if (numeric) return (Number(ka) - Number(kb)) * dir;
        return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir;
      });
      const keys = new Set(matching.map((r) => r.key));
      matching = order.filter((r) => keys.has(r.key));
      renderTable();
    });
  });
  more?.addEventListener('click', () => {
    listed += TABLE_PAGE;
    renderTable();
  });

  let frame = 0;
  addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(render);
  });

  show(view);
  render();
}
