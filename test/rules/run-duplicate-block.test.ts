import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { runDuplicateBlock } from '../../src/lib/rules/run-duplicate-block.js';

const check = (page: string) => {
  const a = analyze(page, 'page.md', null);
  return runRule(runDuplicateBlock, a, [pageView(a.report)]);
};

const result = (title: string, duration: string) => `??? info "${title}"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Benchmark duration (s):                  ${duration}
    Total input tokens:                      1000
    Total generated tokens:                  2000
    ==================================================
    \`\`\``;

const page = (engine: string, quant: string, caseBase: string, caseOpt: string) => `# Optimizing Demo-8B Throughput

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
${result('Benchmark result', engine)}

### 2. Quantization

FP8
${result('Benchmark result', quant)}

### Other Benchmark Cases

#### ShareGPT

${result('Baseline benchmark results', caseBase)}

${result('Optimized benchmark results', caseOpt)}
`;

describe('run-duplicate-block', () => {
  it('should warn when two experiments show the same block', () => {
    const found = check(page('10.00', '10.00', '30.00', '40.00'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', actual: expect.stringContaining('line') });
    expect(found[0].cause?.line).toBeLessThan(found[0].line);
  });

  it('should accept experiment runs re-used as the baseline and optimized blocks of a case', () => {
    expect(check(page('10.00', '20.00', '10.00', '20.00'))).toEqual([]);
  });

  it('should warn when the baseline and optimized blocks of a case are the same', () => {
    expect(check(page('10.00', '20.00', '30.00', '30.00'))).toHaveLength(1);
  });

  it('should accept a block labelled as a baseline shown again', () => {
    const shown = page('10.00', '10.00', '30.00', '40.00').replace('FP8\n', 'Baseline (engine selection)\n');
    expect(check(shown)).toEqual([]);
  });
});

describe('run-duplicate-block and serving configurations', () => {
  const variant = (label: string, command: string, duration: string) => `${label}
??? info "Serving script"
    \`\`\`bash
    ${command}
    \`\`\`

${result('Benchmark result', duration)}
`;
  const twoExperiments = (second: string) => `# Optimizing Demo-8B Throughput

## Experiment Results

### 1. Choosing the Inference Engine

${variant('vLLM', 'vllm serve Demo/Demo-8B', '10.00')}
### 2. Parallelism in vLLM

${variant('TP1', second, '10.00')}
`;

  it('should accept the same measurement re-used for a point of the same serving command', () => {
    expect(check(twoExperiments('vllm serve Demo/Demo-8B'))).toEqual([]);
  });

  it('should warn when the identical block stands for another serving command', () => {
    expect(check(twoExperiments('vllm serve Demo/Demo-8B -tp 2'))).toHaveLength(1);
  });
});
