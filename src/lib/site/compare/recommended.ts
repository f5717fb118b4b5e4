// One answer, or the reason: beside the explorer's answer, what each report of the question recommends (its run marked
// `optimized`), and either that the answer is that run or why it is not: hidden by a filter, not a result (failed,
// partial, flagged), not plotted, beyond the latency bound, or beaten by another run (by how much, and at what latency).
// Pure: the page's script and the tests call it.
import { formatValue } from './scale.js';
import { axes, isGreyed, isPoint, pointOf, verdictLabels, type Point, type View } from './state.js';
import type { RunRow } from './types.js';

export interface RecommendationNote {
  report: string;
  /** The recommended run's key. */
  key: string;
  /** The answer is this run. */
  same: boolean;
  text: string;
}

/**
 * A note per report of `question` (the question's runs, before the other filters) that marks a run `optimized`: the
 * one with the highest throughput per GPU when it marks several. `kept` are the runs the filters keep; `best` the
 * answer under `view`'s bound (null for none).
 */
export function recommendationNotes(
  question: readonly RunRow[],
  kept: readonly RunRow[],
  best: Point | null,
  view: Pick<View, 'x' | 'y' | 'limit'>,
): RecommendationNote[] {
  const byReport = new Map<string, RunRow>();
  const y = (r: RunRow) => {
    const p = pointOf(r, view);
    return isPoint(p) ? p.y : -Infinity;
  };
  for (const r of question) {
    if (r.role !== 'optimized') continue;
    const known = byReport.get(r.report);
    if (!known || y(r) > y(known)) byReport.set(r.report, r);
  }
  const keptKeys = new Set(kept.map((r) => r.key));
  const xAxis = axes.x[view.x];
  // `Mean TPOT` inside a sentence: `mean TPOT`.
  const xName = xAxis.label.charAt(0).toLowerCase() + xAxis.label.slice(1);
  const yAxis = axes.y[view.y];
  return [...byReport.values()].map((rec) => {
    const name = `${rec.title} recommends ${rec.setting ?? rec.run}`;
    const note = (text: string, same = false): RecommendationNote => ({ report: rec.report, key: rec.key, same, text });
    if (best && best.row.key === rec.key) return note(`This is the configuration ${rec.title} recommends.`, true);
    if (!keptKeys.has(rec.key)) return note(`${name}: hidden by the filters you set.`);
    if (isGreyed(rec)) {
      // The verdict's note may open with the verdict's own word (`Partial: 984 of 1000 ...`): said once.
      const label = verdictLabels[rec.verdict];
      const prefix = `${rec.verdict}:`;
      const said = rec.verdictNote.toLowerCase().startsWith(prefix) ? rec.verdictNote.slice(prefix.length).trimStart() : rec.verdictNote;
      const why = said.replace(/\.$/, '');
      return note(`${name}, but its run is ${label}${why ? `: ${why}` : ''}; never the answer.`);
    }
    const p = pointOf(rec, view);
    if (!isPoint(p)) return note(`${name}: not plotted (${p.missing}).`);
    const at = `${formatValue(p.y)} ${yAxis.unit} at ${formatValue(p.x)} ${xAxis.unit}`;
    if (view.limit !== null && p.x > view.limit)
      return note(`${name} (${at}): its ${xName} is beyond the bound of ${formatValue(view.limit)} ${xAxis.unit}.`);
    if (!best) return note(`${name} (${at}).`);
    const more = `${formatValue((best.y / p.y - 1) * 100, 1)}% more ${yAxis.short.toLowerCase()} per GPU`;
    const where = best.row.report === rec.report ? 'another run of its page' : `a run of ${best.row.title}`;
    const latency =
      p.x < best.x
        ? `, at a higher ${xName} (${formatValue(best.x)} against ${formatValue(p.x)} ${xAxis.unit}): the recommendation trades throughput for latency`
        : `, at no higher ${xName}`;
    return note(`${name} (${at}); the answer, ${where}, gives ${more}${latency}.`);
  });
}
