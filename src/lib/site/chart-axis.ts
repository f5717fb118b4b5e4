// The value axis of a chart: a rounded top at or above the largest value and about five round ticks (four steps) from 0.
import { scaleLinear } from 'd3-scale';

/** Ticks from 0 to a round top at or above `max` (> 0); `top` is the last tick, where the axis ends. */
export function axis(max: number, count = 4): { top: number; ticks: number[] } {
  const scale = scaleLinear().domain([0, max]).nice(count);
  const ticks = scale.ticks(count);
  const top = scale.domain()[1];
  if (ticks[ticks.length - 1] !== top) ticks.push(top);
  return { top, ticks };
}

/** A short tick label: `0`, `250`, `2.5k`, `12k`, `1.2M`; small values keep their decimals (`0.25`). */
export function tickLabel(v: number): string {
  const short = (n: number) => String(Number(n.toPrecision(4)));
  if (Math.abs(v) >= 1e6) return `${short(v / 1e6)}M`;
  if (Math.abs(v) >= 1e3) return `${short(v / 1e3)}k`;
  return short(v);
}
