// Values that reach a Pagefind filter or meta: plain text only, bounded, and an empty result is reported.
import { describe, expect, it } from 'vitest';
import { SEARCH_VALUE_MAX, searchValue, searchValueProblems } from '../../src/lib/site/search-value.js';

describe('searchValue', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', 'img src=x onerror=alert(1)'],
    ['vllm serve <img/src/onerror=alert(1)//a>', 'vllm serve img/src/onerror=alert(1)//a'],
    ['Qwen3 & "friends" `x`', 'Qwen3 friends x'],
    ['H200\u202e\u200b SXM\n\t 141GB', 'H200 SXM 141GB'],
  ])('should keep only plain text of %j', (input, expected) => {
    const value = searchValue(input)!;
    expect(value).toBe(expected);
    expect(value).not.toMatch(/[<>&"'`]/);
  });

  it('should keep ordinary names as they are', () => {
    expect(searchValue('Qwen3.5-35B-A3B')).toBe('Qwen3.5-35B-A3B');
    expect(searchValue('NVIDIA H100 × 8')).toBe('NVIDIA H100 × 8');
  });

  it('should bound the length', () => {
    expect([...searchValue('x'.repeat(10_000))!]).toHaveLength(SEARCH_VALUE_MAX);
  });

  it('should give null when nothing visible is left', () => {
    expect(searchValue('<>&"\'')).toBeNull();
    expect(searchValue('\u200b\u202e')).toBeNull();
    expect(searchValue(null)).toBeNull();
  });
});

describe('searchValueProblems', () => {
  it('should report each field that has no plain text left, and only those', () => {
    const problems = searchValueProblems({
      title: 'A page',
      model: '<>',
      hardware: { gpu: 'H100', count: 8, text: '8 × H100' } as never,
      objective: null,
      engines: [{ name: '""' } as never, { name: 'vLLM' } as never],
    });
    expect(problems.map((p) => p.message)).toEqual([
      'The model "<>" has no plain text left for search; it is left out of the search filters.',
      'The engine "\\"\\"" has no plain text left for search; it is left out of the search filters.',
    ]);
    expect(problems.every((p) => p.ruleId === 'site-search-value')).toBe(true);
  });
});
