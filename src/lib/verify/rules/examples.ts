/** A minimal report whose conclusion restates its two runs; rule examples vary one number of it. */
const run = (tps: string, tpot: string) => `    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Benchmark duration (s):                  10.00
    Total input tokens:                      500
    Total generated tokens:                  500
    Request throughput (req/s):              10.00
    Output token throughput (tok/s):         50.00
    Total Token throughput (tok/s):          ${tps}
    ---------------Time per Output Token (excl. 1st token)------
    Mean TPOT (ms):                          ${tpot}
    ==================================================
    \`\`\``;

const page = (cell: string) => `# Optimizing Example Throughput on NVIDIA H100 GPUs

## Conclusion

| Benchmark Case | baseline (vLLM without any optimizations) | Optimized |
|---|---|---|
| **ShareGPT** | Total TPS: 100.00<br>Mean TPOT(ms): 20.00 | ${cell}<br>Mean TPOT(ms): 10.00 |

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Benchmark result"
${run('100.00', '20.00')}

SGLang
??? info "Benchmark result"
${run('150.00', '10.00')}
`;

export const EXAMPLE_OK = page('Total TPS: 150.00 (+50.0%)');
export const EXAMPLE_NOT_OK = EXAMPLE_OK;
