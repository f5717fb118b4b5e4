import { describe } from 'vitest';
import { fixtureTests, type Fixture } from './essay-fixtures.js';

/**
 * Write-ups around output the earlier fixtures lack: a PR description comparing three `genai-perf profile` console
 * tables (NVIDIA GenAI-Perf | LLM Metrics: avg / min / max / p99 / p90 / p75 columns, rows such as `Time to first
 * token (ms)`, `Request throughput (per sec)`; the third run is not streamed, so it prints no TTFT or ITL).
 */

const fixtures: Record<string, Fixture> = {
  // Runs named by their headings (`TensorRT-LLM`, `vLLM`, `OpenAI completions`); the statistic as genai-perf
  // names it (`average`, `p99`), `request latency` for its end-to-end latency.
  'pr-triton-backends-genai-perf.md': {
    rows: [
      [104, '13.68 ms', 'verified'],
      [104, '22.04 ms', 'verified'],
      [105, '37.9%', 'verified'],
      [106, '1.86 ms', 'verified'],
      [106, '4.58 ms', 'verified'],
      [106, '2.46x faster', 'verified'],
      [107, '504.02 tok/s', 'verified'],
      [108, '203.8 ms', 'mismatch'],
      [109, '72.4%', 'mismatch'],
      [110, '651.67 ms', 'mismatch'],
      [110, '25.73 ms', 'verified'],
      [111, '4.87 req/s', 'verified'],
      [111, '1.84 req/s', 'verified'],
      [112, '257.21 tok/s', 'verified'],
      [112, '495.28 ms', 'verified'],
      [119, '13.68', 'verified'],
      [119, '1.86', 'verified'],
      [119, '504.02', 'verified'],
      [119, '203.70', 'verified'],
      [120, '22.04', 'verified'],
      [120, '4.85', 'mismatch'],
      [120, '212.04', 'verified'],
      [120, '542.48', 'verified'],
      [121, '257.21', 'verified'],
      [121, '437.85', 'verified'],
    ],
    corrections: [
      ['request latency of TensorRT-LLM is 203.8 ms', 'request latency of TensorRT-LLM is 203.7 ms'],
      ['72.4% lower', '62.5% lower'],
      ['651.67 ms', '615.67 ms'],
      ['| 4.85 |', '| 4.58 |'],
      ['vLLM > OpenAI completions > TensorRT-LLM', 'TensorRT-LLM > OpenAI completions > vLLM'],
      ['vLLM has the highest request throughput', 'TensorRT-LLM has the highest request throughput'],
    ],
    // The wrong superlative stands in a section without runs: which runs it ranks is not certain, so untraceable.
    orders: [
      [113, '>', 'mismatch'],
      [113, '>', 'mismatch'],
      [114, 'lowest', 'verified'],
      [115, 'highest', 'untraceable'],
    ],
  },
};

describe('essay pages 4: genai-perf console tables', () => {
  fixtureTests(fixtures);
});
