import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { rules } from '../../src/lib/rules/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The tests' own copy of the seed reports (content/ is the contributors' and changes). */
const SEEDS = join(ROOT, 'test', 'fixtures', 'seed-pages');
const CORPUS = join(ROOT, '../shared/corpus');

/**
 * Every finding of these rules on the real pages, `path:line rule-id`, each checked by hand against the page.
 * A new finding (a false positive, or a real error in a page) fails the test until it is understood.
 */
const SEED_FINDINGS = [
  // TOC entry "SGLang v0.10.1" links `#sglang-v0101`; the H1 is "SGLang v0.5.1".
  'seed/engine-baselines/sglang-v0.5.1.md:25 anchor-missing',
  'seed/engine-baselines/sglang-v0.5.1.md:25 toc-mismatch',
  // "the dataset settings have been changed to `--dataset-name sharegpt --num-prompts 10000`", but the sharegpt
  // run below is `Running benchmark --dataset-name sharegpt --num-prompts 1000` (both gpt-oss sections).
  'seed/engine-baselines/sglang-v0.5.1.md:858 note-parameter-contradiction',
  'seed/engine-baselines/sglang-v0.5.1.md:1062 note-parameter-contradiction',
  // `[benchmark_serving.sh](../benchmark_serving.sh)`: the script is not part of this repository.
  'seed/engine-baselines/sglang-v0.5.1.md:858 link-unresolved',
  'seed/engine-baselines/sglang-v0.5.1.md:1062 link-unresolved',
  // `### 2. Quantization in TensorRT-LLM` over `python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B-FP8`.
  'seed/qwen3-32b/h100.md:189 heading-engine-mismatch',
  // Charts under ../../assets/performance-lab/ are not shipped with the pages (warning).
  'seed/qwen3-14b/h100.md:5 image-missing',
  'seed/qwen3-32b/h100.md:5 image-missing',
  'seed/qwen3-8b/h100-latency.md:5 image-missing',
  // The page writes each `??? info` body unindented (MkDocs renders those admonitions empty), and its first table
  // follows a paragraph without a blank line. The parser found these before; the rules read them from the tree now.
  'seed/qwen3.5-35b-a3b/h200-latency.md:5 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:19 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:84 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:126 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:169 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:213 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:256 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:301 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:344 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:388 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:431 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:474 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:526 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:567 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:608 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:649 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:690 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:731 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:772 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:813 admonition-flattened',
  'seed/qwen3.5-35b-a3b/h200-latency.md:13 table-no-blank-line',
];

const CORPUS_FINDINGS = [
  // "2 × NVIDIA H100 SXM GPUs", yet the TP4 variant runs `vllm serve openai/gpt-oss-120b ... -tp 4` with a result.
  'corpus/gpt-oss-120b/h100.md:243 parallelism-exceeds-hardware',
  // The gpt-oss-20b page's `### 5. Tuning number of batched tokens` serves `openai/gpt-oss-120b`.
  'corpus/gpt-oss-20b/h100.md:218 command-model-mismatch',
  // `### Model` says Qwen/Qwen3-30B-A3B; every command of this Qwen3-8B page serves Qwen3-8B.
  'corpus/qwen3-8b/910b.md:42 command-model-mismatch',
  // `# ShareGPT batch size 4`: baseline 100 requests / 23260 input tokens, optimized 1000 / 217393.
  'corpus/qwen3-8b/910b.md:514 compared-runs-differ',
  'corpus/qwen3-8b/910b.md:514 compared-runs-differ',
  // The optimized serving script serves BF16 `GLM-4.5-Air`; the recommended command serves `zai-org/GLM-4.5-Air-FP8`.
  'corpus/glm-4.5-air/h100.md:438 optimized-command-differs',
  // The benchmark command asks for `--num-prompts 1000`; every ShareGPT run prints 984 successful requests.
  'corpus/qwen3-235b-a22b/h100.md:88 run-incomplete',
  'corpus/qwen3-235b-a22b/h100.md:121 run-incomplete',
  'corpus/qwen3-235b-a22b/h100.md:158 run-incomplete',
  'corpus/qwen3-235b-a22b/h100.md:193 run-incomplete',
  'corpus/qwen3-235b-a22b/h100.md:226 run-incomplete',
  'corpus/qwen3-235b-a22b/h100.md:287 run-incomplete',
  // Profile `ShareGPT` has total_requests 1000; the speculative-decoding run succeeded on 516 (the page says 51.6%).
  'corpus/qwen3.5-35b-a3b/h200.md:427 run-incomplete',
  // `gpt-oss-20b/a100.md#...`: that page is not among the corpus pages we have.
  'corpus/overview.md:14 link-unresolved',
  'corpus/deepseek-r1/h200.md:5 image-missing',
  'corpus/glm-4.5-air/h100.md:6 image-missing',
  'corpus/gpt-oss-120b/h100.md:5 image-missing',
  'corpus/gpt-oss-20b/h100.md:5 image-missing',
  'corpus/qwen3-14b/a100.md:6 image-missing',
  'corpus/qwen3-235b-a22b/h100.md:5 image-missing',
  'corpus/qwen3-8b/910b.md:5 image-missing',
  'corpus/qwen3.5-35b-a3b/h200.md:5 image-missing',
  'corpus/qwen3.5-9b/h100-latency.md:5 image-missing',
];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? markdownFiles(p) : p.endsWith('.md') ? [p] : [];
    })
    .sort();
}

/**
 * The rules of the page model. `claim-unjudged` lists the prose numbers no claim covers, so without the claim
 * verifier it would list them all; test/claims/unjudged.test.ts runs it through the whole pipeline.
 */
const PAGE_RULES = rules.filter((r) => r.id !== 'claim-unjudged');

/**
 * Findings of these rules over the pages, checked together (cross-page rules see them all). The rules run
 * directly (`runRule`, as `runChecks` runs them), so this test does not depend on the claim verifier.
 */
function findings(sets: Array<{ dir: string; prefix: string }>): string[] {
  const analyses = sets.flatMap(({ dir, prefix }) =>
    markdownFiles(dir).map((file) => analyze(readFileSync(file, 'utf8'), `${prefix}/${relative(dir, file).replace(/\\/g, '/')}`, file)),
  );
  const reports = analyses.map((a) => pageView(a.report));
  return analyses
    .flatMap((a) => PAGE_RULES.flatMap((rule) => runRule(rule, a, reports).map((d) => `${a.report.path}:${d.line} ${d.ruleId}`)))
    .sort();
}

describe('rules on the real pages', () => {
  it('should find exactly the known findings on the seed pages', () => {
    expect(findings([{ dir: SEEDS, prefix: 'seed' }])).toEqual([...SEED_FINDINGS].sort());
  });

  const haveCorpus = existsSync(CORPUS);
  if (!haveCorpus) console.warn(`Skipping the corpus pages: ${relative(ROOT, CORPUS)} is absent.`);
  it.skipIf(!haveCorpus)('should find exactly the known findings on the corpus pages (../shared/corpus)', () => {
    const all = findings([
      { dir: SEEDS, prefix: 'seed' },
      { dir: CORPUS, prefix: 'corpus' },
    ]);
    expect(all).toEqual([...SEED_FINDINGS, ...CORPUS_FINDINGS].sort());
  });
});
