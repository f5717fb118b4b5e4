import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { runIncomplete } from '../../src/lib/rules/run-incomplete.js';

const check = (page: string) => {
  const a = analyze(page, 'page.md', null);
  return runRule(runIncomplete, a, [pageView(a.report)]);
};

const block = (successful: number, indent = '    ') =>
  [
    '============ Serving Benchmark Result ============',
    `Successful requests:                     ${successful}`,
    'Benchmark duration (s):                  10.00',
    'Total input tokens:                      1000',
    'Total generated tokens:                  2000',
    '==================================================',
  ]
    .map((l) => indent + l)
    .join('\n');

const classic = (
  bench: string[],
  successful: number,
  section = '### 1. Choosing the Inference Engine\n\nvLLM',
) => `# Optimizing Demo-8B Throughput

## Benchmark Setup

### Benchmark Script

\`\`\`bash
${bench.join('\n')}
\`\`\`

## Experiment Results

${section}
??? info "Benchmark result"
    \`\`\`
${block(successful)}
    \`\`\`
`;

describe('run-incomplete', () => {
  it('should warn on a run with fewer successful requests than the one benchmark command requests', () => {
    const found = check(classic(['vllm bench serve --model Demo/Demo-8B --num-prompts 1000'], 900));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', expected: '1000 successful requests', actual: '900' });
    expect(found[0].cause?.line).toBe(8);
  });

  it('should pick the only benchmark command that can have produced the run, and skip when two can', () => {
    const two = ['vllm bench serve --num-prompts 1000 --dataset-name sharegpt', 'vllm bench serve --num-prompts 500 --dataset-name random'];
    // 984 cannot come from a 500-request command: 1000 were requested.
    expect(check(classic(two, 984))).toHaveLength(1);
    // 100 could be short of either: unknown, skipped.
    expect(check(classic(two, 100))).toEqual([]);
    expect(check(classic(two, 500))).toEqual([]);
  });

  it('should not hold an other-case run against the page benchmark command', () => {
    const page = classic(
      ['vllm bench serve --num-prompts 1000'],
      100,
      '### Other Benchmark Cases\n\n??? info "Baseline serving script"\n    ```bash\n    vllm serve Demo/Demo-8B\n    ```\n',
    ).replace('??? info "Benchmark result"', '??? info "Baseline benchmark results"');
    expect(check(page)).toEqual([]);
  });

  it("should read the request count of the run's own invocation", () => {
    const page = (n: number) => `# SGLang v0.5.1

## Demo-8B

\`\`\`{text}
Running benchmark --dataset-name sharegpt --num-prompts ${n} with backend: sglang
${block(1000, '')}
\`\`\`
`;
    expect(check(page(1000))).toEqual([]);
    const found = check(page(2000));
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain('invocation');
  });

  it('should skip a command whose request count is a variable', () => {
    expect(check(classic(['guidellm benchmark --target x --max-requests ${total_requests}'], 10))).toEqual([]);
  });
});

describe('run-incomplete and run labels', () => {
  it('should not hold a run labelled with its own workload against the page benchmark command', () => {
    const labelled = (label: string) =>
      classic(['vllm bench serve --num-prompts 1000'], 500).replace('    ============ Serving', `    # ${label}\n    ============ Serving`);
    expect(check(labelled('random 2K input'))).toEqual([]);
    // A flag label names a serving option, not a workload.
    expect(check(labelled('--attention-backend=triton'))).toHaveLength(1);
  });
});
