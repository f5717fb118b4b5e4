import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { resultWithoutHeader } from '../../src/lib/rules/result-without-header.js';

const check = (body: string[]) => {
  const page = `# SGLang v0.5.1

## Demo-8B

\`\`\`{text}
${body.join('\n')}
\`\`\`
`;
  const a = analyze(page, 'page.md', null);
  return { found: runRule(resultWithoutHeader, a, [pageView(a.report)]), runs: a.report.runs };
};

const metrics = ['Successful requests: 1000', 'Benchmark duration (s): 10.00', 'Total input tokens: 1000', 'Total generated tokens: 2000'];
const HEADER = '============ Serving Benchmark Result ============';
const CLOSER = '==================================================';

describe('result-without-header', () => {
  it('should accept blocks with their header, after an invocation line too', () => {
    expect(
      check(['Running benchmark --dataset-name sharegpt --num-prompts 1000 with backend: sglang', HEADER, ...metrics, CLOSER]).found,
    ).toEqual([]);
  });

  it('should warn on each block read from its first metric line, at that line', () => {
    const { found, runs } = check([HEADER, ...metrics, CLOSER, '', ...metrics, CLOSER]);
    expect(runs).toHaveLength(2);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', line: runs[1].line, actual: '`Successful requests: 1000`' });
  });

  it('should not report failure stubs', () => {
    expect(check(['# Crash. FP8 not supported on this GPU']).found).toEqual([]);
  });
});
