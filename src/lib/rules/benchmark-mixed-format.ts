/**
 * `benchmark-mixed-format` (warning): A result block mixes the lines of two benchmark formats; it is read as one of them.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-mixed-format shows them.
 */
import { page, resultBlock, servingMetrics, type Metric } from './shared/examples.js';
import { noteRule } from './shared/notes.js';

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
 * A result block prints the signature lines of two benchmark formats (sglang's `Backend:` and guidellm's `Mean
 * Latency(s)`): it is read as the first format that claims it, and that choice is reported rather than made
 * silently, since the metric names and checks differ by format. The format parser (`src/lib/formats/index.ts`)
 * records it as a note; this rule says it.
 */
export const benchmarkMixedFormat = noteRule({
  id: 'benchmark-mixed-format',
  severity: 'warning',
  description: 'A result block mixes the lines of two benchmark formats; it is read as one of them.',
  fix: "Give each tool's output its own fence (or label line), so each block is read by its own format.",
  examples: {
    ok: page('# SGLang v0.5.1', resultBlock({ metrics: sglangRun(), engine: null })),
    notOk: page('# SGLang v0.5.1', resultBlock({ metrics: sglangRun(['Mean Latency(s)', '0.90']), engine: null })),
  },
  say: (n) => ({
    message: `Result block at line ${n.blockLine} prints lines of ${n.formats.join(' and ')} output; it is read as ${n.readAs}`,
    expected: 'the lines of one benchmark format',
    actual: n.formats.join(' and '),
  }),
});
