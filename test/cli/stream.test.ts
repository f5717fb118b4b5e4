// `perflab check` in text and JSON lets each page go once it is checked (src/lib/cli/stream.ts), keeping only the
// views the cross-page checks read (`PageView`, src/lib/claims/verify/view.ts). Its output must be the one of the check that holds
// every page (`checkShared`): the same stdout byte for byte, exit code, advice and summary counts.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkShared } from '../../src/lib/cli/check.js';
import { checkStreamed } from '../../src/lib/cli/stream.js';
import { pageView } from '../../src/lib/pipeline.js';
import { pageViewSchema } from '../../src/lib/schemas/report.js';
import { valueOf } from '../../src/lib/claims/verify/sources.js';
import { rules } from '../../src/lib/rules/index.js';
import { SEED_PAGES, CORPUS, hasCorpus, page } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');
if (!hasCorpus) console.warn('cli stream: ../shared/corpus is absent; comparing on the seed pages and the cross-page pages only');

/**
 * Pages that exercise what the streamed check keeps of the others: every cross-page rule's examples with their
 * context page, a real page twice (the same runs and numbers on two pages), links to another page's headings (one
 * missing, one present) and a page too large to read (a finding of the listing).
 */
function crossPages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-stream-'));
  for (const rule of rules) {
    if (!rule.examples.context) continue;
    mkdirSync(join(dir, rule.id));
    writeFileSync(join(dir, rule.id, rule.examples.notOkPath ?? 'not-ok.md'), rule.examples.notOk);
    writeFileSync(join(dir, rule.id, 'context.md'), rule.examples.context);
  }
  mkdirSync(join(dir, 'twice'));
  copyFileSync(join(SEED_PAGES, 'qwen3-14b', 'h100.md'), join(dir, 'twice', 'first.md'));
  copyFileSync(join(SEED_PAGES, 'qwen3-14b', 'h100.md'), join(dir, 'twice', 'second.md'));
  writeFileSync(
    join(dir, 'twice', 'links.md'),
    '# Links\n\nSee [the conclusion](first.md#conclusion), [a missing part](second.md#conclusions) and [none](third.md).\n',
  );
  writeFileSync(join(dir, 'big.md'), `# Big\n\n${'word '.repeat(250_000)}\n`);
  return dir;
}

const dir = crossPages();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('should print what the check holding every page prints, on the real pages and cross-page cases', async () => {
  const paths = [SEED_PAGES, dir, ...(hasCorpus ? [CORPUS] : [])];
  for (const format of ['json', 'text'] as const) {
    const options = { format, cwd: ROOT, cache: false };
    const held = await checkShared(paths, options);
    let out = '';
    const streamed = await checkStreamed(paths, options, (text) => (out += text));
    expect(out).toBe(held.output);
    expect(streamed.exitCode).toBe(held.exitCode);
    expect(streamed.advice).toBe(held.advice);
    const counts = (summary: string) => summary.replace(/ \([\d.]+ MB in .*$/, '');
    expect(counts(streamed.summary)).toBe(counts(held.summary));
    expect(streamed.warnings).toBe(
      held.reports.flatMap((r) => r.messages).filter((m) => m.severity === 'warning' && !m.acknowledged).length,
    );
    // The cases above reach the cross-page rules and the listing.
    const ids = new Set(held.reports.flatMap((r) => r.messages.map((m) => m.ruleId)));
    for (const id of [
      'duplicate-block-across-pages',
      'claim-other-page',
      'route-collision',
      'anchor-missing',
      'link-unresolved',
      'page-too-large',
    ])
      expect(ids, id).toContain(id);
  }
}, 120_000);

it('should keep of a page only what other pages are checked against, far smaller than its runs', () => {
  const a = page('qwen3-14b/h100.md');
  const full = { path: a.report.path, headings: a.report.headings, runs: a.report.runs };
  const view = pageView(full);
  // The declared shape, and nothing beside it.
  expect(pageViewSchema.strict().safeParse(view).success).toBe(true);
  expect(view.path).toBe(full.path);
  expect(view.headings).toEqual(full.headings.map((h) => ({ slug: h.slug, text: h.text })));
  expect(view.runs.map((r) => [r.id, r.line, r.failed, r.fingerprint])).toEqual(
    full.runs.map((r) => [r.id, r.line, r.failed, r.fingerprint]),
  );
  // A run keeps the values its stated numbers are looked up by on other pages, as the verification reads them there.
  for (const [i, run] of view.runs.entries()) {
    for (const [name, v] of Object.entries(run.values)) {
      const found = valueOf(full.path, full.runs[i], name)!;
      expect(v).toMatchObject({ value: found.operand.value, decimals: found.operand.decimals, line: found.source.line });
      expect(v.formula ?? null).toBe(found.formula);
      expect(v.metric ?? name).toBe(found.source.metric);
    }
  }
  expect(view.runs.some((r) => Object.keys(r.values).length > 0)).toBe(true);
  expect(JSON.stringify(view).length * 4).toBeLessThan(JSON.stringify(full).length);
});
