import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { checkLimits, LIMITS } from '../../src/lib/limits.js';
import { CONTENT, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

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

  it('leaves every real page and write-up within the limits', () => {
    if (!hasCorpus) console.warn('limits: ../shared/corpus is absent; only content/ and the write-up fixtures are read');
    const files = [
      ...markdownFiles(CONTENT),
      ...(hasCorpus ? markdownFiles(CORPUS) : []),
      ...markdownFiles(join(import.meta.dirname, '..', 'fixtures', 'essay-pages')),
    ];
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(checkLimits(readFileSync(f, 'utf8')), f).toBeNull();
  });
});
