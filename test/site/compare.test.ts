// The explorer's data on real pages (the seed pages and, when present, the shared corpus): per-GPU throughput, run
// verdicts, the Pareto front and the best run under a limit, the view <-> URL round trip, and both CSVs.
import { parseCsv } from '../helpers/csv.js';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { siteHref, tableCells, tableColumns } from '../../src/lib/site/compare/cells.js';
import { explorerColumns, explorerCsv } from '../../src/lib/site/compare/csv.js';
import { clientRow, filterGroups, fullRow, rowsScriptJson, scriptJson, type ClientRow } from '../../src/lib/site/compare/options.js';
import { compareRows, type ComparedPage, type RunRow } from '../../src/lib/site/compare/rows.js';
import { compareQuery } from '../../src/lib/site/compare/link.js';
import { bestSeries, seriesOf } from '../../src/lib/site/compare/series.js';
import * as state from '../../src/lib/site/compare/state.js';
import type { Point, View } from '../../src/lib/site/compare/state.js';
import { csvPart, runsCsv } from '../../src/lib/site/csv.js';
import type { Entry } from '../../src/lib/site/entry.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

function load(root: string): ComparedPage[] {
  const files = markdownFiles(root);
  const analyses = files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f));
  const reports = checkAll(analyses);
  for (const [i, r] of reports.entries()) sources.set(`/reports/${r.slug}/`, analyses[i].source);
  return reports.map((report) => ({ report, url: `/reports/${report.slug}/` }));
}

/** Each page's text by URL: the test reads the raw line a link points at. */
const sources = new Map<string, string>();

const content = load(SEED_PAGES);
const corpus = hasCorpus ? load(CORPUS) : [];
const pages = [...content, ...corpus];
const rows = compareRows(pages);
const lineOf = (href: string) => {
  const [url, id] = href.split('#');
  const m = /-m(\d+)$/.exec(id) ?? /^run-L(\d+)$/.exec(id);
  return sources.get(url)!.split('\n')[Number(m![1]) - 1];
};
const points = (rs: readonly RunRow[], view: Pick<View, 'x' | 'y'> = state.defaultView()) =>
  rs.map((r) => state.pointOf(r, view)).filter(state.isPoint);

describe('explorer rows', () => {
  it('should make one row per run of every page, each linking to its raw block', () => {
    // A block that repeats an earlier run's result is that run's second place: one row.
    expect(rows.length).toBe(pages.reduce((n, p) => n + p.report.runs.filter((r) => r.repeatOf === null).length, 0));
    expect(pages.some((p) => p.report.runs.some((r) => r.repeatOf !== null))).toBe(true);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    for (const r of rows) expect(r.href).toBe(`${r.url}#${r.run}`);
    if (!hasCorpus) console.warn('SKIPPED: corpus rows (../shared/corpus not found); the seed pages only');
  });

  it("should show in its own columns each run's role and the launch options that set it apart from its page's baseline", () => {
    const flagged = rows.filter((r) => r.flags.length > 0);
    expect(flagged.length).toBeGreaterThan(0);
    const at = (label: string) => tableColumns.findIndex((c) => c.label === label);
    for (const r of rows) {
      const c = tableCells(r);
      expect(c[at('Role')].text, r.key).toBe(r.role ?? '–');
      for (const f of r.flags) expect(c[at('Config (flags)')].text, r.key).toContain(f);
    }
  });

  it('should link every printed value to the raw line that prints it', () => {
    let checked = 0;
    for (const r of rows) {
      for (const v of Object.values(r.values)) {
        if (!v || v.derived) continue;
        expect(lineOf(v.href), `${r.key} ${v.href}`).toContain(v.text);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('should divide throughput by the devices the serving command uses', () => {
    const multi = rows.filter((r) => r.gpusFrom === 'command' && r.gpus! > 1 && r.values.total);
    expect(multi.length).toBeGreaterThan(0);
    for (const r of multi) {
      const p = state.pointOf(r, state.defaultView());
      expect(state.isPoint(p)).toBe(true);
      expect((p as Point).y * r.gpus!).toBeCloseTo(r.values.total!.value, 6);
      // The count is the product of the stated parallel sizes, and the parallelism names them.
      const sizes = [...(r.parallelism ?? '').matchAll(/\b(TP|PP|DP)(\d+)/g)].map((m) => Number(m[2]));
      expect(
        sizes.reduce((a, b) => a * b, 1),
        r.key,
      ).toBe(r.gpus);
    }
  });

  it('should not plot a run whose GPU count nobody states, and say why', () => {
    for (const r of rows.filter((r) => r.gpus === null && r.values.total && r.values.tpot)) {
      expect(state.pointOf(r, state.defaultView())).toEqual({ row: r, missing: 'GPU count not stated' });
    }
  });

  it('should sum input and output throughput where sglang prints no total, and say so', () => {
    const summed = rows.filter((r) => r.values.total?.derived);
    for (const r of summed) expect(r.values.total!.derived).toMatch(/^input [\d.]+ \+ output [\d.]+ tok\/s$/);
    expect(summed.length).toBe(rows.filter((r) => r.format === 'sglang').length);
  });

  it('should call a run verified only when a verified claim on its page cites it, and flag errors on it', () => {
    for (const p of pages) {
      for (const run of p.report.runs.filter((r) => r.repeatOf === null)) {
        const row = rows.find((r) => r.key === `${p.report.slug}#${run.id}`)!;
        const places = new Set([run.id, ...p.report.runs.filter((r) => r.repeatOf === run.id).map((r) => r.id)]);
        const cited = p.report.claims.some(
          (c) =>
            c.verdict === 'verified' && [c.source, ...c.sources].some((s) => s !== null && places.has(s.runId) && s.path === p.report.path),
        );
        if (row.verdict === 'verified') expect(cited, row.key).toBe(true);
        if (row.verdict === 'failed') expect(run.failed).toBe(true);
        if (row.verdict === 'flagged') {
          const on = p.report.messages.filter(
            (m) => m.severity === 'error' && ((m.line >= run.line && m.line <= run.endLine) || m.line === run.context.commandLine),
          );
          expect(on.length, row.key).toBeGreaterThan(0);
          expect(row.verdictNote).toContain(on[0].ruleId);
        }
      }
    }
    expect(rows.some((r) => r.verdict === 'verified')).toBe(true);
    expect(rows.some((r) => r.verdict !== 'verified')).toBe(true);
  });

  it('should read the success rate from the requests a run asked for, never above 100%', () => {
    const rated = rows.filter((r) => r.successRate !== null);
    expect(rated.length).toBeGreaterThan(0);
    for (const r of rated) {
      expect(r.successRate!).toBeGreaterThan(0);
      expect(r.successRate!).toBeLessThanOrEqual(100);
      expect(r.requested).not.toBeNull();
    }
  });
});

describe('Pareto front and best run under a limit', () => {
  for (const x of ['tpot', 'ttft', 'e2e'] as const) {
    it(`should keep exactly the undominated runs (${x})`, () => {
      const all = points(rows, { x, y: 'total' });
      const front = state.paretoFront(all);
      expect(front.length).toBeGreaterThan(0);
      const dominates = (a: Point, b: Point) => a.x <= b.x && a.y >= b.y && (a.x < b.x || a.y > b.y);
      for (const f of front) expect(all.some((p) => dominates(p, f))).toBe(false);
      for (const p of all) if (!front.includes(p)) expect(front.some((f) => dominates(f, p) || (f.x === p.x && f.y === p.y))).toBe(true);
      for (let i = 1; i < front.length; i++) expect(front[i].x > front[i - 1].x && front[i].y > front[i - 1].y).toBe(true);
    });
  }

  it('should answer "best throughput per GPU for Qwen3-14B on H100 under a bound" like a brute-force search', () => {
    for (const limit of [null, 250, 100]) {
      const view = state.completeQuestion(rows, { ...state.viewFromQuery('?model=Qwen3-14B&gpu=H100'), limit });
      expect(view.filters.model).toEqual(['Qwen3-14B']);
      expect(view.filters.gpu).toEqual(['H100']);
      expect(view.filters.dataset).toHaveLength(1);
      const kept = rows.filter((r) => state.matches(r, view));
      const pts = points(kept, view);
      const best = bestSeries(seriesOf(pts, view.limit))?.best ?? null;
      const fit = pts.filter((p) => !state.isGreyed(p.row) && (limit === null || p.x <= limit));
      if (fit.length === 0) {
        expect(best, String(limit)).toBeNull();
        continue;
      }
      const brute = fit.reduce((a, b) => (b.y > a.y ? b : a));
      expect(best!.row.key, String(limit)).toBe(brute.row.key);
      expect(best!.row.model).toBe('Qwen3-14B');
      expect(best!.row.gpu).toBe('H100');
      expect(lineOf(best!.row.values.tpot!.href)).toContain(best!.row.values.tpot!.text);
    }
  });

  it('should group one question into configurations labelled by engine, role and flags, failed and flagged runs never the best', () => {
    let shared = 0;
    const questions = new Set(rows.map((r) => JSON.stringify(state.questionIds.map((id) => state.filterValue(r, id)))));
    for (const q of questions) {
      const view = state.defaultView();
      (JSON.parse(q) as string[]).forEach((v, i) => (view.filters[state.questionIds[i]] = [v]));
      const asked = rows.filter((r) => state.matches(r, view));
      // The workload names its load: one question never mixes concurrencies or request rates.
      expect(new Set(asked.map((r) => JSON.stringify([r.concurrency, r.rate]))).size, q).toBe(1);
      const pts = points(asked);
      const series = seriesOf(pts, null);
      expect(series.flatMap((s) => s.points).length).toBe(pts.length);
      for (const s of series) {
        const r = s.points[0].row;
        if (r.engine) expect(s.label.startsWith(r.engine), s.label).toBe(true);
        if (r.role) expect(s.label).toContain(r.role);
        // A flag is in the label, unless every configuration of its engine sets it (then it is said once, in `shared`).
        for (const f of r.flags) expect(s.label.includes(f) || s.shared.includes(f), `${s.label} ${f}`).toBe(true);
        for (const f of s.shared)
          for (const o of series.filter((x) => x.engine === s.engine && x.points[0].row.flags.length > 0))
            expect(o.points[0].row.flags).toContain(f);
        if (s.shared.length > 0) shared++;
        if (s.best) expect(state.isGreyed(s.best.row)).toBe(false);
      }
      expect(new Set(series.map((s) => s.label)).size, q).toBe(series.length);
      const top = bestSeries(series);
      if (top) expect(top.best!.y).toBe(Math.max(...pts.filter((p) => !state.isGreyed(p.row)).map((p) => p.y)));
    }
    expect(questions.size).toBeGreaterThan(5);
    if (hasCorpus) expect(shared).toBeGreaterThan(0);
  });

  it("should pre-fill a report's comparison with the model, accelerator and workload of the run it adopts", () => {
    for (const p of pages) {
      const own = rows.filter((r) => r.report === p.report.slug);
      const query = compareQuery(own);
      if (own.length === 0) {
        expect(query).toBe('');
        continue;
      }
      const view = state.viewFromQuery(query);
      expect(state.completeQuestion(rows, view)).toEqual(view);
      expect(
        own.some((r) => state.matches(r, view)),
        p.report.slug,
      ).toBe(true);
      const adopted = own.find((r) => r.role === 'optimized' && !state.isGreyed(r));
      if (adopted) expect(state.matches(adopted, view), p.report.slug).toBe(true);
      expect(view.limit, p.report.slug).toBeNull();
    }
  });

  it("should open a latency report's comparison on its own objective: at most the adopted run's TPOT, at its load", () => {
    let latency = 0;
    for (const p of pages) {
      const own = rows.filter((r) => r.report === p.report.slug);
      const adopted = own.find((r) => r.role === 'optimized' && !state.isGreyed(r));
      if (!adopted?.values.tpot) continue;
      const view = state.viewFromQuery(compareQuery(own, 'latency'));
      latency++;
      expect(view.limit, p.report.slug).toBe(adopted.values.tpot.value);
      expect(state.matches(adopted, view), p.report.slug).toBe(true);
      // The question's workload is the adopted run's load, not another concurrency of the same dataset.
      for (const r of rows.filter((x) => state.matches(x, view)))
        expect([r.concurrency, r.rate]).toEqual([adopted.concurrency, adopted.rate]);
      // The answer is the adopted run or one at least as fast that serves more per GPU.
      const pts = points(rows.filter((r) => state.matches(r, view)));
      const best = bestSeries(seriesOf(pts, view.limit))!.best!;
      expect(best.x).toBeLessThanOrEqual(adopted.values.tpot.value);
      expect(best.y).toBeGreaterThanOrEqual(adopted.values.total!.value / adopted.gpus!);
    }
    expect(latency).toBeGreaterThan(0);
  });
});

describe('view in the URL', () => {
  it('should hide no run and set no latency bound by default, and complete the question with the most measured one', () => {
    expect(state.viewToQuery(state.defaultView())).toBe('');
    expect(state.viewFromQuery('')).toEqual(state.defaultView());
    expect(state.viewFromQuery('?verdict=any')).toEqual(state.defaultView());
    expect(state.defaultView().filters.verdict).toEqual([]);
    expect(state.defaultView().limit).toBeNull();
    const view = state.completeQuestion(rows, state.defaultView());
    const size = (v: state.View) => rows.filter((r) => state.matches(r, v)).length;
    for (const r of rows) {
      const other = state.defaultView();
      for (const id of state.questionIds) other.filters[id] = [state.filterValue(r, id)];
      expect(size(other)).toBeLessThanOrEqual(size(view));
    }
    // A value the site does not have is replaced; the field the reader changed is kept, the others follow it.
    const odd = state.completeQuestion(rows, state.viewFromQuery('?model=<nope>&gpu=H100'));
    expect(odd.filters.gpu).toEqual(['H100']);
    expect(size(odd)).toBeGreaterThan(0);
    const gpu = rows.find((r) => r.gpu && r.gpu !== view.filters.gpu[0])!.gpu!;
    const changed = state.completeQuestion(rows, { ...view, filters: { ...view.filters, gpu: [gpu] } }, 'gpu');
    expect(changed.filters.gpu).toEqual([gpu]);
    expect(size(changed)).toBeGreaterThan(0);
  });

  it('should complete a question from the runs per question as from the runs themselves', () => {
    const counts = state.questionCounts(rows);
    expect(counts.reduce((n, q) => n + q.n, 0)).toBe(rows.length);
    for (const query of ['', '?model=<nope>&gpu=H100', '?gpu=H100', '?dataset=ShareGPT&model=Qwen3-14B'])
      for (const first of [undefined, ...state.questionIds])
        expect(state.completeQuestion(counts, state.viewFromQuery(query), first)).toEqual(
          state.completeQuestion(rows, state.viewFromQuery(query), first),
        );
    // A value left empty and one not given are the same question (`not stated`), counted once.
    const blank = { model: 'M', gpu: '', dataset: null };
    const none = { model: 'M', gpu: null, dataset: '' };
    expect(state.questionCounts([blank, none])).toEqual([{ ...blank, n: 2 }]);
    expect(state.questionKey(blank)).toBe(state.questionKey(none));
  });

  it('should round-trip every filter value of the real rows, axes and limit', () => {
    for (const g of filterGroups(rows)) {
      for (const o of g.options) {
        const view = state.defaultView();
        view.filters[g.id] = [o.value];
        view.x = 'e2e';
        view.limit = 2.5;
        const back = state.viewFromQuery(state.viewToQuery(view));
        expect(back, `${g.id}=${o.value}`).toEqual(view);
        expect(rows.filter((r) => state.matches(r, back)).every((r) => state.filterValue(r, g.id) === o.value)).toBe(true);
      }
    }
  });

  it('should keep values with URL and markup characters intact, and drop unknown axes', () => {
    const view = state.defaultView();
    view.filters.dataset = ['a&b=c #d'];
    view.filters.engine = ['<img src=x>', 'random 32K input', 'ü+%20'];
    view.filters.verdict = ['verified', 'uncited'];
    view.limit = null;
    expect(state.viewFromQuery(state.viewToQuery(view))).toEqual(view);
    expect(state.viewFromQuery('?x=evil&y=<b>&limit=-3')).toEqual(state.defaultView());
  });

  it('should clamp a crafted limit into a drawable range and ignore garbage (5e-324 and 1.5e308 froze the tab)', () => {
    const limit = (q: string) => state.viewFromQuery(q).limit;
    expect(limit('?limit=5e-324')).toBe(state.LIMIT_RANGE.min);
    expect(state.viewFromQuery('?x=e2e&limit=1e-323')).toMatchObject({ x: 'e2e', limit: state.LIMIT_RANGE.min });
    expect(limit('?limit=1.5e308')).toBe(state.LIMIT_RANGE.max);
    expect(limit('?limit=1e999')).toBe(state.LIMIT_RANGE.max);
    for (const garbage of ['NaN', '-5', '0', 'Infinity', '0x10', '1,5', '', '5ms', ' ']) expect(limit(`?limit=${garbage}`)).toBeNull();
    expect(limit('?limit=none')).toBeNull();
    expect(limit('?limit=2.5&limit=7')).toBe(2.5);
    // The bound's box reads through the same function: empty is no bound, garbage is undefined (no bound).
    expect(state.parseLimit('')).toBeNull();
    expect(state.parseLimit('1e-323')).toBe(state.LIMIT_RANGE.min);
    expect(state.parseLimit('abc')).toBeUndefined();
  });

  it('should take the first valid axis of a repeated key, and cut a huge repeated filter quickly', () => {
    expect(state.viewFromQuery('?x=evil&x=ttft&x=e2e&y=output&y=total')).toMatchObject({ x: 'ttft', y: 'output', limit: null });
    const many = Array.from({ length: 50_000 }, (_, i) => `engine=m${i}&engine=m${i}&model=m${i}`).join('&');
    const started = performance.now();
    const view = state.viewFromQuery(`?${many}&gpu=${'x'.repeat(100_000)}&unknown=1`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(view.filters.engine).toHaveLength(state.MAX_FILTER_VALUES);
    // A question field keeps one value.
    expect(view.filters.model).toEqual(['m0']);
    expect(view.filters.gpu).toEqual(['x'.repeat(state.MAX_VALUE_LENGTH)]);
  });

  it('should count each filter value with the other filters applied', () => {
    const groups = filterGroups(rows);
    const verdict = groups.find((g) => g.id === 'verdict')!;
    expect(verdict.options.reduce((n, o) => n + o.count, 0)).toBe(rows.length);
    const gpu = groups.find((g) => g.id === 'gpu')!;
    expect(gpu.options.reduce((n, o) => n + o.count, 0)).toBe(rows.length);
    expect(state.filterIds.every((id) => groups.some((g) => g.id === id))).toBe(true);
  });
});

describe('CSV', () => {
  it('should give runs.csv the setup columns, one row per run', () => {
    const table = parseCsv(runsCsv(pages.map((p) => csvPart({ ...p, report: p.report as Entry }))));
    const head = table[0];
    // The setup columns of the explorer's CSV (GPU to verdict) are in runs.csv too.
    const setup = explorerColumns.slice(explorerColumns.indexOf('gpu'), explorerColumns.indexOf('verdict') + 1);
    expect(setup).toContain('engine_version');
    for (const col of setup) expect(head).toContain(col);
    expect(head.slice(0, 3)).toEqual(['report', 'run_id', 'line']);
    expect(table.length - 1).toBe(rows.length);
    const at = (name: string) => head.indexOf(name);
    table.slice(1).forEach((line, i) => {
      expect(line).toHaveLength(head.length);
      expect(line[at('gpu_count')]).toBe(rows[i].gpus === null ? '' : String(rows[i].gpus));
      expect(line[at('verdict')]).toBe(rows[i].verdict);
      expect(line[at('success_rate')]).toBe(rows[i].successRate === null ? '' : String(rows[i].successRate));
    });
  });

  it('should write the filtered rows with per-GPU numbers, and defuse formula-like text', () => {
    const view = state.viewFromQuery('?model=Qwen3-14B');
    const kept = rows.filter((r) => state.matches(r, view));
    const table = parseCsv(explorerCsv(kept, 'https://example.org'));
    expect(table[0]).toEqual([...explorerColumns]);
    expect(table.length - 1).toBe(kept.length);
    table.slice(1).forEach((line, i) => {
      expect(line[3]).toBe(`https://example.org${kept[i].href}`);
      const perGpu = line[explorerColumns.indexOf('total_tok_s_per_gpu')];
      if (kept[i].values.total && kept[i].gpus) expect(Number(perGpu)).toBeCloseTo(kept[i].values.total!.value / kept[i].gpus!, 2);
    });
    const hostile = { ...kept[0], setting: '=HYPERLINK("http://x","y")', model: '@SUM(A1)' };
    const line = parseCsv(explorerCsv([hostile]))[1];
    expect(line[explorerColumns.indexOf('setting')]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(line[explorerColumns.indexOf('model')]).toBe("'@SUM(A1)");
  });
});

describe('rows in the page', () => {
  it('should ship rows that plot, filter, export and fill the table exactly like the full ones', () => {
    const shipped = JSON.stringify(rows.map(clientRow));
    expect(shipped.length).toBeLessThan(JSON.stringify(rows).length * 0.75);
    // Read back as the page's script reads them.
    const slim = (JSON.parse(shipped) as ClientRow[]).map(fullRow);
    const { url: _u, format: _f, failed: _x, error: _e, ...kept } = rows[0];
    expect(slim[0]).toEqual(kept);
    for (const x of ['tpot', 'ttft', 'e2e'] as const) {
      const view = { ...state.defaultView(), x };
      expect(slim.map((r) => state.pointOf(r, view)).map((p) => ('x' in p ? [p.x, p.y] : p.missing))).toEqual(
        rows.map((r) => state.pointOf(r, view)).map((p) => ('x' in p ? [p.x, p.y] : p.missing)),
      );
    }
    expect(explorerCsv(slim)).toBe(explorerCsv(rows));
    for (const id of state.filterIds) expect(slim.map((r) => state.filterValue(r, id))).toEqual(rows.map((r) => state.filterValue(r, id)));
    expect(slim.map(tableCells)).toEqual(rows.map(tableCells));
  });

  it('should give each row one cell per column, numbers sorting by their value and linking to their raw line', () => {
    for (const r of rows) {
      const c = tableCells(r);
      expect(c).toHaveLength(tableColumns.length);
      for (const [i, col] of tableColumns.entries()) if (col.numeric) expect(c[i].className).toBe('num');
      for (const m of c.filter((x) => x.col && ['total', 'tpot', 'ttft'].includes(x.col))) {
        if (m.sort === '') expect(m.href).toBeUndefined();
        else {
          expect(Number.isFinite(Number(m.sort))).toBe(true);
          expect(m.href).toMatch(/^\/reports\/.+#run-L\d+/);
        }
      }
    }
  });

  it('should serialise rows so that no content can end the script element', () => {
    const hostile = { ...rows[0], setting: '</script><script>alert(1)</script>', title: 'a\u2028b & <!--' };
    const json = scriptJson({ rows: [hostile] });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ rows: [hostile] });
  });

  it('should write the shipped rows a row at a time as the same text as the whole, hostile rows included', () => {
    const hostile = { ...rows[0], setting: '</script><script>alert(1)</script>', title: 'a\u2028b & <!--' };
    const all = [...rows, hostile];
    const json = rowsScriptJson(all);
    expect(json).toBe(scriptJson({ rows: all.map(clientRow) }));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(rowsScriptJson([])).toBe(scriptJson({ rows: [] }));
  });

  it('should keep only links of the site in rows rendered from the page data', () => {
    for (const r of rows) expect(siteHref(r.href)).toBe(r.href);
    expect(siteHref('#run-L89')).toBe('#run-L89');
    for (const bad of ['javascript:alert(1)', '//evil.example/x', '/\\evil.example/x', 'https://evil.example/', ' /x']) {
      expect(siteHref(bad), bad).toBeNull();
    }
  });
});
