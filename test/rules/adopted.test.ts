import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

// The adopted configuration (issue 9): a chain's steps carry what earlier steps adopted, and the chain ends at the
// Conclusion's optimized run. Both rules read the claims' sources, so the pages go through the whole check.
const RULES = new Set(['chain-end-differs', 'step-drops-adopted']);

const findings = (dir: string) =>
  checkAll(markdownFiles(dir).map((f) => analyze(readFileSync(f, 'utf8'), relative(dir, f), f)))
    .flatMap((r) => r.messages)
    .filter((m) => RULES.has(m.ruleId))
    .map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);

describe('the adopted configuration on the real pages', () => {
  it('should find nothing on the seed pages (every chain carries its steps and ends at the Conclusion)', () => {
    expect(findings(SEED_PAGES)).toEqual([]);
  });

  it.skipIf(!hasCorpus)('should find the one step measured without an adopted model in the corpus', () => {
    // Step 2 adopts `zai-org/GLM-4.5-Air-FP8`; step 3 (TP4+EP4, +3.5%) serves `zai-org/GLM-4.5-Air` again.
    expect(findings(CORPUS)).toEqual([
      expect.stringMatching(
        /^glm-4\.5-air\/h100\.md:322:76 step-drops-adopted .*`\+3\.5%`.*drops model `zai-org\/GLM-4\.5-Air-FP8`, adopted by the step at line 321$/,
      ),
    ]);
  });
});
