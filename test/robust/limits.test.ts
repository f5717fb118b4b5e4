import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lib/pipeline.js';
import { checkLimits, LIMITS } from '../../src/lib/limits.js';

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

  it('leaves pages within the limits alone', () => {
    let text = '# Fine\n\n';
    for (let d = 0; d < LIMITS.admonitionDepth; d++) text += `${'    '.repeat(d)}!!! note\n`;
    expect(checkLimits(text)).toBeNull();
    expect(checkLimits('    !!!x\n'.repeat(100))).toBeNull();
  });
});
