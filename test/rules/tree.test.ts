/**
 * Rules on the tree: what they read comes from mdast nodes (links by reference, code in list items, places inside
 * admonitions), they report through vfile messages, and running them changes nothing on the pages.
 */
import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { runChecks, runRule } from '../../src/lib/checks.js';
import { emit, toMessage } from '../../src/lib/diagnostics.js';
import { analyze, checkAll, pageView } from '../../src/lib/pipeline.js';
import { linkUnresolved } from '../../src/lib/rules/link-unresolved.js';
import { shellLineContinuation } from '../../src/lib/rules/shell-line-continuation.js';
import { codeBlocks, pageLinks } from '../../src/lib/model/tree.js';
import type { Rule } from '../../src/lib/rules/types.js';

const page = (text: string, path = 'page.md') => analyze(text, path, null);

describe('rules read the tree', () => {
  it('should check a link by reference through its definition', () => {
    const a = page('# Notes\n\nSee [the setup][setup].\n\n[setup]: missing-setup.md\n');
    expect(pageLinks(a.tree, false)).toEqual([{ url: 'missing-setup.md', text: 'the setup', line: 3, column: 5 }]);
    expect(runRule(linkUnresolved, a, [pageView(a.report)]).map((m) => [m.ruleId, m.line, m.column])).toEqual([['link-unresolved', 3, 5]]);
  });

  it('should not read a link, a fence or a comment inside code', () => {
    const a = page('# Notes\n\n```\n[x](missing.md)\n```\n\n`[y](missing.md)`\n');
    expect(pageLinks(a.tree, false)).toEqual([]);
    expect(codeBlocks(a.tree).map((b) => [b.line, b.endLine, b.body.map((l) => l.text)])).toEqual([[3, 5, ['[x](missing.md)']]]);
  });

  it('should place a finding inside an admonition at its column in the file', () => {
    const a = page(shellLineContinuation.examples.notOk);
    const [m] = runRule(shellLineContinuation, a, [pageView(a.report)]);
    const lines = shellLineContinuation.examples.notOk.split('\n');
    // The flag line of the example, at the column its `--` has in the file.
    const line = lines.findIndex((l) => l.trim().startsWith('--max-num-batched-tokens')) + 1;
    expect([m.line, m.column]).toEqual([line, lines[line - 1].indexOf('--') + 1]);
  });

  it('should read the list item a fence belongs to (backend parameters are flags, not a script)', () => {
    const a = page('# Demo\n\n- Backend Parameters:\n\n    ```bash\n    vllm serve Demo/Demo-8B\n    --max-num-seqs 8\n    ```\n');
    expect(codeBlocks(a.tree).map((b) => b.listItem)).toEqual(['Backend Parameters:']);
    expect(runRule(shellLineContinuation, a, [pageView(a.report)])).toEqual([]);
  });
});

describe('reporting through vfile-message', () => {
  it('should carry severity, expected, actual and cause on the message and convert them in one place', () => {
    const file = new VFile({ path: 'p.md', value: '' });
    const m = emit(file, 'claim-mismatch', 'error', { line: 3, column: 7 }, 'Unexpected `1`', {
      expected: '2',
      actual: '1',
      cause: { file: 'p.md', line: 9, note: 'raw run' },
    });
    expect([m.ruleId, m.source, m.fatal, m.expected, m.actual, m.line, m.column]).toEqual([
      'claim-mismatch',
      'perflab',
      true,
      ['2'],
      '1',
      3,
      7,
    ]);
    expect(toMessage(m, 'p.md')).toEqual({
      file: 'p.md',
      line: 3,
      column: 7,
      ruleId: 'claim-mismatch',
      severity: 'error',
      message: 'Unexpected `1`',
      expected: '2',
      actual: '1',
      cause: { file: 'p.md', line: 9, note: 'raw run' },
    });
    expect(toMessage(emit(file, 'x-y', 'warning', { line: 1, column: 1 }, 'w'), 'p.md').severity).toBe('warning');
    expect(toMessage(emit(file, 'x-y', 'info', { line: 1, column: 1 }, 'i'), 'p.md').severity).toBe('info');
  });

  it('should report a rule that throws as rule-internal-error and keep the others', () => {
    const broken: Rule = {
      ...linkUnresolved,
      id: 'broken',
      check: () => {
        throw new Error('boom');
      },
    };
    const a = page('# Notes\n');
    expect(runRule(broken, a, [pageView(a.report)])).toEqual([
      { file: 'page.md', line: 1, column: 1, ruleId: 'rule-internal-error', severity: 'error', message: 'Rule broken failed: Error: boom' },
    ]);
  });
});

describe('runChecks and checkAll are pure', () => {
  it("should return each page's rule messages and leave the reports' messages and files as they were", () => {
    const pages = [page('# Notes\n\nSee [x](missing-a.md).\n', 'a.md'), page('---\ntitle: [\n---\n# Other\n\n!!! note\nflat\n', 'b.md')];
    const before = pages.map((a) => JSON.stringify(a.report));
    const found = runChecks(pages);
    // The front matter's reader noted what is wrong with it; its rule says it, with the others (in rule order).
    expect(found.map((f) => f.messages.map((m) => m.ruleId))).toEqual([
      ['link-unresolved'],
      ['admonition-flattened', 'frontmatter-invalid'],
    ]);
    expect(pages.map((a) => JSON.stringify(a.report))).toEqual(before);
    expect(pages.map((a) => a.file.messages.length)).toEqual([0, 0]);
    // checkAll puts the parser's messages (none here) and the rules' together, in page order.
    const reports = checkAll(pages);
    expect(reports.map((r) => r.messages.map((m) => m.ruleId))).toEqual([
      ['link-unresolved'],
      ['frontmatter-invalid', 'admonition-flattened'],
    ]);
    expect(pages.map((a) => JSON.stringify(a.report))).toEqual(before);
  });
});
