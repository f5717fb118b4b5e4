// The explorer's behaviour: read the question and view from the URL (completing the question from the site's
// question index), fetch the runs of the question when the page does not carry them, filter them, update counts,
// table, scatter, answer and CSV, and write the view back to the URL (replaceState) so a reload or a shared link
// shows the same view.
// Values from content reach the document only through textContent and setAttribute.
import { TABLE_PAGE, siteHref, tableCells, type TableCell } from '../../lib/site/compare/cells';
import { explorerCsv } from '../../lib/site/compare/csv';
import { fullRow, type ClientRow } from '../../lib/site/compare/options';
import { formatValue } from '../../lib/site/compare/scale';
import { recommendationNotes } from '../../lib/site/compare/recommended';
import { readIndex, type ShippedIndex } from '../../lib/site/compare/shipped';
import { bestSeries, seriesOf, type Series } from '../../lib/site/compare/series';
import {
  axes,
  completeQuestion,
  defaultView,
  filterIds,
  filterValue,
  isGreyed,
  isPoint,
  matches,
  moreFilterIds,
  paretoFront,
  pointOf,
  parseLimit,
  isQuestion,
  questionCounts,
  questionIds,
  questionKey,
  questionValue,
  viewFromQuery,
  viewToQuery,
  type FilterId,
  type Point,
  type QuestionCount,
  type QuestionId,
  type View,
  type XAxis,
  type YAxis,
} from '../../lib/site/compare/state';
import type { RunRow } from '../../lib/site/compare/types';
import { COLOURS, drawPlot } from './plot';

interface Data {
  rows: ClientRow[];
  /** The questions whose runs are not in the page, with their number of runs and where their runs are. */
  others?: ShippedIndex;
}

/** Configurations the answer lists (the best first); the legend and table have every one. */
const SHOWN_CONFIGS = 5;

const $ = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector);

export function startExplorer(root: HTMLElement): void {
  const data = JSON.parse($(root, 'script[data-compare]')?.textContent ?? '{"rows":[]}') as Data;
  const shipped = data.rows.map(fullRow);
  // Runs by question (`questionKey`): the page's own, then each question fetched when the reader asks it.
  const loaded = new Map<string, RunRow[]>();
  for (const r of shipped) {
    const key = questionKey(r);
    (loaded.get(key) ?? loaded.set(key, []).get(key)!).push(r);
  }
  const indexed = readIndex(data.others).filter((q) => !loaded.has(questionKey(q)));
  const files = new Map(indexed.map((q) => [questionKey(q), q.href]));
  // Question files on their way, by address: a file holds several questions of a model, and comes once.
  const fetching = new Map<string, Promise<void>>();
  // Every question of the site with its number of runs: what completes the question and counts its lists.
  const questions: QuestionCount[] = [...questionCounts(shipped), ...indexed];
  // The runs of the question asked.
  let rows: RunRow[] = [];
  const form = $<HTMLFormElement>(root, 'form[data-view]')!;
  const selects = new Map(questionIds.map((id) => [id, $<HTMLSelectElement>(form, `select[name="${id}"]`)!]));
  const legend = $(root, '[data-legend]');
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
  let sortBy: { col: number; numeric: boolean; dir: number } | null = null;
  let order = rows;
  let listed = TABLE_PAGE;
  let matching: RunRow[] = [];
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const active = $(form, '[data-active]');
  let view: View = completeQuestion(questions, viewFromQuery(location.search));
  // Each change of the view counts one; a fetch that answers after a later change is not shown.
  let changes = 0;
  // What the first view drawn does once (see the end).
  let toAnswer: (() => void) | null = null;
  let csvUrl: string | null = null;

  function show(v: View) {
    for (const box of boxes) box.checked = v.filters[box.name as FilterId]?.includes(box.value) ?? false;
    for (const [id, select] of selects) select.value = v.filters[id][0] ?? '';
    x.value = v.x;
    y.value = v.y;
    limit.value = v.limit === null ? '' : String(v.limit);
    if (limitUnit) limitUnit.textContent = axes.x[v.x].unit;
  }

  function read(): View {
    const v = defaultView();
    for (const id of moreFilterIds) v.filters[id] = boxes.filter((b) => b.name === id && b.checked).map((b) => b.value);
    for (const [id, select] of selects) v.filters[id] = select.value ? [select.value] : [];
    v.x = x.value as XAxis;
    v.y = y.value as YAxis;
    // The same validation as the URL's: an empty box or garbage is no bound, a number is clamped.
    v.limit = parseLimit(limit.value) ?? null;
    return v;
  }

  function counts() {
    for (const id of filterIds) {
      const tally = new Map<string, number>();
      if (isQuestion(id)) {
        // Other questions' runs are not in the page: the question's lists count the runs of each question.
        const fits = (q: QuestionCount) =>
          questionIds.every((f) => f === id || view.filters[f].length === 0 || view.filters[f].includes(questionValue(q, f)));
        for (const q of questions) {
          const v = questionValue(q, id);
          if (fits(q)) tally.set(v, (tally.get(v) ?? 0) + q.n);
        }
      } else for (const r of rows) if (matches(r, view, id)) tally.set(filterValue(r, id), (tally.get(filterValue(r, id)) ?? 0) + 1);
      const select = selects.get(id as QuestionId);
      if (select) for (const o of select.options) o.textContent = `${o.value} (${tally.get(o.value) ?? 0})`;
      for (const box of boxes) {
        if (box.name !== id) continue;
        const n = tally.get(box.value) ?? 0;
        const out = box.parentElement?.querySelector('[data-n]');
        if (out) out.textContent = String(n);
        box.parentElement?.classList.toggle('is-empty', n === 0);
      }
    }
  }

  function renderAnswer(series: Series[], best: Point | null, kept: RunRow[]) {
    if (!answer) return;
    const greyed = kept.filter(isGreyed).length;
    const xAxis = axes.x[view.x];
    const yAxis = axes.y[view.y];
    const [model, gpu, dataset] = questionIds.map((id) => view.filters[id][0] ?? 'any');
    const bound = view.limit === null ? 'no latency bound' : `${xAxis.label.toLowerCase()} ≤ ${formatValue(view.limit)} ${xAxis.unit}`;
    answer.replaceChildren();
    const head = document.createElement('p');
    head.className = 'answer-head';
    head.textContent = `Best ${yAxis.label.toLowerCase()}: ${model} on ${gpu}, ${dataset}, ${bound}`;
    answer.append(head);
    const body = document.createElement('p');
    answer.append(body);
    const top = bestSeries(series);
    if (!best || !top) {
      body.textContent =
        series.length === 0
          ? 'No run of this question is plotted with these filters.'
          : view.limit === null
            ? 'No run of this question completed every request without a flag: each is greyed, with its reason in the table.'
            : 'No run that completed every request and is not flagged is within the bound.';
      answer.removeAttribute('data-best');
      answer.removeAttribute('data-value');
      renderRecommendations(kept, null);
      return;
    }
    const r = best.row;
    const value = document.createElement('strong');
    value.dataset.value = '';
    value.textContent = `${formatValue(best.y)} ${yAxis.unit}`;
    const cost = [
      r.values.tpot && `mean TPOT ${formatValue(r.values.tpot.value)} ms`,
      r.values.ttft && `mean TTFT ${formatValue(r.values.ttft.value)} ms`,
    ]
      .filter(Boolean)
      .join(', ');
    const config = document.createElement('strong');
    config.textContent = top.label;
    const setup = [r.precision, r.parallelism, r.concurrency !== null ? `concurrency ${r.concurrency}` : null].filter(Boolean).join(' · ');
    body.append(
      value,
      ' with ',
      config,
      ` (${r.gpus} × ${r.gpu ?? 'GPU not stated'}${setup ? ` · ${setup}` : ''}) at ${cost || `${formatValue(best.x)} ${xAxis.unit}`}. `,
    );
    const link = document.createElement('a');
    link.href = siteHref(r.href) ?? '#';
    link.textContent = `Open the raw run (${r.title}, ${r.setting ?? r.run})`;
    link.dataset.answerLink = '';
    body.append(link);
    // Every configuration's best under the bound, so the reader sees what the answer wins over and at what latency.
    const list = document.createElement('ol');
    list.className = 'cmp-configs';
    list.setAttribute('aria-label', 'Each configuration at its best under the bound');
    for (const s of series.slice(0, SHOWN_CONFIGS)) {
      const li = document.createElement('li');
      if (s.greyed) li.className = 'is-grey';
      const name = document.createElement('span');
      name.textContent = s.label;
      const v = document.createElement('span');
      v.className = 'cfg-value';
      v.textContent = s.best
        ? `: ${formatValue(s.best.y)} ${yAxis.unit} at ${formatValue(s.best.x)} ${xAxis.unit}`
        : s.greyed
          ? `: ${s.points[0].row.verdict}, not counted`
          : ': none within the bound';
      li.append(name, v);
      list.append(li);
    }
    answer.append(list);
    const notes: string[] = [];
    if (series.length > SHOWN_CONFIGS)
      notes.push(`${series.length - SHOWN_CONFIGS} more configurations in the chart's legend and the table.`);
    const shared = new Map<string, string>();
    for (const s of series) if (s.shared.length > 0) shared.set(s.engine, s.shared.join(' '));
    for (const [engine, flags] of shared) notes.push(`Every ${engine} configuration here with launch options also sets ${flags}.`);
    if (greyed > 0) notes.push(`${greyed} failed, partial or flagged run${greyed === 1 ? ' is' : 's are'} greyed and never the answer.`);
    for (const text of notes) {
      const note = document.createElement('p');
      note.className = 'muted';
      note.textContent = text;
      answer.append(note);
    }
    renderRecommendations(kept, best);
    answer.setAttribute('data-best', r.key);
    answer.setAttribute('data-value', String(best.y));
  }

  /** What each report of the question recommends, and whether the answer is it or why not. */
  function renderRecommendations(kept: RunRow[], best: Point | null) {
    const notes = recommendationNotes(rows, kept, best, view);
    if (!answer || notes.length === 0) return;
    const list = document.createElement('ul');
    list.className = 'cmp-recommended';
    list.setAttribute('aria-label', 'What the reports recommend');
    for (const n of notes) {
      const li = document.createElement('li');
      li.dataset.recommendation = n.key;
      li.dataset.same = String(n.same);
      li.textContent = n.text;
      list.append(li);
    }
    answer.append(list);
  }

  function renderLegend(series: Series[]) {
    if (!legend) return;
    legend.replaceChildren(
      ...series.map((s, i) => {
        const li = document.createElement('li');
        const swatch = document.createElement('span');
        swatch.className = `swatch e-${i % COLOURS}${s.greyed ? ' is-grey' : ''}`;
        swatch.setAttribute('aria-hidden', 'true');
        li.append(swatch, s.label);
        return li;
      }),
    );
    const front = document.createElement('li');
    const line = document.createElement('span');
    line.className = 'swatch front';
    line.setAttribute('aria-hidden', 'true');
    front.append(line, 'front (no run both faster and higher)');
    legend.append(front);
    if (view.limit !== null) {
      const li = document.createElement('li');
      const dash = document.createElement('span');
      dash.className = 'swatch limit';
      dash.setAttribute('aria-hidden', 'true');
      li.append(dash, 'latency bound');
      legend.append(li);
    }
  }

  function render() {
    if (active) {
      const chosen = moreFilterIds.flatMap((id) => view.filters[id]);
      active.textContent = chosen.length === 0 ? 'none' : chosen.join(' · ');
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
    const series = seriesOf(points, view.limit);
    const front = paretoFront(points.filter((p) => !isGreyed(p.row)));
    const best = bestSeries(series)?.best ?? null;
    drawPlot(svg, { series, front, best, view });
    svg.setAttribute(
      'aria-label',
      `Scatter of ${points.length} runs in ${series.length} configurations: ${axes.y[view.y].label} against ${axes.x[view.x].label}.`,
    );
    if (summary) {
      const notPlotted = [...missing].map(([why, n]) => `${n} ${why}`).join(', ');
      summary.textContent = `${kept.length} of the question's ${rows.length} runs match; ${points.length} plotted in ${series.length} configurations${notPlotted ? `; not plotted: ${notPlotted}` : ''}.`;
    }
    renderLegend(series);
    renderAnswer(series, best, kept);
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
    if (isGreyed(r)) tr.className = 'is-grey';
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

  /** The rows in the table's order: the column a header sorted by (numbers as numbers, empty cells last), or as they come. */
  function ordered(list: RunRow[]): RunRow[] {
    if (!sortBy) return list;
    const { col, numeric, dir } = sortBy;
    const key = (r: RunRow) => {
      const c = cellsOf(r)[col];
      return c ? (c.sort ?? `${c.text}${c.small?.text ?? ''}`.trim()) : '';
    };
    const sortKeys = new Map(list.map((r) => [r.key, key(r)]));
    return [...list].sort((a, b) => {
      const ka = sortKeys.get(a.key)!;
      const kb = sortKeys.get(b.key)!;
      if (ka === '' || kb === '') return ka === kb ? 0 : ka === '' ? 1 : -1;
      if (numeric) return (Number(ka) - Number(kb)) * dir;
      return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir;
    });
  }

  /** Show a view whose question's runs are at hand. */
  function apply(next: View, asked: RunRow[]) {
    changes++;
    if (asked !== rows) {
      rows = asked;
      order = ordered(rows);
    }
    view = next;
    show(view);
    update();
    toAnswer?.();
  }

  /** Show a view: at once when its question's runs are at hand, after fetching them otherwise. */
  function go(next: View) {
    const [model, gpu, dataset] = questionIds.map((id) => next.filters[id][0]);
    const key = model === undefined ? null : questionKey({ model, gpu: gpu ?? null, dataset: dataset ?? null });
    const known = key === null ? [] : loaded.get(key);
    if (known) return apply(next, known);
    const href = files.get(key!);
    const ticket = ++changes;
    const asked = `${model} on ${gpu}, ${dataset}`;
    const failed = () => {
      if (ticket === changes && summary) summary.textContent = `The runs of ${asked} could not be loaded; runs.csv has every run.`;
    };
    if (!href || new URL(href, location.href).origin !== location.origin) return failed();
    if (summary) summary.textContent = `Loading the runs of ${asked}…`;
    // A question asked while its file is on its way waits for that same fetch. The file's every question is kept:
    // the others of its model are then at hand.
    let load = fetching.get(href);
    if (!load) {
      load = fetch(href)
        .then((res) => (res.ok ? (res.json() as Promise<Data>) : Promise.reject(new Error(String(res.status)))))
        .then((got) => {
          const byKey = new Map<string, RunRow[]>();
          for (const r of got.rows.map(fullRow)) {
            const k = questionKey(r);
            if (files.get(k) !== href || loaded.has(k)) continue;
            (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(r);
          }
          for (const [k, list] of byKey) loaded.set(k, list);
        });
      fetching.set(href, load);
      const settled = () => fetching.delete(href);
      load.then(settled, settled);
    }
    load.then(
      () => {
        if (ticket === changes) apply(next, loaded.get(key!) ?? []);
      },
      () => failed(),
    );
  }

  form.addEventListener('change', (e) => {
    // A new latency axis has another unit: its bound starts empty.
    if (e.target === x) limit.value = '';
    if ((e.target as HTMLElement).matches?.('input[type="search"]')) return;
    const changed = questionIds.find((id) => e.target === selects.get(id));
    const next = completeQuestion(questions, read(), changed);
    // The bound's box fires "change" when it loses focus, after its "input" drew the view: drawing it again would
    // replace the answer's link under a click that is on its way.
    if (viewToQuery(next) === viewToQuery(view)) return;
    go(next);
  });
  // A search box narrows its group's list to the values that contain what is typed.
  form.querySelectorAll<HTMLInputElement>('input[data-search]').forEach((search) => {
    search.addEventListener('input', () => {
      const needle = search.value.trim().toLowerCase();
      search
        .closest('fieldset')
        ?.querySelectorAll<HTMLElement>('.cmp-option')
        .forEach((option) => {
          option.hidden = needle !== '' && !(option.textContent ?? '').toLowerCase().includes(needle);
        });
    });
  });
  limit.addEventListener('input', () => {
    go(read());
  });
  form.addEventListener('reset', (e) => {
    // Clears the other filters and the axes; the question stays.
    e.preventDefault();
    const cleared = defaultView();
    for (const id of questionIds) cleared.filters[id] = view.filters[id];
    go(cleared);
  });
  form.addEventListener('submit', (e) => e.preventDefault());

  // Sortable table: numbers sort as numbers (`data-v`), text as text; empty cells last either way. Every run is
  // sorted, not only the listed ones.
  root.querySelectorAll<HTMLButtonElement>('th button[data-sort]').forEach((button) => {
    button.addEventListener('click', () => {
      const th = button.closest('th')!;
      const col = [...th.parentElement!.children].indexOf(th);
      const dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
      root.querySelectorAll('th[aria-sort]').forEach((h) => h.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
      sortBy = { col, numeric: button.dataset.sort === 'number', dir };
      order = ordered(rows);
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

  // Come from a report's "compare this setup" link: the answer was empty when the browser looked for it, so the
  // first view drawn (after its question's runs are fetched, when the page does not carry them) scrolls to it.
  // Scrolled to just below the sticky header, whatever its height; at once, not with the page's smooth scrolling (a
  // slow machine was still animating the jump when the reader, or a test, looked).
  toAnswer = () => {
    toAnswer = null;
    if (location.hash !== '#cmp-answer' || !answer) return;
    const header = document.querySelector('.site-header');
    const below = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
    scrollTo({ top: answer.getBoundingClientRect().top + scrollY - below - 8, behavior: 'instant' });
  };
  show(view);
  go(view);
}
