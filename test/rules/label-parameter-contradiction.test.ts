import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { labelParameterContradiction } from '../../src/lib/rules/label-parameter-contradiction.js';

const check = (label: string, flags: string[]) => {
  const page = `# Optimizing Demo-9B Latency

## Experiment Results

### Tuning

#### ${label}

- Profile: \`ShareGPT 8RPS\`
- Backend Parameters:

  \`\`\`bash
${flags.map((f) => `  ${f}`).join('\n')}
  \`\`\`
`;
  const a = analyze(page, 'page.md', null);
  return runRule(labelParameterContradiction, a, [pageView(a.report)]);
};

describe('label-parameter-contradiction', () => {
  it('should warn when the label states another value than the one flag it names', () => {
    const found = check('Seqs 256', ['--max-model-len=32768', '--max-num-seqs=128']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', expected: '--max-num-seqs=128', actual: 'Seqs 256' });
    expect(check('batched tokens 8k', ['--max-num-batched-tokens=16384'])).toHaveLength(1);
  });

  it('should accept agreeing values, with k read as 1000 or 1024', () => {
    expect(check('Seqs 128', ['--max-num-seqs=128'])).toEqual([]);
    expect(check('batched tokens 16k', ['--max-num-batched-tokens=16384'])).toEqual([]);
    expect(check('max-num-seqs 64', ['--max-num-seqs 64'])).toEqual([]);
  });

  it('should not guess between flags or read generic words and flag-form labels', () => {
    // `Size` could be any size flag.
    expect(check('Size 256', ['--max-cudagraph-capture-size=512'])).toEqual([]);
    // A flag-form label names a sweep value under a base script.
    expect(check('--max-num-seqs 256', ['--max-num-seqs=128'])).toEqual([]);
    // Parallelism labels are label-flag-contradiction's.
    expect(check('TP 4', ['--tensor-parallel-size=2'])).toEqual([]);
  });
});
