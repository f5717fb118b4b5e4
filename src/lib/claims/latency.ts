/**
 * requestLatencyS: the mean request latency of a run in seconds, whatever its format. Each format spec states its
 * ways to it (a printed metric such as guidellm's `Mean Latency(s)`, sglang's `Mean E2E Latency (ms)` / 1000, or
 * R1 derived from vLLM's TTFT and TPOT); printed values come first, the run's own format first among equals.
 *
 * Formula and tolerance: those of the way taken, recorded on the result (R1: `(Mean TTFT + Mean TPOT x
 * (gen / N - 1)) / 1000`, TTFT and TPOT +/- half a unit of their printed digit, the counts exact).
 */
import type { WalkRun as Run } from '../schemas/run.js';
import { FORMATS, formatOf } from '../formats/registry.js';
import type { Derived, LatencyWay } from '../formats/spec.js';
import { displayed, scale } from '../numbers/interval.js';

export type { Derived } from '../formats/spec.js';
export { meanRequestLatencyS } from '../formats/vllm.js';

function printed(run: Run, way: Extract<LatencyWay, { kind: 'printed' }>): Derived | null {
  const m = run.metrics[way.metric];
  if (!m || m.value === null || !Number.isFinite(m.value)) return null;
  const v = m.value;
  if (way.divisor === 1) {
    const interval = displayed(v, m.decimals);
    return { value: v, decimals: m.decimals, text: m.text, interval, formula: m.text, metric: way.metric, lines: [m.line] };
  }
  return {
    value: v / way.divisor,
    decimals: m.decimals + Math.round(Math.log10(way.divisor)),
    interval: scale(displayed(v, m.decimals), 1 / way.divisor),
    formula: `${m.text} / ${way.divisor}`,
    metric: 'mean_request_latency_s',
    lines: [m.line],
  };
}

/** The mean request latency in seconds, or null when no format's way applies to the run's metrics. */
export function requestLatencyS(run: Run): Derived | null {
  const own = formatOf(run.format);
  const order = own ? [own, ...FORMATS.filter((f) => f !== own)] : FORMATS;
  for (const kind of ['printed', 'derived'] as const) {
    for (const format of order) {
      for (const way of format.requestLatency) {
        if (way.kind !== kind) continue;
        const d = way.kind === 'printed' ? printed(run, way) : way.derive(run);
        if (d) return d;
      }
    }
  }
  return null;
}
