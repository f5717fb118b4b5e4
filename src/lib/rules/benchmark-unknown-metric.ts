/**
 * `benchmark-unknown-metric` (warning): A line of a result block is not a metric of its format.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-unknown-metric shows them.
 */
import type { Rule } from './types.js';

/**
 * A line inside a result block that is no metric label of the block's format (vllm, guidellm or sglang output). It
 * is kept with the run and reported, never dropped silently. Reported by the benchmark-output parser
 * (`src/lib/formats/block.ts`); this file documents the id.
 */
export const benchmarkUnknownMetric: Rule = {
  id: 'benchmark-unknown-metric',
  severity: 'warning',
  description: 'A line of a result block is not a metric of its format.',
  fix: "Paste the tool's output unedited; a line the tool does not print was added or edited.",
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
    Speculative hit rate (%):                71.2
    ==================================================
    \`\`\`
`,
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
