import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll, isBlocking } from '../../src/lib/pipeline.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import { CONTENT, markdownFiles } from '../helpers/pages.js';
import { relative } from 'node:path';

const EXAMPLE_OK = claimMismatch.examples.ok;
const wrong = claimMismatch.examples.notOk;

function messages(source: string) {
  return checkAll([analyze(source, 'page.md')])[0].messages;
}

describe('acknowledgements', () => {
  it('should fail on an unacknowledged wrong number', () => {
    const found = messages(wrong).filter((m) => m.ruleId === 'claim-mismatch');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 7, expected: '50.0', actual: '+5.0%', severity: 'error' });
    expect(isBlocking(found[0])).toBe(true);
  });

  it('should accept one finding with a comment above its block and keep the reason', () => {
    const source = wrong.replace('| Benchmark Case', '<!-- perflab-ignore claim-mismatch: upstream typo, kept as published -->\n\n| Benchmark Case');
    const report = checkAll([analyze(source, 'page.md')])[0];
    const m = report.messages.find((x) => x.ruleId === 'claim-mismatch')!;
    expect(m.acknowledged).toEqual({ reason: 'upstream typo, kept as published', line: 5 });
    expect(isBlocking(m)).toBe(false);
    // The claim carries the acknowledgement too, so the site can show it.
    expect(report.claims.find((c) => c.verdict === 'mismatch')?.acknowledged?.reason).toBe('upstream typo, kept as published');
  });

  it('should not accept a comment without a reason', () => {
    const source = wrong.replace('| Benchmark Case', '<!-- perflab-ignore claim-mismatch: -->\n\n| Benchmark Case');
    expect(messages(source).find((x) => x.ruleId === 'claim-mismatch')?.acknowledged).toBeUndefined();
  });

  it('should report an acknowledgement that matches no finding', () => {
    const source = EXAMPLE_OK.replace('| Benchmark Case', '<!-- perflab-ignore claim-mismatch: nothing here -->\n\n| Benchmark Case');
    expect(messages(source).filter((x) => x.ruleId === 'acknowledgement-unused').map((x) => x.line)).toEqual([5]);
  });

  it('should leave no unacknowledged error in content/, each acknowledgement with its reason', () => {
    const reports = checkAll(markdownFiles(CONTENT).map((f) => analyze(readFileSync(f, 'utf8'), relative(CONTENT, f), f)));
    const all = reports.flatMap((r) => r.messages);
    expect(all.filter(isBlocking)).toEqual([]);
    expect(all.filter((m) => m.acknowledged).map((m) => `${m.file}:${m.line} ${m.ruleId}`).sort()).toEqual([
      'engine-baselines/sglang-v0.5.1.md:1062 link-unresolved',
      'engine-baselines/sglang-v0.5.1.md:1062 note-parameter-contradiction',
      'engine-baselines/sglang-v0.5.1.md:25 anchor-missing',
      'engine-baselines/sglang-v0.5.1.md:25 toc-mismatch',
      'engine-baselines/sglang-v0.5.1.md:858 link-unresolved',
      'engine-baselines/sglang-v0.5.1.md:858 note-parameter-contradiction',
      'qwen3-14b/h100.md:180 claim-mismatch',
      'qwen3-14b/h100.md:305 claim-mismatch',
      'qwen3-14b/h100.md:306 claim-mismatch',
      'qwen3-32b/h100.md:189 heading-engine-mismatch',
      'qwen3-32b/h100.md:22 claim-mismatch',
      'qwen3-8b/h100-latency.md:179 claim-mismatch',
      'qwen3-8b/h100-latency.md:25 claim-mismatch',
    ]);
  });
});
