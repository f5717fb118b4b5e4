// The other pages a checked page cites: its entry is made again when one of them changes.
import { describe, expect, it } from 'vitest';
import { citedPages } from '../../src/loader/probes.js';
import { analyze } from '../../src/lib/pipeline.js';

const pages = new Map(['a/self.md', 'a/other.md', 'b/third.md', 'b/linked.md'].map((p) => [p, 0]));
const report = (text: string, messages: string[]) => ({
  ...analyze(text, 'a/self.md').report,
  messages: messages.map((message) => ({ file: 'a/self.md', line: 1, column: 1, ruleId: 'x', severity: 'warning' as const, message })),
});

describe('citedPages', () => {
  it('should name the pages its messages name and the pages it links to, once each, and never itself', () => {
    const r = report('# Self\n\nSee [this](../b/linked.md#results) and [me](self.md).\n', [
      'Unexpected `150.00`: no run of this page prints it; a run of `a/other.md` (line 97) does',
      'Same block as b/third.md, and a/other.md again; a/self.md is this page; a/missing.md is none',
    ]);
    expect(citedPages(r, pages)).toEqual(['a/other.md', 'b/linked.md', 'b/third.md']);
  });

  // A quadratic reading of these 350,000 characters would take minutes: the test's own timeout is the guard.
  it('should read a long message without backtracking, and find no page in it', () => {
    const r = report('# Self\n', ['a'.repeat(200_000) + '.mdx ' + '.md'.repeat(50_000)]);
    expect(citedPages(r, pages)).toEqual([]);
  });
});
