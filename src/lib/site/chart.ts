// Baseline vs optimized bars per benchmark case, as inline SVG drawn at build time (no client code).
// Colours come from CSS custom properties, so the chart follows the light/dark theme.
import { scaleBand, scaleLinear } from 'd3-scale';
import type { CaseResult, Comparison } from './gain.js';
import { formatNumber } from './format.js';

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

export function chartSvg(c: Comparison, id: string): string {
  const width = 640;
  const labelWidth = 150;
  const right = 120;
  const barH = 14;
  const groupH = barH * 2 + 14;
  const top = 28;
  const height = top + c.cases.length * groupH + 8;
  const max = Math.max(...c.cases.flatMap((k) => [k.baseline, k.optimized]));
  const x = scaleLinear()
    .domain([0, max])
    .range([0, width - labelWidth - right])
    .nice();
  const y = scaleBand<string>()
    .domain(c.cases.map((k) => k.case))
    .range([top, height - 8])
    .paddingInner(0.1);
  const title = `${c.label} (${c.unit}), baseline vs optimized — ${c.better} is better`;
  const bars = c.cases
    .map((k) => {
      const y0 = y(k.case) ?? 0;
      const bar = (v: number, row: number, cls: string, label: string, stated: number | undefined) => {
        const gain = row === 1 && k.gainText ? gainLabel(k) : '';
        const fixed = stated !== undefined || (row === 1 && k.stated?.gain !== undefined);
        const value = stated === undefined ? formatNumber(v, 2) : `${formatNumber(stated, 2)} → ${formatNumber(v, 2)}`;
        return (
          `<rect class="${cls}" data-case="${esc(k.case)}" x="${labelWidth}" y="${y0 + row * barH}" width="${Math.max(1, x(v)).toFixed(1)}" height="${barH - 2}"><title>${esc(label)}</title></rect>` +
          `<text class="chart-value${fixed ? ' is-corrected' : ''}" x="${(labelWidth + x(v) + 4).toFixed(1)}" y="${y0 + row * barH + barH - 4}">${esc(value)}${gain ? ` (${esc(gain)})` : ''}</text>`
        );
      };
      const said = (stated: number | undefined) => (stated === undefined ? '' : ` (the page states ${formatNumber(stated)})`);
      return (
        `<g><text class="chart-case" x="${labelWidth - 8}" y="${y0 + barH + 3}" text-anchor="end">${esc(k.case)}</text>` +
        bar(
          k.baseline,
          0,
          'bar-baseline',
          `${k.case} baseline: ${formatNumber(k.baseline)} ${c.unit}${said(k.stated?.baseline)}`,
          k.stated?.baseline,
        ) +
        bar(
          k.optimized,
          1,
          'bar-optimized',
          `${k.case} optimized: ${formatNumber(k.optimized)} ${c.unit}${said(k.stated?.optimized)}`,
          k.stated?.optimized,
        ) +
        `</g>`
      );
    })
    .join('');
  const legend =
    `<g class="chart-legend"><rect class="bar-baseline" x="${labelWidth}" y="6" width="12" height="12"/><text x="${labelWidth + 18}" y="16">Baseline</text>` +
    `<rect class="bar-optimized" x="${labelWidth + 100}" y="6" width="12" height="12"/><text x="${labelWidth + 118}" y="16">Optimized</text>` +
    `<text x="${width - 4}" y="16" text-anchor="end">${esc(c.unit)}, ${c.better} is better</text></g>`;
  return (
    `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-title">${esc(title)}</title><desc id="${id}-desc">${esc(chartDescription(c))}</desc>${legend}${bars}</svg>`
  );
}
