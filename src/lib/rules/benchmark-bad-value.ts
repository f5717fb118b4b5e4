/**
 * `benchmark-bad-value` (warning): A metric line of a result block holds a value that is not a number of its kind.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-bad-value shows them.
 */
import type { Rule } from './types.js';

/**
 * A known metric line (`Request throughput (req/s):`) whose value is not a number, `inf` or `N/A` where a number
 * is due, or a count that is not a whole number. The metric is kept without a value, so claims from it are
 * untraceable rather than wrong. Reported by the benchmark-output parser (`src/lib/formats/block.ts`); this file
 * documents the id.
 */
export const benchmarkBadValue: Rule = {
  id: 'benchmark-bad-value',
  severity: 'warning',
  description: 'A metric line of a result block holds a value that is not a number of its kind.',
  fix: "Paste the tool's output unedited; a value such as `12.5.3` or an empty value means the line was edited or cut.",
  reportedBy: 'the benchmark-output parser (`src/lib/formats/block.ts`)',
  examples: {
    ok: `# Optimizing Demo-8B Throughput on NVIDIA H100 GPUs

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
    ==================================================
    \`\`\`
`,
    notOk: `# Optimizing Demo-8B Throughput on NVIDIA H100 GPUs

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
    Request throughput (req/s):              15.6.2
    ==================================================
    \`\`\`
`,
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
