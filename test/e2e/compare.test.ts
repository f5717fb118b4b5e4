// /compare/ in Chromium: filters kept in the URL across a reload, points that open their raw run, the two-click
// question, a sortable table, the filtered CSV, content shown as text only, accessibility and a phone layout.
import axe from 'axe-core';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { questionValue } from '../../src/lib/site/compare/state.js';
import { projectRoot } from '../site/build.js';
import { hasChromium, siteForTests } from './browser.js';

const shots = process.env.PERFLAB_SHOTS ?? join(projectRoot, 'test-results', 'screenshots');

/** Keys of the table rows the filters keep, in table order. */
const shownKeys = (page: Page) =>
  page.$$eval('tbody[data-rows] tr:not([hidden])', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.key!));

type PageData = { rows: Array<Record<string, any>> };

/**
 * Serve /compare/ with its data changed by `edit`, as the build would serialise it, and load it again: with `query`
 * when the edit moves the page's runs to another question (the page carries the runs of one question).
 */
async function withData(page: Page, edit: (data: PageData) => void, query?: (url: URL) => void): Promise<void> {
  await page.route(
    (url) => url.pathname === '/compare/',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = html.replace(
        /(<script type="application\/json" data-compare>)([\s\S]*?)(<\/script>)/,
        (_m, open: string, json: string, close: string) => {
          const data = JSON.parse(json) as PageData;
          edit(data);
          return open + JSON.stringify(data).replace(/</g, '\\u003c') + close;
        },
      );
      await route.fulfill({ response, body });
    },
  );
  if (query) {
    const url = new URL(page.url());
    query(url);
    await page.goto(url.href);
  } else await page.reload();
  await page.waitForSelector('svg[data-plot] a.pt');
}

describe.skipIf(!hasChromium)('compare explorer in Chromium', () => {
  const site = siteForTests({ shots });

  it('should ask the most measured question at first, hide no run of it, and link each point to its raw run', async () => {
    const { page, errors } = await site.open('/compare/');
    await page.waitForSelector('svg[data-plot] a.pt');
    const q = new URL(page.url()).searchParams;
    expect(q.get('model') && q.get('gpu') && q.get('dataset')).toBeTruthy();
    expect(q.has('limit')).toBe(false);
    const verdicts = await page.$$eval('tbody[data-rows] tr:not([hidden]) .badge', (b) => [
      ...new Set(b.map((x) => x.textContent?.trim())),
    ]);
    expect(verdicts.length).toBeGreaterThan(1);
    const hrefs = await page.$$eval('svg[data-plot] a.pt', (as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) expect(h).toMatch(/^\/reports\/.+\/#run-L\d+$/);
    expect(errors).toEqual([]);
  });

  it("should fetch another question's runs when the reader asks it, and say so when they cannot be had", async () => {
    const { page, errors } = await site.open('/compare/');
    await page.waitForSelector('svg[data-plot] a.pt');
    const shipped = await page.evaluate(
      () =>
        JSON.parse(document.querySelector('script[data-compare]')!.textContent!) as {
          rows: Array<{ model: string | null; gpu: string | null; dataset: string | null }>;
        },
    );
    const params = new URL(page.url()).searchParams;
    const first = params.get('model');
    expect(shipped.rows.every((r) => r.model === first && r.gpu === params.get('gpu') && r.dataset === params.get('dataset'))).toBe(true);
    // Another model, so another question: the page does not carry it; its runs come from its file.
    const other = await page.$$eval(
      'select[name="model"] option',
      (os, m) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v !== m)!,
      first,
    );
    expect(other).toBeTruthy();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/compare/runs/')) fetched.push(new URL(r.url()).pathname);
    });
    await page.selectOption('select[name="model"]', other);
    await page.waitForFunction((m) => new URL(location.href).searchParams.get('model') === m, other);
    await page.waitForSelector('[data-answer] p');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/^\/compare\/runs\/\d+\.json$/);
    type FileRow = { key: string; model: string; gpu: string; dataset: string };
    const file = (await (await page.request.get(site.origin + fetched[0])).json()) as { rows: FileRow[] };
    expect(file.rows.length).toBeGreaterThan(0);
    // A question file holds consecutive questions of the index (by model): the one asked among them.
    const now = new URL(page.url()).searchParams;
    const asked = file.rows.filter(
      (r) => r.model === other && questionValue(r, 'gpu') === now.get('gpu') && questionValue(r, 'dataset') === now.get('dataset'),
    );
    expect(asked.length).toBeGreaterThan(0);
    // The table lists that question's runs, and the summary counts them.
    const keys = await shownKeys(page);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(asked.map((r) => r.key)).toContain(k);
    expect(await page.textContent('[data-summary]')).toContain(`of the question's ${asked.length} runs match`);
    // Back to the first model and to the other again: a question is fetched once at most. A shared link to the other
    // question draws it from its file.
    const shared = new URL(page.url());
    for (const m of [first!, other]) {
      await page.selectOption('select[name="model"]', m);
      await page.waitForFunction((v) => new URL(location.href).searchParams.get('model') === v, m);
      await page.waitForSelector('[data-answer] p');
    }
    expect(fetched.length).toBeGreaterThanOrEqual(1);
    expect(new Set(fetched).size).toBe(fetched.length);
    const again = await site.open(shared.pathname + shared.search);
    await again.page.waitForFunction((m) => new URL(location.href).searchParams.get('model') === m, other);
    await again.page.waitForSelector('[data-answer] p');
    expect(await again.page.textContent('[data-summary]')).toContain(`of the question's ${asked.length} runs match`);
    // A file that cannot be had: the reader is told, nothing throws.
    const broken = await site.open('/compare/');
    await broken.page.waitForSelector('svg[data-plot] a.pt');
    await broken.page.route('**/compare/runs/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await broken.page.selectOption('select[name="model"]', other);
    await broken.page.waitForFunction(() => document.querySelector('[data-summary]')?.textContent?.includes('could not be loaded'));
    expect(errors).toEqual([]);
    // The browser logs the failed request itself; no script error.
    expect(broken.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    expect(again.errors).toEqual([]);
  });

  it('should draw the chart at once from a crafted link (a tiny or huge limit froze the tab for 14-19 s, then RangeError)', async () => {
    for (const query of ['?limit=5e-324', '?x=e2e&limit=1e-323', '?limit=1.5e308', '?limit=NaN&limit=-1&x=x&x=ttft']) {
      const started = Date.now();
      const { page, errors } = await site.open(`/compare/${query}`);
      await page.waitForSelector('svg[data-plot] a.pt', { timeout: 5000 });
      expect(Date.now() - started, query).toBeLessThan(5000);
      expect(await page.$$eval('svg[data-plot] .tick', (t) => t.length), query).toBeGreaterThan(2);
      expect(errors, query).toEqual([]);
      // Typing the same into the limit box goes through the same parse.
      await page.fill('input[name="limit"]', '1e-323');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('limit') === '0.001', null, { timeout: 5000 });
      expect(await page.$$eval('svg[data-plot] a.pt', (a) => a.length), query).toBeGreaterThan(0);
      expect(errors, query).toEqual([]);
    }
  });

  it('should keep a filter across a reload', async () => {
    const { page } = await site.open('/compare/');
    await page.selectOption('select[name="gpu"]', 'H100');
    await page.click('details[data-filters-box] > summary');
    await page.selectOption('select[name="x"]', 'ttft');
    expect(new URL(page.url()).searchParams.getAll('gpu')).toEqual(['H100']);
    const before = await shownKeys(page);
    await page.reload();
    await page.waitForSelector('svg[data-plot] a.pt');
    expect(await page.inputValue('select[name="gpu"]')).toBe('H100');
    expect(await page.inputValue('select[name="x"]')).toBe('ttft');
    expect(await page.inputValue('input[name="limit"]')).toBe('');
    expect(await shownKeys(page)).toEqual(before);
    const gpus = await page.$$eval('tbody[data-rows] tr:not([hidden]) td[data-col="parallelism"] small', (tds) => [
      ...new Set(tds.map((td) => td.textContent!.split('×')[1].trim())),
    ]);
    expect(gpus).toEqual(['H100']);
  });

  it('should open the raw line of a clicked point', async () => {
    const { page } = await site.open('/compare/');
    // A point of the Pareto front: drawn last, so no other point covers it.
    const point = page.locator('svg[data-plot] a.pt.on-front').last();
    const href = (await point.getAttribute('href'))!;
    await page.locator('svg[data-plot]').evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
    await point.click();
    await page.waitForURL((u) => u.pathname === href.split('#')[0] && u.hash === `#${href.split('#')[1]}`);
    const run = page.locator(`[id="${href.split('#')[1]}"]`);
    await page.waitForFunction((id) => document.getElementById(id)?.classList.contains('is-target'), href.split('#')[1]);
    expect(await run.isVisible()).toBe(true);
    expect(await run.textContent()).toMatch(/Mean TPOT \(ms\):\s+[\d.]+/);
  });

  it('should answer "best throughput per GPU under 250 ms mean TPOT for Qwen3-14B on H100" from its question and a bound', async () => {
    const { page } = await site.open('/compare/');
    await page.selectOption('select[name="model"]', 'Qwen3-14B');
    await page.selectOption('select[name="gpu"]', 'H100');
    await page.fill('input[name="limit"]', '250');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('limit') === '250');
    const best = await page.getAttribute('[data-answer]', 'data-best');
    expect(best).toBeTruthy();
    // The same answer by brute force over the table rows the two filters keep.
    const rows = await page.$$eval('tbody[data-rows] tr:not([hidden])', (trs) =>
      trs.map((tr) => ({
        key: (tr as HTMLElement).dataset.key!,
        verdict: tr.querySelector('[data-col="verdict"]')!.textContent!.trim(),
        perGpu: Number(tr.querySelector<HTMLElement>('[data-col="total"]')!.dataset.v || NaN),
        tpot: Number(tr.querySelector<HTMLElement>('[data-col="tpot"]')!.dataset.v || NaN),
      })),
    );
    const within = rows.filter((r) => r.tpot <= 250 && Number.isFinite(r.perGpu) && !['failed', 'flagged'].includes(r.verdict));
    expect(within.length).toBeGreaterThan(0);
    const brute = within.reduce((a, b) => (b.perGpu > a.perGpu ? b : a));
    expect(best).toBe(brute.key);
    const answer = (await page.textContent('[data-answer]'))!;
    expect(answer).toContain('≤ 250 ms');
    expect(answer).toContain('H100');
    // The answer's point is ringed on the chart; it and the answer's link open the raw run.
    const ringed = page.locator('svg[data-plot] a.pt.best');
    expect(await ringed.getAttribute('data-key')).toBe(best);
    const href = (await ringed.getAttribute('href'))!;
    expect(await page.getAttribute('[data-answer] a[data-answer-link]', 'href')).toBe(href);
    await page.screenshot({ path: join(shots, 'compare-answer.png'), fullPage: false });
    await page.click('[data-answer] a[data-answer-link]');
    const id = href.split('#')[1];
    await page.waitForFunction((i) => document.getElementById(i)?.classList.contains('is-target'), id);
    expect(await page.locator(`[id="${id}"]`).isVisible()).toBe(true);
  });

  it('should sort the table by a numeric column as numbers', async () => {
    const { page } = await site.open('/compare/');
    await page.click('th button:has-text("Total")');
    const up = await page.$$eval('tbody[data-rows] tr:not([hidden]) td[data-col="total"]', (tds) =>
      tds
        .map((td) => (td as HTMLElement).dataset.v!)
        .filter(Boolean)
        .map(Number),
    );
    expect(up.length).toBeGreaterThan(2);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await page.keyboard.press('Enter'); // the header button keeps focus: Enter sorts the other way
    const down = await page.$$eval('tbody[data-rows] tr:not([hidden]) td[data-col="total"]', (tds) =>
      tds
        .map((td) => (td as HTMLElement).dataset.v!)
        .filter(Boolean)
        .map(Number),
    );
    expect(down).toEqual([...up].reverse());
    expect(await page.getAttribute('th:has(button:has-text("Total"))', 'aria-sort')).toBe('descending');
  });

  it('should toggle a filter from the keyboard and download a CSV of the filtered rows', async () => {
    const { page } = await site.open('/compare/');
    await page.click('details[data-filters-box] > summary');
    await page.focus('input[name="verdict"][value="verified"]');
    await page.keyboard.press('Space');
    expect(new URL(page.url()).searchParams.getAll('verdict')).toEqual(['verified']);
    const shown = (await shownKeys(page)).length;
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[data-csv]')]);
    const text = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    const lines = text.trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['report', 'run_id', 'line', 'raw_run']);
    expect(lines.length - 1).toBe(shown);
  });

  it('should show text from content as text, never as markup', async () => {
    const { page } = await site.open('/compare/');
    // Content that looks like markup, placed into the page's data.
    await withData(
      page,
      (data) => {
        for (const r of data.rows) {
          r.setting = '<img src=x onerror="window.__perflabXss=1">';
          r.model = '<svg onload="window.__perflabXss=2">';
          r.href = r.href.replace(/#/, '#"><img src=x onerror="window.__perflabXss=3">');
        }
      },
      (url) => url.searchParams.set('model', '<svg onload="window.__perflabXss=2">'),
    );
    await page.click('details[data-filters-box] > summary');
    await page.click('input[name="verdict"][value="verified"]'); // re-render
    await page.click('input[name="verdict"][value="verified"]');
    await page.waitForSelector('[data-answer] a[data-answer-link]');
    expect(await page.textContent('[data-answer]')).toContain('<svg onload=');
    expect(await page.$$('[data-answer] img, [data-answer] svg, svg[data-plot] img')).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as { __perflabXss?: number }).__perflabXss)).toBeUndefined();
  });

  it('should list a large site a page at a time, sort every run and export every match', async () => {
    const { page } = await site.open('/compare/');
    // A site of many runs: the page's data with each verified run copied under new keys, its throughput varied.
    await withData(
      page,
      (data) => {
        // One question, so every copy is of it.
        for (const r of data.rows) Object.assign(r, { model: 'Qwen3-14B', gpu: 'H100', dataset: 'ShareGPT' });
        data.rows = data.rows.filter((r) => r.verdict === 'verified');
        const verified = data.rows;
        const copies = Array.from({ length: 250 - verified.length }, (_, i) => {
          const r = structuredClone(verified[i % verified.length]);
          r.key = `${r.key}-copy${i}`;
          if (r.values.total) r.values.total.value = 1000 + ((i * 7919) % 5000) + 0.5;
          return r;
        });
        data.rows.push(...copies);
      },
      (url) => (url.search = '?model=Qwen3-14B&gpu=H100&dataset=ShareGPT'),
    );
    const listed = () => page.$$eval('tbody[data-rows] tr', (trs) => trs.length);
    expect(await listed()).toBe(100);
    expect(await page.textContent('[data-rows-status]')).toBe('Listed: 100 of 250 runs that match.');
    expect(await page.textContent('button[data-more]')).toBe('Show 100 more (150 not listed)');
    await page.click('button[data-more]');
    expect(await listed()).toBe(200);
    await page.click('button[data-more]');
    expect(await listed()).toBe(250);
    expect(await page.isHidden('button[data-more]')).toBe(true);
    // Sorting orders every matching run, not only the listed ones; the list starts again from its first page.
    await page.click('details[data-filters-box] > summary');
    await page.click('input[name="engine"] >> nth=0');
    await page.click('input[name="engine"] >> nth=0');
    expect(await listed()).toBe(100);
    await page.click('th button:has-text("Total")');
    const totals = await page.$$eval('tbody[data-rows] td[data-col="total"]', (tds) =>
      tds
        .map((td) => (td as HTMLElement).dataset.v!)
        .filter(Boolean)
        .map(Number),
    );
    const all = await page.evaluate(() => {
      const data = JSON.parse(document.querySelector('script[data-compare]')!.textContent!) as {
        rows: Array<{ verdict: string; gpus: number | null; values: { total: { value: number } | null } }>;
      };
      return data.rows
        .filter((r) => r.values.total && r.gpus)
        .map((r) => r.values.total!.value / r.gpus!)
        .sort((a, b) => a - b);
    });
    expect(totals[0]).toBeCloseTo(all[0], 6);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[data-csv]')]);
    const text = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    expect(text.trim().split('\r\n').length - 1).toBe(250);
  });

  it.each(['light', 'dark'] as const)('should have no axe violations (%s)', async (colorScheme) => {
    const { page } = await site.open('/compare/', { colorScheme });
    await page.waitForSelector('svg[data-plot] a.pt');
    await page.addScriptTag({ content: axe.source });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
    });
    expect(violations).toEqual([]);
  });

  it('should fit a phone (390x844) without sideways page scroll, with legible chart text', async () => {
    const { page } = await site.open('/compare/?model=Qwen3-14B&gpu=H100', { width: 390 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForSelector('svg[data-plot] a.pt');
    await page.screenshot({ path: join(shots, 'compare-phone.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const smallest = await page.$$eval('svg[data-plot] text', (ts) => Math.min(...ts.map((t) => t.getBoundingClientRect().height)));
    expect(smallest).toBeGreaterThanOrEqual(11);
    const desk = await site.open('/compare/?model=Qwen3-14B&gpu=H100');
    await desk.page.setViewportSize({ width: 1440, height: 900 });
    await desk.page.waitForSelector('svg[data-plot] a.pt');
    await desk.page.screenshot({ path: join(shots, 'compare-desktop.png') });
  });
});
