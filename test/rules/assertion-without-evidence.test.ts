import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { assertionWithoutEvidence } from '../../src/lib/rules/assertion-without-evidence.js';

const check = (page: string) => {
  const a = analyze(page, 'page.md', null);
  return runRule(assertionWithoutEvidence, a, [pageView(a.report)]);
};

const page = (rows: string[]) => `# Optimizing Demo-8B Throughput

## Experiment Results

### 1. Torch.compile in SGLang

torch.compile
??? info "Serving script"
    \`\`\`bash
    python3 -m sglang.launch_server --model-path Demo/Demo-8B --enable-torch-compile
    \`\`\`

??? info "Benchmark result"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Benchmark duration (s):                  10.00
    Total input tokens:                      1000
    Total generated tokens:                  2000
    ==================================================
    \`\`\`

### Summary of Optimization Options

| Optimization Option | Improvement |
|---|---|
${rows.join('\n')}
`;

describe('assertion-without-evidence', () => {
  it('should accept a dash or a crash for an option the page has an experiment for', () => {
    expect(check(page(['| Torch Compile | - |', '| Torch.compile | crash |']))).toEqual([]);
  });

  it('should warn on each asserted outcome with no experiment or failed run behind it', () => {
    const shown = page(['| Torch Compile | +3.0% |', '| MTP | - |', '| Quantization | Not supported |', '| Prefix Cache | not adopted |']);
    const found = check(shown);
    const rows = analyze(shown, 'page.md', null).report.summary;
    expect(found.map((m) => m.line)).toEqual(rows.slice(1).map((r) => r.line));
    expect(found.map((m) => /`([^`]+)`: no experiment/.exec(m.message)?.[1])).toEqual(['MTP', 'Quantization', 'Prefix Cache']);
    expect(found.every((m) => m.severity === 'warning')).toBe(true);
    expect(found[0].message).toContain('MTP');
  });

  it('should not read a number as an assertion', () => {
    expect(check(page(['| Quantization | -3.2% |']))).toEqual([]);
  });

  it('should accept a failed run as evidence of a crash', () => {
    const withFailure = page(['| FP8 Quantization | crash |']).replace(
      '### Summary',
      'FP8 quantization\n??? info "Serving script"\n    ```bash\n    vllm serve Demo/Demo-8B-FP8\n    ```\n\n??? info "Benchmark result"\n    ```\n    # Crash. FP8 not supported on this GPU\n    ```\n\n### Summary',
    );
    expect(check(withFailure)).toEqual([]);
  });
});
