// Draws the explorer's scatter into an <svg>: gridlines, labelled axes with units, one colour and line per
// configuration, failed, partial and flagged runs greyed, the Pareto front as a staircase, the latency bound, and one link per
// run to its raw block (its target at least 24 px across). Text from content is only ever set as text or
// attribute values (never parsed as markup).
import { axes, isGreyed, type Point, type View } from '../../lib/site/compare/state';
import type { Series } from '../../lib/site/compare/series';
import { formatValue, latencyScale, linearScale, tickLabel } from '../../lib/site/compare/scale';

const NS = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.append(node);
  return node;
}

function text(parent: Element, attrs: Record<string, string | number>, content: string): SVGTextElement {
  const t = el('text', attrs, parent);
  t.textContent = content;
  return t;
}

/** One line describing a point, for its link's accessible name and tooltip. */
export function describePoint(p: Point, view: View, config?: string): string {
  const r = p.row;
  const x = axes.x[view.x];
  const y = axes.y[view.y];
  const setup = [r.engine && (r.version ? `${r.engine} ${r.version}` : r.engine), r.precision, r.parallelism, r.dataset]
    .filter(Boolean)
    .join(', ');
  return `${formatValue(p.y)} ${y.unit} at ${formatValue(p.x)} ${x.unit} ${x.label.replace(/^Mean /, 'mean ')}: ${r.model ?? 'model not stated'} on ${r.gpus ?? '?'} x ${r.gpu ?? 'GPU not stated'}${setup ? `, ${setup}` : ''} ${config ? `; ${config}` : ''}${isGreyed(r) ? `; ${r.verdict}, greyed: ${r.verdictNote}` : ''} (${r.title}, ${r.setting ?? r.run}). Opens the raw run.`;
}

export interface PlotInput {
  /** The configurations, in colour order. */
  series: Series[];
  front: Point[];
  best: Point | null;
  view: View;
}

/** Colours a configuration takes (`e-0` to `e-9`), in turn. */
export const COLOURS = 10;

export function drawPlot(svg: SVGSVGElement, { series, front, best, view }: PlotInput): void {
  const points = series.flatMap((s) => s.points);
  const width = Math.max(280, Math.round(svg.parentElement?.clientWidth ?? 640));
  const height = Math.round(Math.min(460, Math.max(300, width * 0.62)));
  const m = { top: 14, right: 24, bottom: 46, left: 62 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));

  const xAxis = axes.x[view.x];
  const yAxis = axes.y[view.y];
  const xs = points.map((p) => p.x);
  if (view.limit !== null) xs.push(view.limit);
  const sx = latencyScale(xs.length ? xs : [1]);
  const sy = linearScale(points.length ? points.map((p) => p.y) : [1], h < 260 ? 4 : 6);
  const X = (v: number) => m.left + sx.at(v) * w;
  const Y = (v: number) => m.top + h - sy.at(v) * h;

  const grid = el('g', { class: 'grid', 'aria-hidden': 'true' }, svg);
  // A log axis over many decades keeps only its powers of ten (labels would collide).
  const crowded = sx.log && sx.ticks.length > w / 50;
  const xTicks = crowded ? sx.ticks.filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9) : sx.ticks;
  for (const t of xTicks) {
    el('line', { x1: X(t), x2: X(t), y1: m.top, y2: m.top + h }, grid);
    text(grid, { x: X(t), y: m.top + h + 16, 'text-anchor': 'middle', class: 'tick' }, tickLabel(t));
  }
  for (const t of sy.ticks) {
    el('line', { x1: m.left, x2: m.left + w, y1: Y(t), y2: Y(t) }, grid);
    text(grid, { x: m.left - 6, y: Y(t) + 4, 'text-anchor': 'end', class: 'tick' }, tickLabel(t));
  }
  el('line', { x1: m.left, x2: m.left + w, y1: m.top + h, y2: m.top + h, class: 'axis' }, grid);
  el('line', { x1: m.left, x2: m.left, y1: m.top, y2: m.top + h, class: 'axis' }, grid);
  text(
    svg,
    { x: m.left + w / 2, y: height - 8, 'text-anchor': 'middle', class: 'axis-title' },
    `${xAxis.label} (${xAxis.unit}${sx.log ? ', log scale' : ''})`,
  );
  // The rotated title runs along the plot's height: a short one where the full one would not fit (~7 px a character).
  const yTitle = `${yAxis.label.replace(' per GPU', '')} (${yAxis.unit})`;
  text(
    svg,
    { x: -(m.top + h / 2), y: 14, transform: 'rotate(-90)', 'text-anchor': 'middle', class: 'axis-title' },
    yTitle.length * 7 > h ? `${yAxis.short} (${yAxis.unit})` : yTitle,
  );

  if (view.limit !== null) {
    const lx = X(view.limit);
    el('line', { x1: lx, x2: lx, y1: m.top, y2: m.top + h, class: 'limit', 'aria-hidden': 'true' }, svg);
    text(
      svg,
      {
        x: lx + (lx > m.left + w - 90 ? -4 : 4),
        y: m.top + 12,
        'text-anchor': lx > m.left + w - 90 ? 'end' : 'start',
        class: 'limit-label',
        'aria-hidden': 'true',
      },
      `limit ${formatValue(view.limit)} ${xAxis.unit}`,
    );
  }

  if (front.length > 0) {
    // Staircase: the best throughput per GPU reachable at each latency (flat until the next front point).
    let d = `M${X(front[0].x)},${Y(front[0].y)}`;
    for (let i = 1; i < front.length; i++) d += ` H${X(front[i].x)} V${Y(front[i].y)}`;
    d += ` H${m.left + w}`;
    el('path', { d, class: 'front', 'aria-hidden': 'true' }, svg);
  }

  const onFront = new Set(front);
  const lines = el('g', { class: 'lines', 'aria-hidden': 'true' }, svg);
  const layer = el('g', { class: 'points' }, svg);
  series.forEach((s, i) => {
    const colour = `e-${i % COLOURS}`;
    const live = s.points.filter((p) => !isGreyed(p.row));
    if (live.length > 1)
      el('path', { d: live.map((p, k) => `${k ? 'L' : 'M'}${X(p.x)},${Y(p.y)}`).join(' '), class: `series-line ${colour}` }, lines);
    for (const p of s.points) {
      const grey = isGreyed(p.row);
      const cls = ['pt', colour, onFront.has(p) ? 'on-front' : '', p === best ? 'best' : '', grey ? 'is-grey' : '']
        .filter(Boolean)
        .join(' ');
      const label = describePoint(p, view, s.label);
      const a = el('a', { href: p.row.href, class: cls, 'data-key': p.row.key, 'aria-label': label }, layer);
      const title = el('title', {}, a);
      title.textContent = label;
      // A transparent disc 24 px across takes the pointer: the visible dot is smaller.
      el('circle', { cx: X(p.x), cy: Y(p.y), r: 12, class: 'hit' }, a);
      if (p === best) el('circle', { cx: X(p.x), cy: Y(p.y), r: 10, class: 'best-ring' }, a);
      el('circle', { cx: X(p.x), cy: Y(p.y), r: onFront.has(p) || p === best ? 6 : 5 }, a);
    }
  });
  // The best run last, so nothing covers it.
  const top = layer.querySelector('a.best');
  if (top) layer.append(top);
}
