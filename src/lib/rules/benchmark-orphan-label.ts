/**
 * `benchmark-orphan-label` (info): A label line in a result fence labels no result block.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#benchmark-orphan-label shows them.
 */
import type { Rule } from './types.js';

/**
 * In a fence that holds result blocks, a label line (`# BS=4`) followed by no block or failure stub: the label
 * names nothing, so a block the author meant to paste may be missing. Reported by the benchmark-output parser
 * (`src/lib/formats/index.ts`); this file documents the id.
 */
export const benchmarkOrphanLabel: Rule = {
  id: 'benchmark-orphan-label',
  severity: 'info',
  description: 'A label line in a result fence labels no result block.',
  fix: 'Put the label right above the block it names, or delete it.',
  reportedBy: 'the benchmark-output parser (`src/lib/formats/index.ts`)',
  examples: {
    ok: `# Optimizing Demo-8B Throughput on NVIDIA H100 GPUs

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Benchmark result"
    \`\`\`
    # BS=4
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
    ==================================================
    # BS=8
    \`\`\`
`,
  },
  check() {
    // Reported by the benchmark-output parser, not by a check of its own.
  },
};
