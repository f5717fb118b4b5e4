import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { parseMarkdown } from '../../src/lib/markdown/index.js';
import { admonitionEmpty } from '../../src/lib/rules/admonition-empty.js';
import type { RuleContext } from '../../src/lib/rules/types.js';
import { admonitions, codes } from './helpers.js';

function only(text: string) {
  const found = admonitions(parseMarkdown(text).tree);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('admonition openers', () => {
  it('should read `!!! kind` as an open, non-collapsible admonition without a title', () => {
    const node = only('!!! note\n    Body.\n');
    expect(node).toMatchObject({ kind: 'note', title: null, collapsible: false, open: true, flattened: false });
    expect(node.position?.start).toEqual({ line: 1, column: 1, offset: 0 });
    expect(node.position?.end).toEqual({ line: 2, column: 10, offset: 18 });
  });

  it('should read `??? kind "title"` as collapsible and closed', () => {
    expect(only('??? info "Benchmark result"\n    x\n')).toMatchObject({
      kind: 'info',
      title: 'Benchmark result',
      collapsible: true,
      open: false,
    });
  });

  it('should read `???+ kind "title"` as collapsible and open', () => {
    expect(only('???+ tip "Serving Command"\n    x\n')).toMatchObject({
      kind: 'tip',
      title: 'Serving Command',
      collapsible: true,
      open: true,
    });
  });

  it('should treat an empty title `""` as no title', () => {
    expect(only('!!! note ""\n    x\n').title).toBeNull();
  });

  it('should keep quotes inside a title up to the last closing quote', () => {
    expect(only('!!! note "a "b" c"  \n    x\n').title).toBe('a "b" c');
  });

  it('should keep extra class words in `data.classes`', () => {
    const node = only('!!! note inline end "Side"\n    x\n');
    expect(node.kind).toBe('note');
    expect(node.title).toBe('Side');
    expect(node.data?.classes).toEqual(['inline', 'end']);
  });

  it('should accept up to 3 spaces of indentation before the marker', () => {
    const node = only('   !!! warning\n       x\n');
    expect(node.kind).toBe('warning');
    expect(node.position?.start.column).toBe(4);
    expect(node.children[0].position?.start).toMatchObject({ line: 2, column: 8 });
  });

  it('should accept trailing spaces after the opener', () => {
    const node = only('??? info "Serving script"   \n    x\n');
    expect(node.title).toBe('Serving script');
    expect(node.children).toHaveLength(1);
  });

  it('should interrupt a paragraph', () => {
    const { tree } = parseMarkdown('Recommended configuration:\n???+ tip "Serving Command"\n    x\n');
    expect(tree.children.map((c) => c.type)).toEqual(['paragraph', 'admonition']);
  });

  it.each([
    ['!!!\n', 'no kind'],
    ['!!! "title"\n', 'a title but no kind'],
    ['!!!! note\n', 'four markers'],
    ['!!!+ note\n', 'a `+` after `!!!`'],
    ['??? info "unclosed\n', 'an unclosed title'],
    ['!!! note "t" trailing\n', 'text after the title'],
    ['!!! note!\n', 'punctuation in the kind'],
  ])('should leave %j (%s) as a paragraph', (text) => {
    const { tree, failures } = parseMarkdown(text);
    expect(tree.children.map((c) => c.type)).toEqual(['paragraph']);
    expect(failures).toEqual([]);
  });
});

describe('admonition bodies', () => {
  it('should keep blank lines inside the body', () => {
    const node = only('!!! note\n    a\n\n    b\nafter\n');
    expect(node.children.map((c) => c.type)).toEqual(['paragraph', 'paragraph']);
    expect(node.position?.end).toMatchObject({ line: 4, column: 6 });
  });

  it('should accept a blank line before the first body line', () => {
    const node = only('!!! note\n\n    GGUF model with architecture qwen3 is not supported.\n');
    expect(node.children[0].position?.start).toMatchObject({ line: 3, column: 5 });
  });

  it('should end the body at the first non-blank line indented less than 4 (no lazy lines)', () => {
    const { tree } = parseMarkdown('!!! note\n    para\n  lazy\n');
    expect(tree.children.map((c) => c.type)).toEqual(['admonition', 'paragraph']);
    expect(tree.children[1].position?.start).toMatchObject({ line: 3, column: 3 });
  });

  it('should parse a fence at the body indent as code with original positions', () => {
    const [code] = codes(parseMarkdown('??? info "r"\n    ```bash\n    echo 1\n      echo 2\n    ```\n').tree);
    expect(code).toMatchObject({ lang: 'bash', value: 'echo 1\n  echo 2' });
    expect(code.position?.start).toEqual({ line: 2, column: 5, offset: 17 });
    expect(code.position?.end).toEqual({ line: 5, column: 8, offset: 56 });
  });

  it('should parse a fence indented deeper than the body as code', () => {
    const [code] = codes(parseMarkdown('!!! note\n      ```\n      x\n      ```\n').tree);
    expect(code.value).toBe('x');
    expect(code.position?.start).toMatchObject({ line: 2, column: 7 });
  });

  it('should close an unclosed fence at the end of the body', () => {
    const { tree } = parseMarkdown('!!! note\n    ```\n    x\n\n## Next\n');
    const [code] = codes(tree);
    expect(code.value).toBe('x');
    expect(tree.children.map((c) => c.type)).toEqual(['admonition', 'heading']);
  });

  it('should not start an admonition inside a fenced code block', () => {
    const { tree } = parseMarkdown('```\n!!! note\n    x\n```\n');
    expect(admonitions(tree)).toEqual([]);
    expect(codes(tree)[0].value).toBe('!!! note\n    x');
  });

  it('should count a tab as indentation to the next multiple of 4', () => {
    const node = only('!!! note\n\tpara\n  \tmore para\n');
    expect(node.children).toHaveLength(1);
    expect(node.children[0].position?.start).toMatchObject({ line: 2, column: 2 });
  });

  it('should keep whitespace-only lines of a body, however wide, inside the body and out of its text', () => {
    const node = only('!!! note\n        code\n        \n            \n        more\n    para\n');
    expect(node.children.map((c) => c.type)).toEqual(['code', 'paragraph']);
    const [code] = codes(node);
    expect(code.value.split('\n')[0]).toBe('code');
    expect(code.value.split('\n').at(-1)).toBe('more');
    expect(
      code.value
        .split('\n')
        .slice(1, -1)
        .every((l) => l.trim() === ''),
    ).toBe(true);
    expect(node.position?.end).toMatchObject({ line: 6, column: 9 });
  });

  it('should end a body at a line indented by fewer than 4 columns, tabs counted to their stop', () => {
    const { tree } = parseMarkdown('!!! note\n   \tin\n  \t  in too\n   out\n');
    const [node] = admonitions(tree);
    expect(node.children).toHaveLength(1);
    expect(node.position?.end.line).toBe(3);
    expect(tree.children.map((c) => c.type)).toEqual(['admonition', 'paragraph']);
  });

  it('should nest admonitions', () => {
    const { tree } = parseMarkdown(
      '!!! note "outer"\n    text\n\n    ??? info "inner"\n        ```\n        code\n        ```\n\n    back\n',
    );
    const [outer, inner] = admonitions(tree);
    expect(outer.children.map((c) => c.type)).toEqual(['paragraph', 'admonition', 'paragraph']);
    expect(inner).toMatchObject({ title: 'inner', collapsible: true });
    expect(codes(inner)[0].position?.start).toMatchObject({ line: 5, column: 9 });
    expect(outer.position?.end).toMatchObject({ line: 9, column: 9 });
  });

  it('should nest an admonition inside a list item', () => {
    const { tree } = parseMarkdown('- item\n\n    !!! note\n        inside\n- next\n');
    const list = tree.children[0];
    expect(list.type).toBe('list');
    const [node] = admonitions(tree);
    expect(node.children[0].position?.start).toMatchObject({ line: 4, column: 9 });
  });

  it('should end an admonition at the end of the file', () => {
    const { tree, failures } = parseMarkdown('text\n\n!!! note');
    const [node] = admonitions(tree);
    expect(node.position?.end).toEqual({ line: 3, column: 9, offset: 14 });
    expect(failures).toEqual([]);
    const file = new VFile({ value: '' });
    admonitionEmpty.check!({ tree, file } as unknown as RuleContext);
    expect(file.messages.map((m) => [m.ruleId, m.line])).toEqual([['admonition-empty', 3]]);
  });
});
