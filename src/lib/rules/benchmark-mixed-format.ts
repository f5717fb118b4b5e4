/**
 * `benchmark-mixed-format` (warning): A result block mixes the lines of two benchmark formats; it is read as one of them.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-mixed-format shows them.
 */
import { page, resultBlock, servingMetrics, type Metric } from './shared/examples.js';
import type { Rule } from './types.js';

/** An SGLang result block, with `extra` (a line of another format) before its last line. */
const sglangRun = (...extra: Metric[]): Metric[] => [
  ['Backend', 'sglang'],
  ['Traffic request rate', 'inf'],
  ...servingMetrics({ requests: 10, duration: '10.00', input: 500, generated: 500, requestRate: '1.00' }),
  ['Input token throughput (tok/s)', '50.00'],
  ['Output token throughput (tok/s)', '50.00'],
  ...extra,
  ['Mean E2E Latency (ms)', '900.00'],
];

/**
 * A result block prints the signature lines of two benchmark formats (sglang's `Backend:` and guidellm's
 * `Mean Latency(s)`): it is read as the first format that claims it, and that choice is reported rather than
 * made silently, since the metric names and checks differ by format. Reported by the format parser
 * (`src/lib/formats/index.ts`).
 */
export const benchmarkMixedFormat: Rule = {
  id: 'benchmark-mixed-format',
  severity: 'warning',
  description: 'A result block mixes the lines of two benchmark formats; it is read as one of them.',
  fix: "Give each tool's output its own fence (or label line), so each block is read by its own format.",
  examples: {
    ok: page('# SGLang v0.5.1', resultBlock({ metrics: sglangRun(), engine: null })),
    notOk: page('# SGLang v0.5.1', resultBlock({ metrics: sglangRun(['Mean Latency(s)', '0.90']), engine: null })),
  },
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  check: () => {},
};
