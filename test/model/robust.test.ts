import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { reportSchema } from '../../src/lib/schemas/report.js';
import { page } from '../helpers/pages.js';

/** A deterministic PRNG so that a failure can be replayed. */
function prng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('the pipeline never throws on content', () => {
  const pieces = [
    '# Optimizing X Throughput on NVIDIA H100 GPUs\n',
    '## Conclusion\n',
    '## Experiment Results\n',
    '### 1. Choosing the Inference Engine\n',
    '| Benchmark Case | baseline | Optimized |\n|---|---|---|\n',
    '| **ShareGPT** | Total TPS: 1.00 | Total TPS: 2.00 (+100.0%) |\n',
    '??? info "Benchmark result"\n',
    '    ```\n',
    '```\n',
    '    ============ Serving Benchmark Result ============\n',
    '    Successful requests:   10\n',
    '    Total Token throughput (tok/s):   1.00\n',
    '    ==================================================\n',
    'Result: A (1.00 tok/s) > B (2.00 tok/s)\n',
    '- Summary: `A` Total TPS = 1.00, `B` Total TPS = 2.00.\n',
    '!!! note\n',
    '    text\n',
    '<script>alert(1)</script>\n',
    '\t\r\n',
    '\n',
    '---\ntitle: [\n---\n',
    '| a |\n',
    '# Crash\n',
    '<!-- perflab-ignore x -->\n',
    // Shapes the property-based fuzz (test/fuzz) found defects with.
    '    - With tuned parameters:\n',
    '    ```yaml\n',
    '| **Long** | Mean latency: 1.66s/req | Mean latency: 0.62s/req (2.7x<br>faster) |\n',
  ];
  const random = prng(42);

  it('should parse 300 random pages into valid reports without throwing', () => {
    for (let i = 0; i < 300; i++) {
      let text = '';
      const n = Math.floor(random() * 30);
      for (let k = 0; k < n; k++) text += pieces[Math.floor(random() * pieces.length)];
      const [report] = checkAll([analyze(text, `random-${i}.md`)]);
      expect(() => reportSchema.parse(report), text).not.toThrow();
      expect(
        report.messages.filter((m) => /internal-error/.test(m.ruleId)),
        text,
      ).toEqual([]);
    }
  });

  it('should parse an empty page into an empty report with no error', () => {
    const [report] = checkAll([analyze('', 'empty.md')]);
    expect(report).toMatchObject({ title: null, runs: [], claims: [], kind: 'essay' });
    expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });

  it('should give every run and claim of a real page a source line inside the file', () => {
    const a = page('qwen3-14b/h100.md');
    const lines = a.source.split('\n').length;
    checkAll([a]);
    for (const r of a.report.runs) for (const m of Object.values(r.metrics)) expect(m.line).toBeLessThanOrEqual(lines);
    for (const c of a.report.claims) {
      expect(c.line).toBeLessThanOrEqual(lines);
      // The claim text stands at its position in the source.
      if (c.kind !== 'ranking-order') expect(a.source.split('\n')[c.line - 1].slice(c.column - 1)).toContain(c.text.replace(/x\d+$/, ''));
    }
  });
});
