/**
 * Structural variants of real pages, built here from the pages themselves: the same runs and the same numbers,
 * laid out differently (experiments grouped engine-first with each option as an `####` heading, summary rows in
 * another order). A variant that changes no number must raise no `claim-mismatch` the page itself does not raise;
 * a perturbed percentage must still raise one.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

function check(text: string, path: string): Report {
  return checkAll([analyze(text, path)])[0];
}

/** The texts of the page's claim-mismatch errors (lines move in a variant; the stated texts do not). */
function mismatches(report: Report): string[] {
  return report.messages
    .filter((m) => m.ruleId === 'claim-mismatch')
    .map((m) => /^Unexpected `([^`]*)`/.exec(m.message)?.[1] ?? m.message)
    .sort();
}

/** The line span [from, to) of each experiment section, to the next heading of depth 3 or less. */
function sections(report: Report): Array<{ from: number; to: number; engine: string }> {
  const stops = report.headings.filter((h) => h.depth <= 3).map((h) => h.line);
  return report.experiments.map((e) => ({
    from: e.line,
    to: stops.find((l) => l > e.line) ?? Number.MAX_SAFE_INTEGER,
    engine: e.variants.find((v) => v.engine)?.engine ?? 'Other engine',
  }));
}

/** Engine-first: one `### <engine>` per engine, each experiment of it below as `#### <its heading>`. */
function engineFirst(text: string, report: Report): string | null {
  const lines = text.split('\n');
  const secs = sections(report).filter((s) => /^###\s/.test(lines[s.from - 1] ?? ''));
  if (secs.length < 2) return null;
  const first = secs[0].from - 1;
  const last = Math.min(secs.at(-1)!.to - 1, lines.length);
  const engines = [...new Set(secs.map((s) => s.engine))];
  const body = engines.flatMap((engine) => [
    `### ${engine}`,
    '',
    ...secs
      .filter((s) => s.engine === engine)
      .flatMap((s) => {
        const part = lines.slice(s.from - 1, Math.min(s.to - 1, lines.length));
        return [part[0].replace(/^###\s+(\d+\.\s*)?/, '#### '), ...part.slice(1)];
      }),
  ]);
  return [...lines.slice(0, first), ...body, ...lines.slice(last)].join('\n');
}

/** The summary-of-options table with its body rows in reverse order. */
function reorderSummary(text: string): string | null {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^#{2,4}\s.*summary of optimization/i.test(l));
  if (at < 0) return null;
  const start = lines.findIndex((l, i) => i > at && l.startsWith('|'));
  if (start < 0) return null;
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const rows = lines.slice(start + 2, end);
  if (rows.length < 2) return null;
  return [...lines.slice(0, start + 2), ...rows.reverse(), ...lines.slice(end)].join('\n');
}

/** The conclusion's first `(+x%)` raised by 7 points: a wrong number whatever the layout. */
function perturbConclusion(text: string): { text: string; wrong: string } | null {
  const m = /\(\+(\d+\.\d)%\)/.exec(text);
  if (!m) return null;
  const wrong = `+${(Number(m[1]) + 7).toFixed(1)}%`;
  return { text: text.slice(0, m.index) + `(${wrong})` + text.slice(m.index + m[0].length), wrong };
}

const pages = [
  ...markdownFiles(SEED_PAGES).map((f) => ({ f, root: SEED_PAGES })),
  ...markdownFiles(CORPUS).map((f) => ({ f, root: CORPUS })),
];
if (!hasCorpus) console.warn('SKIPPED: page variants of the corpus need ../shared/corpus');

describe('structural variants of real pages', () => {
  for (const { f, root } of pages) {
    const path = relative(root, f);
    const text = readFileSync(f, 'utf8');
    const report = check(text, path);
    if (report.kind !== 'report') continue;
    const own = mismatches(report);
    const variants: Array<[string, string | null]> = [
      ['engine-first', engineFirst(text, report)],
      ['summary rows reordered', reorderSummary(text)],
    ];
    for (const [name, variant] of variants) {
      if (variant === null) continue;
      it(`${path} (${name}): no claim-mismatch the page itself does not raise`, () => {
        expect(variant).not.toBe(text);
        const got = mismatches(check(variant, path));
        expect(got.filter((t) => !own.includes(t))).toEqual([]);
      });
      const bad = perturbConclusion(variant);
      if (bad) {
        it(`${path} (${name}): a perturbed percentage is still claim-mismatch`, () => {
          expect(mismatches(check(bad.text, path))).toContain(bad.wrong);
        });
      }
    }
  }

  it('should build an engine-first variant whose options are #### headings under engine headings', () => {
    const text = readFileSync(`${SEED_PAGES}/qwen3-32b/h100.md`, 'utf8');
    const variant = engineFirst(text, check(text, 'qwen3-32b/h100.md'))!;
    const report = check(variant, 'qwen3-32b/h100.md');
    expect(report.headings.filter((h) => h.depth === 3).map((h) => h.text)).toEqual(expect.arrayContaining(['vLLM', 'TensorRT-LLM']));
    expect(report.headings.some((h) => h.depth === 4 && /Quantization/.test(h.text))).toBe(true);
    // The same runs, read under the new headings.
    expect(report.runs.length).toBe(check(text, 'qwen3-32b/h100.md').runs.length);
  });

  it('should still find a wrong chain step on the page in its own order', () => {
    const text = readFileSync(`${SEED_PAGES}/qwen3-32b/h100.md`, 'utf8');
    const wrong = text.replace(
      /(\| Quantization\s*\|[^\n]*?)\+(\d+\.\d)%/,
      (_m, head: string, v: string) => `${head}+${(Number(v) + 9).toFixed(1)}%`,
    );
    expect(wrong).not.toBe(text);
    const report = check(wrong, 'qwen3-32b/h100.md');
    expect(report.messages.some((m) => m.ruleId === 'claim-mismatch' && /Unexpected `\+59\.6%`/.test(m.message))).toBe(true);
  });
});
