// A setup's history as inline SVG drawn at build time (no client code): one line per launch configuration across the
// points (engine versions and reports, evenly spaced in history order), at each point's median throughput per GPU
// with its range of runs as a vertical bar. A change flagged as a regression or a gain draws its segment dashed and
// labels it. As the bar charts do (chart.ts), the lines sit in a nested SVG stretched to the width, and the text in
// the outer SVG at its CSS size, placed by percentages of the width.
import { scalePoint } from 'd3-scale';
import { axis, tickLabel } from './chart-axis.js';
import { formatNumber } from './format.js';
import type { HistoryLine, HistoryPoint, SetupHistory } from './history.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Line colours (CSS classes `history-line-0` ... of the stylesheet), reused past the last. */
export const LINE_CLASSES = 6;

/** The x axis' label of a point: its version, and its report when one version is on several reports. */
export function pointLabel(p: Pick<HistoryPoint, 'version' | 'report'>, shared: boolean): string {
  const version = p.version ?? 'version not stated';
  return shared ? `${version} (${p.report})` : version;
}

/** The points of every line, in history order, each once: the x axis. */
export function historyAxis(h: Pick<SetupHistory, 'lines'>): { key: string; label: string }[] {
  const seen = new Map<string, HistoryPoint>();
  for (const line of h.lines) for (const p of line.points) seen.set(JSON.stringify([p.version, p.report]), p);
  const versions = new Map<string | null, number>();
  for (const p of seen.values()) versions.set(p.version, (versions.get(p.version) ?? 0) + 1);
  const ordered = [...seen].sort(([, a], [, b]) => historyAxisOrder(h.lines, a, b));
  return ordered.map(([key, p]) => ({ key, label: pointLabel(p, (versions.get(p.version) ?? 0) > 1) }));
}

/** Points of different lines meet on one axis: the order of the first line that has both, else by version text. */
function historyAxisOrder(lines: readonly HistoryLine[], a: HistoryPoint, b: HistoryPoint): number {
  for (const line of lines) {
    const [i, j] = [line.points.indexOf(a), line.points.indexOf(b)];
    if (i >= 0 && j >= 0) return i - j;
  }
  const all = lines.flatMap((l) => l.points);
  return all.indexOf(a) - all.indexOf(b);
}

/** The text alternative: one sentence per line, each point's median and each flagged change. */
export function historyDescription(h: Pick<SetupHistory, 'lines'>): string {
  return h.lines
    .map((line) => {
      const points = line.points.map((p, i) => {
        const change = i > 0 ? line.changes[i - 1] : null;
        const said = change && change.kind !== 'within spread' ? ` (${change.kind}, ${signed(change.percent)})` : '';
        return `${pointLabel(p, false)} ${formatNumber(p.median, 0)} tok/s per GPU${said}`;
      });
      return `${line.configuration}: ${points.join(', ')}`;
    })
    .join('; ');
}

export const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatNumber(Math.abs(v), 1)}%`;

const HEIGHT = 220;
const TOP = 8;
const BOTTOM = 188;

/** The history chart of `h`; `id` prefixes the ids of its title and description. */
export function historySvg(h: SetupHistory, id: string): string {
  const ticksAt = historyAxis(h);
  // Points sit between 6 % and 94 % of the width, so a label under the first or last stays on the chart.
  const x = scalePoint<string>()
    .domain(ticksAt.map((t) => t.key))
    .range([6, 94])
    .align(0.5);
  const xs = (key: string) => (ticksAt.length === 1 ? 50 : x(key)!);
  const { ticks, top } = axis(Math.max(...h.lines.flatMap((l) => l.points.map((p) => p.max))));
  const y = (v: number) => BOTTOM - (v / top) * (BOTTOM - TOP);
  const key = (p: HistoryPoint) => JSON.stringify([p.version, p.report]);
  const attrs = (cls: string, x1: number, x2: number, y1: number, y2: number) =>
    `class="${cls}" x1="${x1.toFixed(2)}" x2="${x2.toFixed(2)}" y1="${y1.toFixed(1)}" y2="${y2.toFixed(1)}" vector-effect="non-scaling-stroke"`;
  const line = (cls: string, x1: number, x2: number, y1: number, y2: number) => `<line ${attrs(cls, x1, x2, y1, y2)}/>`;
  const plot: string[] = [];
  const labels: string[] = [];
  for (const t of ticks) plot.push(line('chart-grid', 0, 100, y(t), y(t)));
  plot.push(line('chart-axis', 0, 100, BOTTOM, BOTTOM));
  h.lines.forEach((l, n) => {
    const cls = `history-line-${n % LINE_CLASSES}`;
    const parts: string[] = [];
    l.points.forEach((p, i) => {
      const px = xs(key(p));
      if (i > 0) {
        const q = l.points[i - 1];
        const change = l.changes[i - 1];
        const flagged = change.kind !== 'within spread' ? ` is-${change.kind === 'gain' ? 'gain' : 'regression'}` : '';
        parts.push(line(`history-segment${flagged}`, xs(key(q)), px, y(q.median), y(p.median)));
        if (flagged) {
          const mid = (xs(key(q)) + px) / 2;
          labels.push(
            `<text class="history-change${flagged}" x="${mid.toFixed(2)}%" y="${(Math.min(y(q.median), y(p.median)) - 6).toFixed(1)}" text-anchor="middle">${esc(`${change.kind} ${signed(change.percent)}`)}</text>`,
          );
        }
      }
      if (p.max > p.min) parts.push(line('history-range', px, px, y(p.min), y(p.max)));
      const title = `${l.configuration}, ${pointLabel(p, true)}: median ${formatNumber(p.median)} tok/s per GPU of ${p.runs.length} run${p.runs.length === 1 ? '' : 's'}`;
      // A line of no length with a round cap and a stroke that does not scale: a dot, whatever the chart's width.
      parts.push(`<line ${attrs('history-point', px, px, y(p.median), y(p.median))}><title>${esc(title)}</title></line>`);
    });
    plot.push(`<g class="${cls}" data-line="${esc(l.configuration)}">${parts.join('')}</g>`);
  });
  const tickText = ticks
    .map((t) => `<text class="chart-tick-label" x="0" dx="2" y="${(y(t) - 3).toFixed(1)}">${esc(tickLabel(t))}</text>`)
    .join('');
  const xText = ticksAt
    .map(
      (t) => `<text class="chart-tick-label" x="${xs(t.key).toFixed(2)}%" y="${BOTTOM + 16}" text-anchor="middle">${esc(t.label)}</text>`,
    )
    .join('');
  const titleText = 'Total token throughput per GPU (tok/s/GPU), higher is better, by engine version';
  return (
    `<svg class="chart history-chart" width="100%" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-title">${esc(titleText)}</title><desc id="${id}-desc">${esc(historyDescription(h))}</desc>` +
    `<svg class="chart-plot" width="100%" height="${HEIGHT}" viewBox="0 0 100 ${HEIGHT}" preserveAspectRatio="none">${plot.join('')}</svg>` +
    `<g class="chart-axes">${tickText}${xText}</g>${labels.join('')}</svg>`
  );
}
