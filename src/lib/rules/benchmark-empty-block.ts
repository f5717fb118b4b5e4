/**
 * `benchmark-empty-block` (warning): A result block has no metric lines.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-empty-block shows them.
 */
import type { Rule } from './types.js';

/**
 * A `Serving Benchmark Result` header closed by its `=====` line with no metric line between: a run without
 * numbers, which no claim can use. Reported by the benchmark-output parser (`src/lib/formats/index.ts`); this file
 * documents the id.
 */
export const benchmarkEmptyBlock: Rule = {
  id: 'benchmark-empty-block',
  severity: 'warning',
  description: 'A result block has no metric lines.',
  fix: 'Paste the whole output of the run between its header and closing lines.',
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
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
    ==================================================
    \`\`\`
`,
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
