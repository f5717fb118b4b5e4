import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { checkLimits, LIMITS } from '../../src/lib/limits.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

describe('per-page input limits', () => {
  it('reports a page over the byte limit as page-too-large and does not parse it', () => {
    const line = 'Some text of a long report line.\n';
    const text = `# Big\n\n${line.repeat(Math.ceil(LIMITS.pageBytes / line.length) + 1)}`;
    const a = analyze(text, 'big.md');
    const m = a.report.messages.find((x) => x.ruleId === 'page-too-large');
    expect(m).toMatchObject({ file: 'big.md', line: 1, column: 1, severity: 'error', expected: `at most ${LIMITS.pageBytes} bytes` });
    expect(m?.actual).toBe(`${Buffer.byteLength(text)} bytes`);
    expect(a.report.headings).toEqual([]);
  });

  it('reports admonitions nested past the limit as nesting-too-deep at the first line too deep', () => {
    let text = '# Deep\n\n';
    for (let d = 0; d < 300; d++) text += `${'    '.repeat(d)}!!! note\n`;
    const a = analyze(text, 'deep.md');
    const m = a.report.messages.find((x) => x.ruleId === 'nesting-too-deep');
    expect(m).toMatchObject({
      line: 3 + LIMITS.admonitionDepth,
      column: 4 * LIMITS.admonitionDepth + 1,
      actual: `${LIMITS.admonitionDepth + 1} nested admonitions`,
    });
  });

  it('reports a table of more rows than the limit as table-too-large at its first line, but not pipes in code', () => {
    const rows = Array.from({ length: LIMITS.tableRows + 5 }, (_, i) => `| ${i} | x |`);
    const a = analyze(`# Long\n\n| a | b |\n|---|---|\n${rows.join('\n')}\n`, 'long.md');
    expect(a.report.messages.find((x) => x.ruleId === 'table-too-large')).toMatchObject({
      line: 3,
      column: 1,
      expected: `at most ${LIMITS.tableRows} table rows`,
    });
    const code = `# Code\n\n\`\`\`\n${'a | b\n'.repeat(LIMITS.tableRows + 5)}\`\`\`\n`;
    expect(checkLimits(code)).toBeNull();
  });

  it('reports a table of more cells than the limit as table-too-large, and reads a long page of short lines in linear time', () => {
    const columns = 4000;
    const wide = `# Wide\n\n|${' a |'.repeat(columns)}\n|${'---|'.repeat(columns)}\n${`|${' 1 |'.repeat(columns)}\n`.repeat(20)}`;
    const t = performance.now();
    const [report] = checkAll([analyze(wide, 'wide.md')]);
    expect(report.messages.find((m) => m.ruleId === 'table-too-large')).toMatchObject({
      line: 3,
      expected: `at most ${LIMITS.tableCells} table cells`,
    });
    // Before the cell limit this page took about 6 s; generous bound for a noisy machine.
    expect(performance.now() - t).toBeLessThan(3_000);
    // A pipe only at the end of a page of 500,000 short lines: each line is searched within itself.
    const tall = `${'a\n'.repeat(500_000)}|`;
    const s = performance.now();
    expect(checkLimits(tall)).toBeNull();
    expect(performance.now() - s).toBeLessThan(3_000);
  });

  it('leaves pages within the limits alone', () => {
    let text = '# Fine\n\n';
    for (let d = 0; d < LIMITS.admonitionDepth; d++) text += `${'    '.repeat(d)}!!! note\n`;
    expect(checkLimits(text)).toBeNull();
    expect(checkLimits('    !!!x\n'.repeat(100))).toBeNull();
  });

  it('reports lists and block quotes nested past the limit as nesting-too-deep, on one line or by indentation', () => {
    const deep = LIMITS.containerDepth + 1;
    const cases: Array<[string, string, number, number, number]> = [
      // [what, page, line and column of the line past the limit, depth it reaches]
      ['bullets on one line', `# L\n\n${'- '.repeat(4000)}x\n`, 3, 1, 4000],
      ['ordered items on one line', `# L\n\n${'1. '.repeat(4000)}x\n`, 3, 1, 4000],
      ['block quotes on one line', `# L\n\n${'> '.repeat(4000)}x\n`, 3, 1, 4000],
      [
        'bullets by indentation',
        `# L\n\n${Array.from({ length: 1000 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n')}\n`,
        3 + LIMITS.containerDepth,
        2 * LIMITS.containerDepth + 1,
        deep,
      ],
    ];
    for (const [what, text, line, column, depth] of cases) {
      const t = performance.now();
      const [report] = checkAll([analyze(text, 'deep.md')]);
      const ms = performance.now() - t;
      expect(
        report.messages.find((m) => m.ruleId === 'nesting-too-deep'),
        what,
      ).toMatchObject({
        line,
        column,
        actual: `${depth} nested lists and block quotes`,
      });
      expect(
        report.messages.filter((m) => /internal-error/.test(m.ruleId)),
        what,
      ).toEqual([]);
      // Before the limit these took 2 s to over 100 s; generous bound for a noisy machine.
      expect(ms, what).toBeLessThan(5_000);
    }
  });

  it('does not count a thematic break of spaced dashes, markers in fenced code, or list items side by side', () => {
    expect(checkLimits(`# T\n\n${'- '.repeat(200)}\n\n${'* '.repeat(200)}\n`)).toBeNull();
    expect(checkLimits(`# C\n\n\`\`\`\n${'- '.repeat(200)}x\n\`\`\`\n`)).toBeNull();
    expect(checkLimits(`# S\n\n${'- x\n  - y\n    1. z\n'.repeat(500)}`)).toBeNull();
    const fine = Array.from({ length: LIMITS.containerDepth }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n');
    expect(checkLimits(`# F\n\n${fine}\n`)).toBeNull();
  });

  it('counts the markers of a line that ends an indented fence by being less indented (it ends the admonition)', () => {
    // An admonition's fence is closed by the first line indented less than it: micromark reads that line as Markdown.
    const text = `# A\n\n??? info "Benchmark result"\n    \`\`\`\n    Successful requests: 10\n${'1. '.repeat(700)}\n    Total: 1\n    \`\`\`\n`;
    expect(checkLimits(text)).toMatchObject({ ruleId: 'nesting-too-deep', line: 6 });
    const a = analyze(text, 'edited.md');
    expect(a.report.messages.map((m) => m.ruleId)).toEqual(['nesting-too-deep']);
    // Still inside: the fence's own lines, indented as it is, and blank lines between them.
    expect(checkLimits(`# B\n\n!!! note\n    \`\`\`\n\n    ${'1. '.repeat(700)}\n    \`\`\`\n`)).toBeNull();
  });

  it('leaves every real page and write-up within the limits', () => {
    if (!hasCorpus) console.warn('limits: ../shared/corpus is absent; only the seed pages and the write-up fixtures are read');
    const files = [
      ...markdownFiles(SEED_PAGES),
      ...(hasCorpus ? markdownFiles(CORPUS) : []),
      ...markdownFiles(join(import.meta.dirname, '..', 'fixtures', 'essay-pages')),
    ];
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(checkLimits(readFileSync(f, 'utf8')), f).toBeNull();
  });
});

describe('inline limits (link labels and emphasis of one paragraph)', () => {
  const within = (text: string) => checkAll([analyze(text, 'inline.md')])[0];
  const cases: Array<[string, string, string, string]> = [
    // [what, page, rule id, what the message counts]
    [
      'emphasis nested 10,000 deep (crashed)',
      `# E\n\n${'*a '.repeat(10_000)}x${'*'.repeat(10_000)}\n`,
      'nesting-too-deep',
      'emphasis delimiters open at once',
    ],
    [
      'images nested 10,000 deep (over 120 s)',
      `# I\n\n${'!['.repeat(10_000)}a${'](x)'.repeat(10_000)}\n`,
      'nesting-too-deep',
      'link labels open at once',
    ],
    ['`[a](` repeated (33 s at 200k)', `# L\n\n${'[a]('.repeat(50_000)}\n`, 'inline-too-complex', 'link labels'],
    ['`[a][` repeated (a `[` left open each time)', `# L\n\n${'[a]['.repeat(50_000)}\n`, 'nesting-too-deep', 'link labels open at once'],
    ['`[a](b)` repeated', `# L\n\n${'[a](b) '.repeat(50_000)}\n`, 'inline-too-complex', 'link labels'],
    ['closers with no opener', `# C\n\n${'a* '.repeat(50_000)}\n`, 'inline-too-complex', 'emphasis delimiter runs'],
    ['underscores nested', `# U\n\n${'_a '.repeat(5_000)}x${'_'.repeat(5_000)}\n`, 'nesting-too-deep', 'emphasis delimiters open at once'],
  ];
  it.each(cases)('reports %s at its line and column, in bounded time', (_what, text, ruleId, counted) => {
    const t = performance.now();
    const report = within(text);
    const m = report.messages.find((x) => x.ruleId === ruleId);
    expect(m).toMatchObject({ file: 'inline.md', line: 3, severity: 'error' });
    expect(m?.message).toContain(counted);
    expect(m?.column).toBeGreaterThan(1);
    expect(report.messages.filter((x) => /internal-error/.test(x.ruleId))).toEqual([]);
    expect(performance.now() - t).toBeLessThan(5_000);
  });

  it('counts a paragraph across its lines, and starts afresh only where a new block surely starts', () => {
    const deep = (n: number) => `${'*a '.repeat(n)}x${' b*'.repeat(n)}`;
    // Over the limit on one line, or over several lines of one paragraph.
    expect(checkLimits(deep(LIMITS.emphasisDepth + 1))?.ruleId).toBe('nesting-too-deep');
    const lines = (prefix: string) => Array.from({ length: 40 }, () => `${prefix}${'*a '.repeat(4)}`).join('\n');
    for (const prefix of ['', '2. ', '#tag ', '    - ', '    # '])
      expect(checkLimits(`# P\n\n${lines(prefix)}\n`), JSON.stringify(prefix)).not.toBeNull();
    // Lines that are not a fence (an info string with a backtick, indented 4 columns) do not hide what follows.
    expect(checkLimits(`# P\n\n\`\`\`a\`b\n${deep(100)}\n`)).not.toBeNull();
    expect(checkLimits(`# P\n\ntext\n    \`\`\`\n${deep(100)}\n`)).not.toBeNull();
    // A fence opened in a list item ends with the item.
    expect(checkLimits(`# P\n\n- a\n\n  \`\`\`\n  code\n${deep(100)}\n`)).not.toBeNull();
    // A delimiter row under a header of other cells is no table: its lines are one paragraph.
    expect(checkLimits(`# P\n\na\n|-|-|\n${Array.from({ length: 40 }, () => `|${'*a '.repeat(4)}|`).join('\n')}\n`)).not.toBeNull();
    // What does start afresh: blank lines, headings, items, table rows, fenced code.
    expect(checkLimits(`# P\n\n${Array.from({ length: 40 }, () => '*a '.repeat(4)).join('\n\n')}\n`)).toBeNull();
    expect(checkLimits(`# P\n\n${Array.from({ length: 40 }, () => `- ${'*a '.repeat(4)}`).join('\n')}\n`)).toBeNull();
    expect(checkLimits(`# P\n\n${Array.from({ length: 40 }, () => `## ${'*a '.repeat(4)}`).join('\n')}\n`)).toBeNull();
    expect(
      checkLimits(
        `# P\n\n| a | b |\n|---|---|\n${Array.from({ length: 40 }, () => `| ${'*a '.repeat(4)} | ${'[x'.repeat(20)} |`).join('\n')}\n`,
      ),
    ).toBeNull();
    expect(checkLimits(`# P\n\n\`\`\`\`md\n\`\`\`\n${deep(100)}\n\`\`\`\`\n`)).toBeNull();
    // Escaped, closed and non-flanking ones do not count.
    expect(checkLimits(`# P\n\n${'\\[\\*'.repeat(2_000)} ${'**b** [c](d) '.repeat(200)} ${'a * b '.repeat(2_000)}\n`)).toBeNull();
  });
});

describe('hostile inline pages in a set (the CLI)', () => {
  it('reports each hostile page by name, at its line, and still checks the others (no crash, no hang)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-inline-'));
    const pages: Record<string, string> = {
      'emphasis.md': `# E\n\n${'*a '.repeat(10_000)}x${'*'.repeat(10_000)}\n`,
      'images.md': `# I\n\n${'!['.repeat(10_000)}a${'](x)'.repeat(10_000)}\n`,
      'links.md': `# L\n\n${'[a]('.repeat(50_000)}\n`,
      'fine.md': '# Fine\n\nA page with a [link](https://example.com) and *emphasis*.\n',
    };
    for (const [name, text] of Object.entries(pages)) writeFileSync(join(dir, name), text);
    const r = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs'), 'check', dir, '--no-cache', '--format', 'json'],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 60_000,
      },
    );
    expect(r.status, r.stderr).toBe(1);
    const reports = JSON.parse(r.stdout) as { files: Array<{ path: string; messages: Array<{ ruleId: string; line: number }> }> };
    const ids = (name: string) => reports.files.find((f) => f.path.endsWith(name))?.messages.map((m) => `${m.ruleId}:${m.line}`);
    expect(ids('emphasis.md')).toEqual(['nesting-too-deep:3']);
    expect(ids('images.md')).toEqual(['nesting-too-deep:3']);
    expect(ids('links.md')).toEqual(['inline-too-complex:3']);
    expect(ids('fine.md')).toEqual([]);
  });
});
