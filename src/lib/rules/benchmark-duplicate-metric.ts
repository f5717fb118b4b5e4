/**
 * `benchmark-duplicate-metric` (warning): A result block prints the same metric twice with the same value.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-duplicate-metric shows them.
 */
import type { Rule } from './types.js';

/**
 * The same metric label twice in one result block with the same value: the run is still read (the value is
 * unambiguous) and the repeat is reported. Two different values are `benchmark-ambiguous-metric`. Reported by the
 * benchmark-output parser (`src/lib/formats/block.ts`); this file documents the id.
 */
export const benchmarkDuplicateMetric: Rule = {
  id: 'benchmark-duplicate-metric',
  severity: 'warning',
  description: 'A result block prints the same metric twice with the same value.',
  fix: 'Delete the repeated line (a paste that doubled a line).',
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
    Request throughput (req/s):              15.62
    Request throughput (req/s):              15.62
    ==================================================
    \`\`\`
`,
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
