import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll, pageView } from '../../src/lib/pipeline.js';
import { optimizedCommandDiffers } from '../../src/lib/rules/optimized-command-differs.js';
import { runRule } from '../../src/lib/checks.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const findings = (dir: string) =>
  checkAll(markdownFiles(dir).map((f) => analyze(readFileSync(f, 'utf8'), relative(dir, f), f)))
    .flatMap((r) => r.messages)
    .filter((m) => m.ruleId === 'optimized-cell-command')
    .map((m) => `${m.file}:${m.line}:${m.column} ${m.message}`);

describe('optimized-cell-command on the real pages', () => {
  it('should find nothing on the seed pages (every optimized cell restates a run of the recommended command)', () => {
    expect(findings(SEED_PAGES)).toEqual([]);
  });

  it.skipIf(!hasCorpus)('should find the two optimized cells sourced from another configuration in the corpus', () => {
    const found = findings(CORPUS);
    expect(found).toHaveLength(2);
    // The ShareGPT optimized TPS is the BF16 TP4+EP4 experiment's run; the page recommends the FP8 model with a reasoning parser.
    expect(found[0]).toMatch(
      /^glm-4\.5-air\/h100\.md:20:75 .*`12411\.25`.*model `zai-org\/GLM-4\.5-Air` instead of `zai-org\/GLM-4\.5-Air-FP8`/,
    );
    // The ShareGPT optimized TPS comes from a run served with --max-model-len, which the recommended command does not set.
    expect(found[1]).toMatch(/^gpt-oss-120b\/h100\.md:18:74 .*`16042\.19`.*extra `--max-model-len=32768`/);
  });
});

describe('serving commands compared by flag, not by spelling', () => {
  const page = (served: string) => `# Optimizing Demo-8B Throughput

## Conclusion

???+ tip "Serving Command"
    \`\`\`bash
    python3 -m sglang.launch_server --model-path Demo/Demo-8B --tp-size 4 --mem_fraction_static 0.8
    \`\`\`

## Experiment Results

### Other Benchmark Cases

??? info "Optimized serving script"
    \`\`\`bash
    ${served}
    \`\`\`

??? info "Optimized benchmark results"
    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     10
    Benchmark duration (s):                  10.00
    Total input tokens:                      1000
    Total generated tokens:                  2000
    ==================================================
    \`\`\`
`;
  const check = (served: string) => {
    const a = analyze(page(served), 'page.md', null);
    return runRule(optimizedCommandDiffers, a, [pageView(a.report)]).map((d) => d.message);
  };

  it('should read --tp, --tp-size and --tensor-parallel-size as one flag, and _ as -', () => {
    expect(check('python3 -m sglang.launch_server --model-path Demo/Demo-8B --tp 4 --mem-fraction-static=0.8')).toEqual([]);
    expect(check('python3 -m sglang.launch_server --model-path Demo/Demo-8B --tensor-parallel-size=4 --mem-fraction-static 0.8')).toEqual(
      [],
    );
  });

  it('should still report another parallelism size', () => {
    expect(check('python3 -m sglang.launch_server --model-path Demo/Demo-8B --tp 2 --mem-fraction-static 0.8')).toEqual([
      expect.stringMatching(/missing `--tensor-parallel-size=4`; extra `--tensor-parallel-size=2`/),
    ]);
  });
});
