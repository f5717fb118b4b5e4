// /verification/ in words: a message without raw backticks or build paths, its `line N` linked to the raw line, counts
// with the right plural, and findings grouped (numbers, runs and commands, page structure) most severe first.
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../src/lib/schemas/claim.js';
import type { ListedEntry } from '../../src/lib/site/entry.js';
import {
  bySeverity,
  findingCount,
  findingGroup,
  findingLabel,
  findings,
  groupedFindings,
  lineHref,
  messageParts,
  type NamedPage,
  namedPage,
  type Finding,
} from '../../src/lib/site/findings.js';

const source = (path: string, runId: string, line: number) => ({ path, line, metric: 'total_token_throughput', runId });
/** A page with one run (lines 40-52) and a claim that reads its metric line 48. */
const entry = (path: string, title: string): ListedEntry =>
  ({
    path,
    slug: path.replace(/\.md$/, ''),
    title,
    runs: [{ id: 'run-L40', line: 40, endLine: 52 }],
    claims: [{ source: source(path, 'run-L40', 48), sources: [] } as unknown as Claim],
    site: {
      url: `/reports/${path.replace(/\.md$/, '')}/`,
      sourcePath: `content/${path}`,
      headings: [{ depth: 2, text: 'Setup', slug: 'setup', line: 10 }],
    },
  }) as unknown as ListedEntry;
const a = entry('a/h100.md', 'Optimizing A on H100');
const b = entry('b/h200.md', 'Optimizing B on H200');

const finding = (over: Partial<Finding>): Finding => ({
  report: 'a/h100',
  line: 1,
  column: 1,
  severity: 'warning',
  ruleId: 'image-missing',
  message: '',
  acknowledged: null,
  href: '/reports/a/h100/',
  grade: null,
  ...over,
});

describe('a finding in words', () => {
  it('should show quoted text as code, never as backticks', () => {
    const parts = messageParts('Unexpected `+10.7%`, expected `+46.8%` from (4 / 2 - 1) x 100', [a].map(namedPage), a);
    expect(parts.filter((p) => 'code' in p)).toEqual([{ code: '+10.7%' }, { code: '+46.8%' }]);
    expect(parts.some((p) => 'text' in p && p.text.includes('`'))).toBe(false);
  });

  it('should link `line N` to the metric line a claim reads, else to the run, else to the section', () => {
    expect(lineHref(a, 48)).toBe('/reports/a/h100/#run-L40-m48');
    expect(lineHref(a, 45)).toBe('/reports/a/h100/#run-L40');
    expect(lineHref(a, 40)).toBe('/reports/a/h100/#run-L40');
    expect(lineHref(a, 20)).toBe('/reports/a/h100/#setup');
    expect(lineHref(a, 3)).toBe('/reports/a/h100/');
    const parts = messageParts('expected `1` from x (line 48)', [a].map(namedPage), a);
    expect(parts).toContainEqual({ text: 'line 48', href: '/reports/a/h100/#run-L40-m48' });
  });

  it("should name another report by its title, and link its line to that report's line", () => {
    for (const path of ['b/h200.md', 'content/b/h200.md', '../shared/b/h200.md']) {
      const parts = messageParts(
        `\`8424.86\` is printed by no run of this page but by a run of ${path} (line 48)`,
        [a, b].map(namedPage),
        a,
      );
      const shown = parts.map((p) => ('code' in p ? p.code : p.text)).join('');
      expect(shown).not.toContain('.md');
      expect(parts).toContainEqual({ text: 'Optimizing B on H200', href: '/reports/b/h200/' });
      expect(parts).toContainEqual({ text: 'line 48', href: '/reports/b/h200/#run-L40-m48' });
    }
  });

  it('should find the report a message names among many whose names share endings and lengths', () => {
    // 20,000 pages named like a large site's: the one named is found, and none whose name only ends the same way.
    const many = Array.from({ length: 20_000 }, (_, i): NamedPage => ({
      path: `m${i}/h${i % 7}00.md`,
      sourcePath: `content/m${i}/h${i % 7}00.md`,
      url: `/reports/m${i}/h${i % 7}00/`,
      title: `Report ${i}`,
      entry: () => a,
    }));
    const pages = [...many, namedPage(b)];
    const parts = messageParts('also printed by m123/h400.md (line 7) and by b/h200.md', pages, a);
    expect(parts.filter((p) => 'href' in p).map((p) => (p as { text: string }).text)).toEqual([
      'Report 123',
      'line 7',
      'Optimizing B on H200',
    ]);
    expect(messageParts('a path without a page: x/h900.md', pages, a)).toEqual([{ text: 'a path without a page: x/h900.md' }]);
  });

  it('should count with the right plural', () => {
    expect(findingCount([finding({})])).toBe('1 finding');
    expect(findingCount([finding({}), finding({ severity: 'error' })])).toBe('2 findings (1 error)');
    expect(findingCount([finding({ severity: 'error', acknowledged: 'kept' })])).toBe('1 finding');
  });
});

describe('the label of a finding', () => {
  const message = (ruleId: string, severity: 'error' | 'warning', acknowledged = false) => ({
    line: 48,
    column: 3,
    ruleId,
    severity,
    message: 'x',
    ...(acknowledged ? { acknowledged: { reason: 'kept as published' } } : {}),
  });
  const page = { ...a, messages: [], site: { ...a.site, problems: [] } } as unknown as ListedEntry;
  const label = (m: ReturnType<typeof message>) => findingLabel(findings({ ...page, messages: [m] } as unknown as ListedEntry)[0]);

  it('should name the grade of a number the way its mark does', () => {
    expect(label(message('claim-mismatch', 'error'))).toEqual({ icon: '≠', text: 'Wrong number', tone: 'bad' });
    expect(label(message('claim-rounding', 'warning'))).toEqual({ icon: '±', text: 'Last digit off', tone: 'warn' });
    expect(label(message('claim-untraceable', 'warning'))).toEqual({ icon: '?', text: 'Untraceable', tone: 'warn' });
  });

  it('should say acknowledged only of an acknowledged finding, and error or warning otherwise', () => {
    expect(label(message('claim-mismatch', 'error', true))).toEqual({ icon: '!', text: 'Acknowledged error', tone: 'muted' });
    expect(label(message('claim-other-page', 'error'))).toEqual({ icon: '✕', text: 'Error', tone: 'bad' });
    expect(label(message('image-missing', 'warning'))).toEqual({ icon: '⚠', text: 'Warning', tone: 'warn' });
  });
});

describe('findings grouped and sorted', () => {
  it('should put stated numbers apart from runs and from page structure', () => {
    expect(findingGroup({ ruleId: 'claim-mismatch' })).toBe('numbers');
    expect(findingGroup({ ruleId: 'claim-rounding' })).toBe('numbers');
    expect(findingGroup({ ruleId: 'compared-runs-differ' })).toBe('runs');
    expect(findingGroup({ ruleId: 'admonition-flattened' })).toBe('structure');
    expect(findingGroup({ ruleId: 'link-unresolved' })).toBe('structure');
  });

  it('should order each group by severity, then grade, then line, acknowledged last', () => {
    const list = [
      finding({ ruleId: 'claim-rounding', line: 5, grade: 'rounding' }),
      finding({ ruleId: 'claim-mismatch', line: 30, severity: 'error', grade: 'mismatch', acknowledged: 'kept' }),
      finding({ ruleId: 'claim-untraceable', line: 9, grade: 'untraceable' }),
      finding({ ruleId: 'claim-mismatch', line: 20, severity: 'error', grade: 'mismatch' }),
      finding({ ruleId: 'image-missing', line: 2 }),
    ];
    const groups = groupedFindings(list);
    expect(groups.map((g) => g.group)).toEqual(['numbers', 'structure']);
    expect(groups[0].findings.map((f) => f.line)).toEqual([20, 9, 5, 30]);
    expect([...list].sort(bySeverity)[0].line).toBe(20);
  });
});
