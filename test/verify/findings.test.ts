import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

/**
 * The exact claim findings on the real pages, each checked by hand against the raw block it names. A new
 * false positive (or a lost true finding) fails this test. Acknowledgements do not hide findings here.
 */
function findings(reports: Report[]): string[] {
  return reports.flatMap((r) =>
    r.claims
      .filter((c) => c.verdict !== 'verified')
      .map(
        (c) =>
          `${r.path}:${c.line}:${c.column} ${c.verdict}${c.rounding ? ' (rounding)' : ''} ${c.text}${c.recomputed !== null ? ` -> ${c.recomputed}` : ''}${c.source ? ` @${c.source.line}` : ''}`,
      ),
  );
}

function check(files: string[], root: string): Report[] {
  return checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f)));
}

describe('claim findings on the seed reports (test/fixtures/seed-pages/)', () => {
  const reports = check(markdownFiles(SEED_PAGES), SEED_PAGES);

  it('should verify every claim except the hand-checked findings', () => {
    expect(findings(reports)).toEqual([
      // Ranking quotes SGLang at 8424.86; the SGLang run (line 131) prints 8403.97.
      'qwen3-14b/h100.md:180:17 mismatch 8424.86 -> 8403.97 @131',
      // Summary chain built on that wrong value: 8403.97 / 6595.66 = +27.4%, 10426.27 / 8403.97 = +24.1%.
      'qwen3-14b/h100.md:305:76 mismatch +27.7% -> 27.4 @131',
      'qwen3-14b/h100.md:306:76 mismatch +23.8% -> 24.1 @201',
      // Very Long Prompt: 4068.16 / 2771.81 = +46.8%, the cell says +10.7%.
      'qwen3-32b/h100.md:22:134 mismatch +10.7% -> 46.8 @389',
      // ShareGPT BS=8 baseline: R1 = (74.57 + 7.71 x (22061/100 - 1)) / 1000 = 1.7678 s, stated 1.78.
      'qwen3-8b/h100-latency.md:25:37 mismatch 1.78 -> 1.77 @707',
      // Its ratio holds on the stated cells, but no run prints the 1.78 it is computed from: consistent, not verified.
      'qwen3-8b/h100-latency.md:25:117 consistent 1.6x faster -> 1.6 @823',
      // `vLLM (1.68 s) > TensorRT-LLM (1.74 s)`: the runs give 1.6847 < 1.7360.
      'qwen3-8b/h100-latency.md:179:58 mismatch >',
    ]);
  });

  it('should classify many claims per report page', () => {
    const counts = Object.fromEntries(reports.map((r) => [r.path, r.claims.length]));
    expect(counts['qwen3-14b/h100.md']).toBeGreaterThanOrEqual(30);
    expect(counts['qwen3.5-35b-a3b/h200-latency.md']).toBeGreaterThanOrEqual(60);
  });

  it('should trace the 8424.86 ranking value to the run of another page when checked with the corpus', { skip: !hasCorpus }, () => {
    const all = check([...markdownFiles(SEED_PAGES), ...markdownFiles(CORPUS)], SEED_PAGES);
    const page = all.find((r) => r.path === 'qwen3-14b/h100.md')!;
    const claim = page.claims.find((c) => c.line === 180 && c.text === '8424.86')!;
    expect(claim.sources.map((s) => `${s.path}:${s.line}`)).toEqual([`${relative(SEED_PAGES, CORPUS)}/qwen3-235b-a22b/h100.md:97`]);
    expect(page.messages.some((m) => m.ruleId === 'claim-other-page' && m.line === 180)).toBe(true);
  });
});

describe.skipIf(!hasCorpus)('claim findings on the corpus pages', () => {
  const reports = check(markdownFiles(CORPUS), CORPUS);

  it('should verify every claim except the hand-checked findings', () => {
    expect(findings(reports)).toEqual([
      // Scaled conclusion rows whose numbers no run on the page prints (the optimized runs print other values);
      // their percentages hold on those stated cells: consistent (the arithmetic adds up, no run prints the inputs).
      'glm-4.5-air/h100.md:21:33 untraceable 7066.67',
      'glm-4.5-air/h100.md:21:59 untraceable 214.38',
      'glm-4.5-air/h100.md:21:79 untraceable 28621.61',
      'glm-4.5-air/h100.md:21:133 consistent +305.0% -> 305',
      'glm-4.5-air/h100.md:21:167 untraceable 327.73',
      'glm-4.5-air/h100.md:22:34 untraceable 22582.76',
      'glm-4.5-air/h100.md:22:61 untraceable 125.44',
      'glm-4.5-air/h100.md:22:81 untraceable 35741.37',
      'glm-4.5-air/h100.md:22:135 consistent +58.3% -> 58.3',
      'glm-4.5-air/h100.md:22:168 untraceable 106.94',
      'glm-4.5-air/h100.md:23:32 untraceable 21705.53',
      'glm-4.5-air/h100.md:23:59 untraceable 82.53',
      'glm-4.5-air/h100.md:23:78 untraceable 33207.02',
      'glm-4.5-air/h100.md:23:131 consistent +53.0% -> 53',
      'glm-4.5-air/h100.md:23:164 untraceable 71.49',
      'glm-4.5-air/h100.md:24:37 untraceable 20732.85',
      'glm-4.5-air/h100.md:24:64 untraceable 176.99',
      'glm-4.5-air/h100.md:24:84 untraceable 26683.88',
      'glm-4.5-air/h100.md:24:137 consistent +28.7% -> 28.7',
      'glm-4.5-air/h100.md:24:170 untraceable 200.08',
      // Long Prompt per GPU: 34491.13 / 2 / 14247.47 = +21.04%, stated +21.1%: last digit only (claim-rounding).
      'gpt-oss-120b/h100.md:21:131 mismatch (rounding) +21.1%/GPU -> 21 @537',
      // ShareGPT baseline: the vLLM run prints 16493.75, no run prints 16701.31 or 91.33.
      'gpt-oss-20b/h100.md:18:29 untraceable 16701.31',
      'gpt-oss-20b/h100.md:18:56 untraceable 91.33',
      // The gains computed from those unprinted cells hold on them: consistent.
      'gpt-oss-20b/h100.md:18:128 consistent +14.5% -> 14.5 @198',
      // ShareGPT optimized: no run prints 5770.24; the chain's +47.1% follows from it, not from the TRT run 5760.97.
      'qwen3-14b/a100.md:19:75 untraceable 5770.24',
      'qwen3-14b/a100.md:19:127 consistent +47.1% -> 47.1 @99',
      'qwen3-14b/a100.md:19:160 untraceable 260.46',
      'qwen3-14b/a100.md:336:76 mismatch +47.1% -> 46.9 @165',
      // ShareGPT baseline TPOT: the vLLM run prints 125.09.
      'qwen3-8b/910b.md:20:55 mismatch 27.61 -> 125.09 @104',
      // Optimized rows whose numbers no run prints, and two percentages that do not follow from their cells.
      'qwen3-8b/910b.md:21:79 untraceable 16611.86',
      'qwen3-8b/910b.md:21:132 consistent +184.7% -> 184.7 @362',
      'qwen3-8b/910b.md:21:166 untraceable 1131.26',
      'qwen3-8b/910b.md:22:80 untraceable 14484.86',
      'qwen3-8b/910b.md:22:133 consistent +51.1% -> 51.1 @337',
      'qwen3-8b/910b.md:22:166 untraceable 122.59',
      'qwen3-8b/910b.md:23:77 untraceable 11159.01',
      // 11159.01 / 7677.41 = +45.35%, 7835.01 / 2890.64 = +171.05%: last digit only (claim-rounding).
      'qwen3-8b/910b.md:23:130 mismatch (rounding) +45.4% -> 45.3 @312',
      'qwen3-8b/910b.md:23:163 untraceable 97.74',
      'qwen3-8b/910b.md:24:83 untraceable 7835.01',
      'qwen3-8b/910b.md:24:135 mismatch (rounding) +171.1% -> 171 @287',
      'qwen3-8b/910b.md:24:169 untraceable 169.70',
      // `MineIE (5634.4 tok/s)`: the MindIE run prints 5634.45, which rounds half-up to 5634.5 (truncated: claim-rounding).
      'qwen3-8b/910b.md:149:17 mismatch (rounding) 5634.4 -> 5634.5 @133',
      // FP8 Static: 16452.52 / 13305.38 = +23.7%, stated +26.7% in the bullet and the table.
      'references/the-impact-of-quantization-on-vllm-inference-performance.md:13:23 mismatch +26.7% -> 23.7 @123',
      'references/the-impact-of-quantization-on-vllm-inference-performance.md:123:35 mismatch +26.7% -> 23.7 @123',
    ]);
  });
});
