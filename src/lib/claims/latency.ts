/**
 * meanRequestLatencyS: R1, the mean request latency of a vLLM-format run.
 *
 * Formula: `(Mean TTFT + Mean TPOT x (gen / N - 1)) / 1000` seconds, gen = Total generated tokens,
 * N = Successful requests.
 * Tolerance: TTFT and TPOT +/- half a unit of their printed digit; the counts are exact.
 * ok: 64.00 + 7.38 x 219.61 = 1684.7 ms -> `Mean latency: 1.68s/req`.
 */
import type { Run } from '../schemas/run.js';
import { add, displayed, mul, point, scale } from './interval.js';
import { METRIC } from './metrics.js';
import type { Operand } from './operand.js';

/** A value derived from several metrics: an operand with its interval, the formula and the lines read. */
export interface Derived extends Operand {
  interval: NonNullable<Operand['interval']>;
  formula: string;
  /** Canonical name of the derived quantity. */
  metric: string;
  /** Source lines of the metrics read. */
  lines: number[];
}

function num(run: Run, name: string) {
  const m = run.metrics[name];
  return m && m.value !== null && Number.isFinite(m.value) ? m : null;
}

/** R1 for a run with Mean TTFT, Mean TPOT and the counts; null when any is missing or N is zero. */
export function meanRequestLatencyS(run: Run): Derived | null {
  const ttft = num(run, METRIC.meanTtftMs);
  const tpot = num(run, METRIC.meanTpotMs);
  const gen = num(run, METRIC.totalOutputTokens);
  const n = num(run, METRIC.successfulRequests);
  if (!ttft || !tpot || !gen || !n || n.value === 0) return null;
  const tokens = (gen.value as number) / (n.value as number) - 1;
  const ms = (ttft.value as number) + (tpot.value as number) * tokens;
  const interval = scale(
    add(displayed(ttft.value as number, ttft.decimals), mul(displayed(tpot.value as number, tpot.decimals), point(tokens))),
    1 / 1000,
  );
  return {
    value: ms / 1000,
    decimals: 4,
    interval,
    formula: `(${ttft.text} + ${tpot.text} x (${gen.text} / ${n.text} - 1)) / 1000`,
    metric: 'mean_request_latency_s',
    lines: [ttft.line, tpot.line, gen.line, n.line],
  };
}

/**
 * The mean request latency in seconds for any format: the printed `Mean Latency(s)` (guidellm),
 * `Mean E2E Latency (ms)` / 1000 (sglang), else R1 (vLLM).
 */
export function requestLatencyS(run: Run): Derived | null {
  const printed = num(run, METRIC.meanLatencyS);
  if (printed) {
    return {
      value: printed.value as number,
      decimals: printed.decimals,
      text: printed.text,
      interval: displayed(printed.value as number, printed.decimals),
      formula: printed.text,
      metric: METRIC.meanLatencyS,
      lines: [printed.line],
    };
  }
  const e2e = num(run, METRIC.meanE2eLatencyMs);
  if (e2e) {
    const v = e2e.value as number;
    return {
      value: v / 1000,
      decimals: e2e.decimals + 3,
      interval: scale(displayed(v, e2e.decimals), 1 / 1000),
      formula: `${e2e.text} / 1000`,
      metric: 'mean_request_latency_s',
      lines: [e2e.line],
    };
  }
  return meanRequestLatencyS(run);
}

