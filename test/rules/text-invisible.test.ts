// Characters that change what a reader sees without showing themselves: each line that holds one is a warning at the
// first, naming each by code point; a byte-order mark at the start and a character inside a number (the number rules')
// are not this rule's.
import { expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze } from '../../src/lib/pipeline.js';
import { textInvisible } from '../../src/lib/rules/text-invisible.js';

const found = (page: string) => runRule(textInvisible, analyze(page, 'p.md'), []);

it('should warn at each line with a bidi control or a zero-width character, in prose, tables, headings and code', () => {
  const page = [
    '# Title\u200b here',
    '',
    'Plain prose, then a soft\u00adhyphen and an \u2066isolate\u2069.',
    '',
    '| a | b |',
    '|---|---|',
    '| x\u202ey | 1 |',
    '',
  ].join('\n');
  const m = found(page);
  expect(m.map((x) => [x.line, x.column])).toEqual([
    [1, 8],
    [3, 25],
    [7, 4],
  ]);
  expect(m[1].message).toContain('U+00AD SOFT HYPHEN, U+2066 LEFT-TO-RIGHT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE');
});

it('should leave a byte-order mark at the start, a character between digits and an emoji joiner alone', () => {
  expect(found('\ufeff# Title\n\nThroughput 65\u200b95.66 tok/s, \u{1f468}\u200d\u{1f4bb}.\n')).toEqual([]);
});
