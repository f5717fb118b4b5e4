// Baseline vs optimized bars per benchmark case, as inline SVG drawn at build time (no client code).
// The outer SVG has no viewBox: text is placed by percentages of its width and by CSS pixels downwards, so it keeps
// its CSS size at any width (legible on a phone) while the bars, in a nested SVG stretched to the width, fit.
// Colours come from CSS custom properties, so the chart follows the light/dark theme.
import type { CaseResult, Comparison } from './gain.js';
import { formatNumber } from './format.js';
import { axis, tickLabel } from './chart-axis.js';
import { headlineSeries, type Series, type SeriesCase } from './chart-series.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The improvement label of a case: as stated, or `+10.7% → +46.8%` when the page states it wrongly. */
export function gainLabel(k: CaseResult): string {
  return k.stated?.gain ? `${k.stated.gain} → ${k.gainText}` : (k.gainText ?? '');
}

/** A sentence per case, used as the chart's text alternative (a corrected value says what the page states). */
export function chartDescription(c: Comparison): string {
  const value = (v: number, stated: number | undefined) =>
    `${formatNumber(v)} ${c.unit}${stated === undefined ? '' : ` (the page states ${formatNumber(stated)})`}`;
  const gain = (k: CaseResult) =>
    !k.gainText ? '' : k.stated?.gain ? ` (${k.gainText}; the page states ${k.stated.gain})` : ` (${k.gainText})`;
  return c.cases
    .map(
      (k) => `${k.case}: baseline ${value(k.baseline, k.stated?.baseline)}, optimized ${value(k.optimized, k.stated?.optimized)}${gain(k)}`,
    )
    .join('; ');
}

/** The text alternative of a series chart: one sentence per case, a worse optimized side said in words. */
export function seriesDescription(s: Series): string {
  const value = (v: number, stated: number | undefined) =>
    `${formatNumber(v)} ${s.unit}${stated === undefined ? '' : ` (the page states ${formatNumber(stated)})`}`;
  return s.cases
    .map(
      (k) =>
        `${k.case}: baseline ${value(k.baseline, k.stated?.baseline)}, optimized ${value(k.optimized, k.stated?.optimized)}` +
        `${k.change ? ` ${k.change}` : ''}${k.worse && !k.change.includes('worse') ? ' (worse)' : ''}` +
        `${k.incomplete ? ` (not a result: ${k.incomplete})` : ''}`,
    )
    .join('; ');
}

/** The axis title: metric, unit, direction. */
export const axisTitle = (s: Pick<Series, 'label' | 'unit' | 'better'>) => `${s.label} (${s.unit}), ${s.better} is better`;

/** Vertical layout, in CSS pixels. */
export const layout = {
  /** Share of the width the bars may take at most (the rest holds the value labels), in percent. */
  barSpan: 60,
  nameH: 18,
  barH: 15,
  groupGap: 12,
  axisGap: 4,
  tickH: 5,
  /** Characters of a case name and its change label that fit on one line on a phone. */
  lineChars: 40,
} as const;

const pct = (v: number) => `${v.toFixed(2)}%`;

/** One series as a horizontal bar chart with an x axis (ticks, gridlines, unit) and the cases as rows. */
export function seriesSvg(s: Series, id: string): string {
  const L = layout;
  const max = Math.max(...s.cases.flatMap((k) => [k.baseline, k.optimized]));
  const { ticks, top: domainTop } = axis(max);
  const x = (v: number) => (v / domainTop) * L.barSpan;
  let y = 4;
  const groups: string[] = [];
  // Bars, gridlines and axis lines go into a nested SVG whose 100 user units span the full width (stretched, never
  // scaled vertically); the text stays in the outer SVG at its CSS size, placed by percentages of the same width.
  const plot: string[] = [];
  for (const k of s.cases) {
    const long = k.change && k.case.length + k.change.length > L.lineChars;
    const changeCls = `chart-change${k.worse ? ' is-worse' : ''}${k.change.includes('→') ? ' is-corrected' : ''}${k.incomplete ? ' is-grey' : ''}`;
    let head = `<text class="chart-case" x="0" y="${y + 13}">${esc(k.case)}</text>`;
    if (k.change && !long) head += `<text class="${changeCls}" x="100%" y="${y + 13}" text-anchor="end">${esc(k.change)}</text>`;
    y += L.nameH;
    if (k.change && long) {
      head += `<text class="${changeCls}" x="0" y="${y + 13}">${esc(k.change)}</text>`;
      y += L.nameH;
    }
    const bar = (v: number, stated: number | undefined, side: 'baseline' | 'optimized', row: number) => {
      const cls = `bar-${side}${side === 'optimized' && k.worse ? ' is-worse' : ''}${side === 'optimized' && k.incomplete ? ' is-grey' : ''}`;
      const top = y + row * L.barH;
      const label = stated === undefined ? formatNumber(v, 2) : `${formatNumber(stated, 2)} → ${formatNumber(v, 2)}`;
      const said = stated === undefined ? '' : ` (the page states ${formatNumber(stated)})`;
      const title =
        `${k.case} ${side}: ${formatNumber(v)} ${s.unit}${said}${side === 'optimized' && k.worse ? ', worse than the baseline' : ''}` +
        `${side === 'optimized' && k.incomplete ? `; not a result: ${k.incomplete}` : ''}`;
      plot.push(
        `<rect class="${cls}" data-case="${esc(k.case)}" x="0" y="${top}" width="${Math.max(0.2, x(v)).toFixed(2)}" height="${L.barH - 2}"><title>${esc(title)}</title></rect>`,
      );
      return `<text class="chart-value${stated === undefined ? '' : ' is-corrected'}" x="${pct(x(v))}" dx="4" y="${top + L.barH - 4}">${esc(label)}</text>`;
    };
    groups.push(
      `<g class="chart-row${k.worse ? ' is-worse' : ''}">${head}${bar(k.baseline, k.stated?.baseline, 'baseline', 0)}${bar(k.optimized, k.stated?.optimized, 'optimized', 1)}</g>`,
    );
    y += 2 * L.barH + L.groupGap;
  }
  const axisY = y - L.groupGap + L.axisGap;
  const line = (cls: string, x1: number, x2: number, y1: number, y2: number) =>
    `<line class="${cls}" x1="${x1.toFixed(2)}" x2="${x2.toFixed(2)}" y1="${y1}" y2="${y2}" vector-effect="non-scaling-stroke"/>`;
  const grid = ticks.map((t) => line('chart-grid', x(t), x(t), 2, axisY) + line('chart-tick', x(t), x(t), axisY, axisY + L.tickH)).join('');
  const tickText = ticks
    .map(
      (t, i) =>
        `<text class="chart-tick-label" x="${pct(x(t))}" y="${axisY + L.tickH + 13}" text-anchor="${i === 0 ? 'start' : 'middle'}">${esc(tickLabel(t))}</text>`,
    )
    .join('');
  const axisLines = line('chart-axis', 0, L.barSpan, axisY, axisY) + line('chart-axis', 0, 0, 2, axisY);
  const titleY = axisY + L.tickH + 32;
  const axisLabel = `<text class="chart-axis-title" x="0" y="${titleY}">${esc(axisTitle(s))}</text>`;
  const height = titleY + 6;
  const title = `${axisTitle(s)}: baseline vs optimized per benchmark case`;
  return (
    `<svg class="chart" data-series="${esc(s.key)}" width="100%" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-title">${esc(title)}</title><desc id="${id}-desc">${esc(seriesDescription(s))}</desc>` +
    `<svg class="chart-plot" width="100%" height="${height}" viewBox="0 0 100 ${height}" preserveAspectRatio="none">` +
    `<g class="chart-axes">${grid}${axisLines}</g>${plot.join('')}</svg>` +
    `<g class="chart-axes">${tickText}${axisLabel}</g>${groups.join('')}</svg>`
  );
}

/** The Conclusion's headline comparison as a chart (kept for callers that hold a `Comparison`). */
export function chartSvg(c: Comparison, id: string): string {
  return seriesSvg(headlineSeries(c), id);
}

export type { Series, SeriesCase };
