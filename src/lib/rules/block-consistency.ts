/**
 * `block-consistency` (error): A result block contradicts itself: a rate or latency does not follow from the counts and duration it prints.
 *
 * Formula and tolerance: R6 (vllm, sglang): req/s = N / dur, input tok/s = in / dur, output tok/s = gen / dur, total tok/s = (in + gen) / dur; R7 (guidellm): total tok/s = output tok/s x (in + gen) / gen; R8 (sglang): mean E2E = TTFT + ITL x (gen / N - 1). Tolerance: every printed input and the stated value +/- half a unit of their last digit (duration +/- 0.005 s); R8 also +/- 0.01%.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#block-consistency shows them.
 */
import { displayed, type Interval } from '../numbers/interval.js';
import { emit, type Details } from '../diagnostics.js';
import { identitiesOf } from '../formats/registry.js';
import type { Identity } from '../formats/spec.js';
import type { Run } from '../schemas/run.js';
import type { Rule } from './types.js';
import { demoRun, engineChoicePage, resultBlock } from './shared/examples.js';

/** The examples' run: its output rate as given (2812.50 follows from its counts and duration). */
const run = demoRun;

const num = (m: Run['metrics'], name: string) => (m[name] && m[name].value !== null && Number.isFinite(m[name].value!) ? m[name] : null);
const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(2) : x.toPrecision(6));
// Float slack on the boundaries, as before the identities moved into the format specs.
const overlaps = (a: Interval, b: Interval) => a.lo <= b.hi + 1e-9 && b.lo <= a.hi + 1e-9;

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
  fix: "Paste the tool's output unedited; if a line was edited or truncated, paste the original run again.",
  formula:
    'R6 (vllm, sglang): req/s = N / dur, input tok/s = in / dur, output tok/s = gen / dur, total tok/s = (in + gen) / dur; ' +
    'R7 (guidellm): total tok/s = output tok/s x (in + gen) / gen; R8 (sglang): mean E2E = TTFT + ITL x (gen / N - 1). ' +
    'Tolerance: every printed input and the stated value +/- half a unit of their last digit (duration +/- 0.005 s); R8 also +/- 0.01%.',
  examples: {
    ok: engineChoicePage(resultBlock({ metrics: run('2812.50') })),
    notOk: engineChoicePage(resultBlock({ metrics: run('2182.50') })),
  },
  check({ report, file }) {
    for (const run of report.runs) {
      // A saved file is the tool's own record, not a paste that may have been edited: where its numbers disagree
      // among themselves (a tool's later exports may count output tokens apart from their lengths), that is how the
      // tool computes them; a paste of it is held to the file instead (`saved-result-differs`).
      if (run.failed || !run.format || run.saved) continue;
      for (const identity of identitiesOf(run.format)) {
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
  const around = displayed(stated.value!, stated.decimals);
  if (overlaps({ lo: around.lo - slack, hi: around.hi + slack }, computed)) return null;
  const mid = (computed.lo + computed.hi) / 2;
  const expected = mid.toFixed(stated.decimals);
  return {
    place: { line: stated.line, column: stated.column },
    reason: `Unexpected \`${stated.text}\` for ${stated.label}, expected \`${expected}\` from ${identity.formula} (recomputed ${fmt(computed.lo)} to ${fmt(computed.hi)})`,
    details: { expected, actual: stated.text },
  };
}
