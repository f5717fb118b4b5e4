// A page of tens of thousands of links (each a few tree nodes and, when it is a finding, a message) took 53 s and
// 990 MB to check: the page's link labels are bounded (LIMITS.pageBrackets) like its paragraphs', and a page over the
// bound is one error at the label over it, in bounded time and memory.
import { expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/limit-scan.js';
import { analyze } from '../../src/lib/pipeline.js';

it('should stop at the first link label over the page limit, with its line and column', () => {
  const paragraphs = Array.from({ length: LIMITS.pageBrackets + 10 }, (_, i) => `See [page ${i}](p${i}.md).`);
  const a = analyze(`# Links\n\n${paragraphs.join('\n\n')}\n`, 'links.md');
  const over = a.report.messages.filter((m) => m.ruleId === 'inline-too-complex');
  expect(over).toHaveLength(1);
  // Line 3 holds the first paragraph; each takes two lines.
  expect(over[0].line).toBe(3 + 2 * LIMITS.pageBrackets);
  expect(over[0].column).toBe(5);
  expect(over[0].message).toContain(`over the limit of ${LIMITS.pageBrackets}`);
  expect(a.report.runs).toEqual([]);
});

it('should read a page of links up to the limit', () => {
  const paragraphs = Array.from({ length: 100 }, (_, i) => `See [page ${i}](p${i}.md).`);
  const a = analyze(`# Links\n\n${paragraphs.join('\n\n')}\n`, 'links.md');
  expect(a.report.messages.filter((m) => m.ruleId === 'inline-too-complex')).toEqual([]);
});
