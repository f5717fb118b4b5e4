/**
 * `benchmark-mixed-format` (warning): A result block mixes the lines of two benchmark formats; it is read as one of them.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-mixed-format shows them.
 */
import type { Rule } from './types.js';

/** The example page: one sglang result block, with `extra` lines before its E2E latency line. */
const page = (extra: string) => `# SGLang v0.5.1

??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Backend:                                 sglang
    Traffic request rate:                    inf
    Successful requests:                     10
    Benchmark duration (s):                  10.00
    Total input tokens:                      500
    Total generated tokens:                  500
    Request throughput (req/s):              1.00
    Input token throughput (tok/s):          50.00
    Output token throughput (tok/s):         50.00
${extra}    Mean E2E Latency (ms):                   900.00
    ==================================================
    \`\`\`
`;

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
  examples: { ok: page(''), notOk: page('    Mean Latency(s):                         0.90\n') },
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  check: () => {},
};
