import { describe, expect, it } from 'vitest';
import type { List, ListItem, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { parseMarkdown } from '../../src/lib/markdown/index.js';
import { admonitionEmpty } from '../../src/lib/rules/admonition-empty.js';
import { admonitionFlattened } from '../../src/lib/rules/admonition-flattened.js';
import { tableNoBlankLine } from '../../src/lib/rules/table-no-blank-line.js';
import type { RuleContext } from '../../src/lib/rules/types.js';
import { admonitions, codes, corpusPage, grepLines, hasCorpus, page } from './helpers.js';

const OPENER = /^\s*(!!!|\?\?\?\+?) /;

describe('classic latency page (qwen3-8b/h100-latency.md)', () => {
  const text = page('qwen3-8b/h100-latency.md');
  const { tree, failures } = parseMarkdown(text);
  const found = admonitions(tree);

  it('should find one admonition per opener line of the file', () => {
    expect(found.map((a) => a.position?.start.line)).toEqual(grepLines(text, OPENER));
    expect(found).toHaveLength(22);
  });

  it('should read the `???+ tip "Serving Command"` at line 9 as open and collapsible', () => {
    expect(found[0]).toMatchObject({ kind: 'tip', title: 'Serving Command', collapsible: true, open: true, flattened: false });
    expect(found[0].position?.start).toMatchObject({ line: 9, column: 1 });
  });

  it('should put the bash block starting at line 10 inside the Serving Command', () => {
    const [code] = found[0].children;
    expect(code.type).toBe('code');
    if (code.type !== 'code') return;
    expect(code.lang).toBe('bash');
    expect(code.position?.start).toMatchObject({ line: 10, column: 5 });
    expect(code.position?.end).toMatchObject({ line: 16, column: 8 });
    expect(code.value.split('\n').slice(0, 2)).toEqual(['python3 -m sglang.launch_server \\', '    --model Qwen/Qwen3-8B-FP8 \\']);
  });

  it('should count as many `??? info "Benchmark result"` admonitions as grep does', () => {
    const results = found.filter((a) => a.kind === 'info' && a.title === 'Benchmark result');
    const lines = grepLines(text, /^\?\?\? info "Benchmark result"$/);
    expect(lines).toHaveLength(8);
    expect(results.map((a) => a.position?.start.line)).toEqual(lines);
    expect(results.every((a) => a.collapsible && !a.open)).toBe(true);
  });

  it('should read the benchmark block at line 84 inside the line-83 admonition', () => {
    const block = found.find((a) => a.position?.start.line === 83)!;
    const [code] = codes(block);
    expect(code.lang).toBeNull();
    expect(code.position?.start).toMatchObject({ line: 84, column: 5 });
    expect(code.value.split('\n')[0]).toBe('============ Serving Benchmark Result ============');
    expect(code.value.split('\n')[2]).toBe('Maximum request concurrency:             4');
  });

  it('should keep the five caveats of the `!!! note` at line 28 and end it at line 33', () => {
    const note = found[1];
    expect(note).toMatchObject({ kind: 'note', title: null, open: true, collapsible: false });
    const list = note.children[0] as List;
    expect(list.type).toBe('list');
    expect(list.ordered).toBe(true);
    expect(list.children).toHaveLength(5);
    expect(note.position?.end.line).toBe(33);
  });

  it('should report nothing', () => {
    expect(failures).toEqual([]);
  });
});

describe('flattened page (qwen3.5-35b-a3b/h200-latency.md)', () => {
  const text = page('qwen3.5-35b-a3b/h200-latency.md');
  const { tree, failures } = parseMarkdown(text);
  const found = admonitions(tree);
  const openers = grepLines(text, OPENER);

  it('should flatten all 20 admonitions', () => {
    expect(openers).toHaveLength(20);
    expect(found.map((a) => a.position?.start.line)).toEqual(openers);
    expect(found.every((a) => a.flattened && a.children.length === 1)).toBe(true);
  });

  it('should give the `???+ tip` at line 5 the bash fence of line 6 as its body', () => {
    const tip = found[0];
    expect(tip).toMatchObject({ kind: 'tip', title: 'Serving Command', open: true });
    const [code] = tip.children;
    expect(code).toMatchObject({ type: 'code', lang: 'bash' });
    expect(code.position?.start).toMatchObject({ line: 6, column: 1 });
    expect(tip.position?.end).toMatchObject({ line: 11, column: 4 });
  });

  it('should give the `!!! note` at line 19 its numbered list', () => {
    const note = found[1];
    expect(note.position?.start.line).toBe(19);
    const list = note.children[0] as List;
    expect(list).toMatchObject({ type: 'list', ordered: true, start: 1 });
    expect(list.children).toHaveLength(5);
    expect(list.position?.start).toMatchObject({ line: 20, column: 1 });
  });

  it('should give each of the 18 `??? info "… benchmark result"` its result fence', () => {
    const results = found.filter((a) => /benchmark result$/i.test(a.title ?? ''));
    expect(results).toHaveLength(18);
    for (const result of results) {
      const [code] = result.children;
      expect(code.type).toBe('code');
      expect(code.position?.start.line).toBe(result.position!.start.line + 1);
      if (code.type === 'code') expect(code.value.startsWith('============ Serving Benchmark Result')).toBe(true);
    }
  });

  it('should warn `admonition-flattened` at each admonition line (the rule, on the flattened tree)', () => {
    const file = new VFile({ value: text });
    admonitionFlattened.check!({ tree, file } as unknown as RuleContext);
    expect(file.messages.map((m) => m.line)).toEqual(openers);
    expect(file.messages[0]).toMatchObject({
      ruleId: 'admonition-flattened',
      fatal: false,
      line: 5,
      column: 1,
      reason: 'Admonition body is not indented; MkDocs renders it empty. Indent the body by 4 spaces.',
      expected: ['4-space indented body'],
      actual: 'unindented',
    });
    expect(failures).toEqual([]);
  });

  it('should recognise the tables at lines 13 and 510 and warn `table-no-blank-line` only after the paragraph (line 13)', () => {
    const tables: number[] = [];
    visit(tree, 'table', (node) => {
      tables.push(node.position!.start.line);
    });
    expect(tables).toEqual([13, 510]);
    // Line 510 follows a heading, which Python-Markdown splits off: a table there renders. The rule reads the tree.
    const file = new VFile({ value: text });
    tableNoBlankLine.check!({ tree, file } as unknown as RuleContext);
    expect(file.messages.map((m) => [m.ruleId, m.line])).toEqual([['table-no-blank-line', 13]]);
    expect(failures).toEqual([]);
  });

  it('should report no empty admonition', () => {
    const file = new VFile({ value: text });
    admonitionEmpty.check!({ tree, file } as unknown as RuleContext);
    expect(file.messages).toEqual([]);
  });
});

describe.skipIf(!hasCorpus)('list items with a 2-space fence (corpus qwen3.5-9b/h100-latency.md)', () => {
  const text = hasCorpus ? corpusPage('qwen3.5-9b/h100-latency.md') : '';
  const tree: Root = parseMarkdown(text).tree;
  const items: ListItem[] = [];
  visit(tree, 'listItem', (node) => {
    const first = node.children[0];
    if (first?.type === 'paragraph' && first.children[0]?.type === 'text' && first.children[0].value === 'Backend Parameters:') {
      items.push(node);
    }
  });

  it('should keep the fence inside each "- Backend Parameters:" item', () => {
    expect(items.map((i) => i.position?.start.line)).toEqual(grepLines(text, /^- Backend Parameters:$/));
    expect(items.every((i) => i.children[1]?.type === 'code')).toBe(true);
  });

  it('should read the fence of line 118 at column 3 with the flags as its value', () => {
    const code = items[0].children[1];
    expect(code.position?.start).toMatchObject({ line: 118, column: 3 });
    expect(code.position?.end).toMatchObject({ line: 121, column: 6 });
    expect(code).toMatchObject({ lang: 'bash', value: '--reasoning-parser=qwen3\n--max-model-len=32768' });
  });

  it('should end the list before the `??? info` at line 123', () => {
    const index = tree.children.findIndex((n) => n.position?.start.line === 123);
    expect(tree.children[index].type).toBe('admonition');
    expect(tree.children[index - 1]).toMatchObject({ type: 'list' });
  });
});
