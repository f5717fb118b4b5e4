/**
 * `block-consistency` (error): A result block contradicts itself: a rate or latency does not follow from the counts and duration it prints.
 *
 * Formula and tolerance: R6 (vllm, sglang): req/s = N / dur, input tok/s = in / dur, output tok/s = gen / dur, total tok/s = (in + gen) / dur; R7 (guidellm): total tok/s = output tok/s x (in + gen) / gen; R8 (sglang): mean E2E = TTFT + ITL x (gen / N - 1). Tolerance: every printed input and the stated value +/- half a unit of their last digit (duration +/- 0.005 s); R8 also +/- 0.01%.
 *
 * ok:
 *
 * ````markdown
 * # Optimizing Demo-8B Throughput on NVIDIA H100 GPUs
 *
 * ## Experiment Results
 *
 * ### 1. Choosing the Inference Engine
 *
 * vLLM
 * ??? info "Benchmark result"
 *     ```
 *     ============ Serving Benchmark Result ============
 *     Successful requests:                     1000
 *     Benchmark duration (s):                  64.00
 *     Total input tokens:                      200000
 *     Total generated tokens:                  180000
 *     Request throughput (req/s):              15.62
 *     Output token throughput (tok/s):         2812.50
 *     Total Token throughput (tok/s):          5937.50
 *     ==================================================
 *     ```
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # Optimizing Demo-8B Throughput on NVIDIA H100 GPUs
 *
 * ## Experiment Results
 *
 * ### 1. Choosing the Inference Engine
 *
 * vLLM
 * ??? info "Benchmark result"
 *     ```
 *     ============ Serving Benchmark Result ============
 *     Successful requests:                     1000
 *     Benchmark duration (s):                  64.00
 *     Total input tokens:                      200000
 *     Total generated tokens:                  180000
 *     Request throughput (req/s):              15.62
 *     Output token throughput (tok/s):         2182.50
 *     Total Token throughput (tok/s):          5937.50
 *     ==================================================
 *     ```
 * ````
 */
import { emit, type Details } from '../diagnostics.js';
import type { Metric, Run } from '../schemas/run.js';
import type { Rule } from './types.js';

const page = (throughput: string) => `# Optimizing Demo-8B Throughput on NVIDIA H100 GPUs

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     1000
    Benchmark duration (s):                  64.00
    Total input tokens:                      200000
    Total generated tokens:                  180000
    Request throughput (req/s):              15.62
    Output token throughput (tok/s):         ${throughput}
    Total Token throughput (tok/s):          5937.50
    ==================================================
    \`\`\`
`;

/** An interval: a printed value stands for every number that rounds to it. */
type Interval = [number, number];

const half = (m: Metric) => 0.5 * 10 ** -m.decimals;
const around = (m: Metric): Interval => [m.value! - half(m), m.value! + half(m)];
const overlaps = (a: Interval, b: Interval) => a[0] <= b[1] + 1e-9 && b[0] <= a[1] + 1e-9;
const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(2) : x.toPrecision(6));

interface Identity {
  target: string;
  formula: string;
  /** Interval of the recomputed value from the block's printed inputs, or null when an input is missing. */
  compute(m: Record<string, Metric>): Interval | null;
  /** Extra relative tolerance on the stated value (R8's 0.01%). */
  relative?: number;
}

const num = (m: Record<string, Metric>, name: string) => (m[name] && m[name].value !== null && Number.isFinite(m[name].value!) ? m[name] : null);

/** `count / duration`, with the duration read as the interval it was rounded from. */
function perSecond(count: (m: Record<string, Metric>) => number | null): Identity['compute'] {
  return (m) => {
    const d = num(m, 'duration_s');
    const c = count(m);
    if (!d || c === null) return null;
    const [lo, hi] = around(d);
    return lo > 0 ? [c / hi, c / lo] : null;
  };
}
const value = (name: string) => (m: Record<string, Metric>) => num(m, name)?.value ?? null;
const sum = (a: string, b: string) => (m: Record<string, Metric>) => {
  const x = value(a)(m);
  const y = value(b)(m);
  return x === null || y === null ? null : x + y;
};

/** R6: vLLM and sglang.bench_serving rates are counts over the benchmark duration. */
const R6: Identity[] = [
  { target: 'request_throughput', formula: 'successful requests / duration', compute: perSecond(value('successful_requests')) },
  { target: 'input_token_throughput', formula: 'total input tokens / duration', compute: perSecond(value('total_input_tokens')) },
  { target: 'output_token_throughput', formula: 'total generated tokens / duration', compute: perSecond(value('total_output_tokens')) },
  { target: 'total_token_throughput', formula: '(total input + generated tokens) / duration', compute: perSecond(sum('total_input_tokens', 'total_output_tokens')) },
];

/** R7: guidellm token rates share one window, so total = output x (in + gen) / gen. */
const R7: Identity[] = [
  {
    target: 'total_token_throughput',
    formula: 'output tok/s x (total input + generated tokens) / generated tokens',
    compute(m) {
      const out = num(m, 'output_token_throughput');
      const gen = value('total_output_tokens')(m);
      const inp = value('total_input_tokens')(m);
      if (!out || !gen || inp === null) return null;
      const [lo, hi] = around(out);
      return [(lo * (inp + gen)) / gen, (hi * (inp + gen)) / gen];
    },
  },
];

/** R8: sglang's mean end-to-end latency = TTFT + ITL x (gen / N - 1), within 0.01%. */
const R8: Identity[] = [
  {
    target: 'mean_e2e_latency_ms',
    formula: 'Mean TTFT + Mean ITL x (generated tokens / successful requests - 1)',
    relative: 1e-4,
    compute(m) {
      const ttft = num(m, 'mean_ttft_ms');
      const itl = num(m, 'mean_itl_ms');
      const gen = value('total_output_tokens')(m);
      const n = value('successful_requests')(m);
      if (!ttft || !itl || gen === null || !n) return null;
      const k = gen / n - 1;
      const [t0, t1] = around(ttft);
      const [i0, i1] = around(itl);
      return [t0 + Math.min(i0 * k, i1 * k), t1 + Math.max(i0 * k, i1 * k)];
    },
  },
];

const IDENTITIES: Record<string, Identity[]> = { vllm: R6, sglang: [...R6, ...R8], guidellm: R7 };

/**
 * Internal consistency of a result block, only where its format is known to satisfy the identity on every
 * genuine block (FORMATS.md): R6 for vLLM and sglang.bench_serving (request, input, output and total
 * throughput are counts over the duration), R7 for guidellm (total = output x (in + gen) / gen; its rates do not
 * use the printed duration), R8 for sglang (mean E2E latency). A printed value is the interval it was rounded
 * from, so a value passes when the stated interval meets the recomputed one.
 */
export const blockConsistency: Rule = {
  id: 'block-consistency',
  severity: 'error',
  description: 'A result block contradicts itself: a rate or latency does not follow from the counts and duration it prints.',
  fix: 'Paste the tool\'s output unedited; if a line was edited or truncated, paste the original run again.',
  formula:
    'R6 (vllm, sglang): req/s = N / dur, input tok/s = in / dur, output tok/s = gen / dur, total tok/s = (in + gen) / dur; ' +
    'R7 (guidellm): total tok/s = output tok/s x (in + gen) / gen; R8 (sglang): mean E2E = TTFT + ITL x (gen / N - 1). ' +
    'Tolerance: every printed input and the stated value +/- half a unit of their last digit (duration +/- 0.005 s); R8 also +/- 0.01%.',
  examples: { ok: page('2812.50'), notOk: page('2182.50') },
  check({ report, file }) {
    for (const run of report.runs) {
      if (run.failed || !run.format) continue;
      for (const identity of IDENTITIES[run.format] ?? []) {
        const d = verify(run, identity);
        if (d) emit(file, 'block-consistency', 'error', d.place, d.reason, d.details);
      }
    }
  },
};

/** A run's line that contradicts an identity: where, what, and the values compared. */
interface Finding {
  place: { line: number; column: number };
  reason: string;
  details: Details;
}

function verify(run: Run, identity: Identity): Finding | null {
  const stated = num(run.metrics, identity.target);
  if (!stated) return null;
  const computed = identity.compute(run.metrics);
  if (!computed) return null;
  const slack = (identity.relative ?? 0) * Math.abs(stated.value!);
  const [lo, hi] = around(stated);
  if (overlaps([lo - slack, hi + slack], computed)) return null;
  const mid = (computed[0] + computed[1]) / 2;
  const expected = mid.toFixed(stated.decimals);
  return {
    place: { line: stated.line, column: stated.column },
    reason: `Unexpected \`${stated.text}\` for ${stated.label}, expected \`${expected}\` from ${identity.formula} (recomputed ${fmt(computed[0])} to ${fmt(computed[1])})`,
    details: { expected, actual: stated.text },
  };
}
