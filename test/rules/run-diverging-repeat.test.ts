import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { runDivergingRepeat } from '../../src/lib/rules/run-diverging-repeat.js';

const check = (page: string) => {
  const a = analyze(page, 'page.md', null);
  return runRule(runDivergingRepeat, a, [pageView(a.report)]);
};

const result = (tps: string, requests = 100) => `??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     ${requests}
    Benchmark duration (s):                  10.00
    Total input tokens:                      1000
    Total generated tokens:                  2000
    Total Token throughput (tok/s):          ${tps}
    ==================================================
    \`\`\``;

const variant = (label: string, command: string, tps: string, requests = 100) => `${label}
??? info "Serving script"
    \`\`\`bash
    ${command}
    \`\`\`

${result(tps, requests)}
`;

const page = (...variants: string[]) => `# Optimizing Demo-8B Throughput

## Experiment Results

### 1. Choosing the Inference Engine

${variants.join('\n')}`;

describe('run-diverging-repeat', () => {
  it('should warn when one variant and script are measured twice far apart', () => {
    const found = check(
      page(variant('vLLM', 'vllm serve Demo/Demo-8B -tp 2', '300.00'), variant('vLLM', 'vllm serve Demo/Demo-8B  -tp 2', '200.00')),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', actual: '200.00' });
  });

  it('should accept repeats within the tolerance', () => {
    expect(check(page(variant('vLLM', 'vllm serve Demo/Demo-8B', '300.00'), variant('vLLM', 'vllm serve Demo/Demo-8B', '280.00')))).toEqual(
      [],
    );
  });

  it('should not compare runs whose flags, labels or workloads differ', () => {
    expect(
      check(page(variant('vLLM', 'vllm serve Demo/Demo-8B', '300.00'), variant('vLLM', 'vllm serve Demo/Demo-8B -tp 2', '200.00'))),
    ).toEqual([]);
    expect(
      check(page(variant('vLLM', 'vllm serve Demo/Demo-8B', '300.00'), variant('vLLM TP1', 'vllm serve Demo/Demo-8B', '200.00'))),
    ).toEqual([]);
    expect(
      check(page(variant('vLLM', 'vllm serve Demo/Demo-8B', '300.00'), variant('vLLM', 'vllm serve Demo/Demo-8B', '200.00', 99))),
    ).toEqual([]);
  });

  it('should not compare runs of a backend-parameters list (the model is stated elsewhere)', () => {
    const params = (label: string, tps: string) => `#### ${label}

- Backend Parameters:

  \`\`\`bash
  --max-model-len=32768
  \`\`\`

${result(tps)}
`;
    expect(
      check(`# Demo\n\n## Experiment Results\n\n### Quantization\n\n${params('vLLM', '300.00')}\n${params('vLLM', '200.00')}`),
    ).toEqual([]);
  });
});
