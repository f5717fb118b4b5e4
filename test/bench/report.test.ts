import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distBytes } from '../../scripts/bench/pages.mjs';
import { parseArgs } from '../../scripts/bench/args.mjs';
import { renderResults } from '../../scripts/bench/report.mjs';
import { summarize } from '../../scripts/bench/stats.mjs';

const build = (ms: number, rssMiB = 100) => ({
  ok: true,
  ms,
  rssMiB,
  steps: [
    { name: 'astro build', ok: true, ms: ms - 100 },
    { name: 'pagefind', ok: true, ms: 100 },
  ],
});
const result = {
  sources: 5,
  date: '2026-01-01',
  machine: { cores: 2, cpu: 'cpu', memGiB: 24, node: 'v20', os: 'linux' },
  versions: { mkdocs: 'mkdocs, version 1.4.2', hugo: 'hugo v0.111.3' },
  opts: { seed: 1, reps: 2, sizes: [30] },
  args: ['--sizes', '30', '--reps', '2'],
  hasTimeV: true,
  originalCheck: null,
  failures: [{ what: 'dev N=30 rep 2', error: 'edit not reflected', log: 'bench/work/n30/rep2.dev.log', tail: 'at /work/x/y.js' }],
  corpora: [
    {
      n: 30,
      bytes: 1_200_000,
      pages: 30,
      located: { htmlFiles: 35, reportPages: 30, url: '/reports/x/' },
      runs: [
        {
          rep: 1,
          perflab: { full: build(10_000) },
          mkdocs: { full: { ok: true, ms: 2_000, rssMiB: 80 } },
          hugo: { full: { ok: true, ms: 200, rssMiB: 70 } },
          bare: { full: { ok: true, ms: 4_000, rssMiB: 90 } },
        },
        {
          rep: 2,
          perflab: { full: build(12_000) },
          mkdocs: { full: { ok: true, ms: 2_000, rssMiB: 80 } },
          hugo: { full: { ok: true, ms: 200, rssMiB: 70 } },
          bare: { full: { ok: true, ms: 4_000, rssMiB: 90 } },
        },
      ],
    },
  ],
};

describe('bench results', () => {
  it('should take the median and range', () => {
    expect(summarize([3, 1, 2, null])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(summarize([])).toBeNull();
  });

  it('should put medians, ranges and ratios in the build table', () => {
    const md = renderResults(result, (p: string) => p);
    expect(md).toContain(
      '| 30 | 1.2 MB | 11.0 s [10.0–12.0] | 100 MiB | 2.00 s [2.00–2.00] | 80 MiB | 0.20 s [0.20–0.20] | 70 MiB | 4.00 s [4.00–4.00] | 90 MiB | 5.5× | 55.0× | 2.8× | 2.7× |',
    );
  });

  it('should list failures without absolute paths', () => {
    const md = renderResults(result, (p: string) => p);
    expect(md).toContain('**dev N=30 rep 2**: edit not reflected');
    expect(md).not.toMatch(/(^|[\s`(])\/work\//m);
  });

  it('should make smoke mode one repetition at N=30', () => {
    expect(parseArgs(['--smoke'])).toMatchObject({ sizes: [30], reps: 1, timeoutMin: 10 });
    expect(parseArgs(['--sizes', '30,300', '--reps=2'])).toMatchObject({ sizes: [30, 300], reps: 2 });
    expect(() => parseArgs(['--only', 'nope'])).toThrow(/--only/);
  });

  it('should state MkDocs above --mkdocs-max as extrapolated from the largest size it built, and the output size', () => {
    const big = {
      n: 10_000,
      bytes: 410_000_000,
      pages: 10_000,
      dist: { total: 2_000_000_000, files: 20_500, report: { pages: 10_000, bytes: 1_000_000_000, largest: 120_000 } },
      runs: [{ rep: 1, perflab: { full: build(600_000) } }],
    };
    const mid = {
      ...result.corpora[0],
      n: 3_000,
      runs: [{ rep: 1, perflab: { full: build(100_000) }, mkdocs: { full: { ok: true, ms: 150_000, rssMiB: 500 } } }],
    };
    const md = renderResults(
      { ...result, opts: { ...result.opts, mkdocsMax: 3000, bareMax: 3000 }, corpora: [mid, big] },
      (p: string) => p,
    );
    // 150 s for 3,000 reports: 500 s for 10,000; perflab's 600 s is 1.2 times that.
    expect(md).toContain("| 10000 | 410.0 MB | 600.0 s | 100 MiB | ≈ 500.0 s (not built; N=3000's time per report × N) |");
    expect(md).toContain('| ≈ 1.2× |');
    expect(md).toContain('| 10000 | 2000.0 MB | 20500 | 195.3 KiB | 10000 | 97.7 KiB | 117.2 KiB |');
    expect(parseArgs(['--mkdocs-max', '1000']).mkdocsMax).toBe(1000);
    // Bare Astro is not built above --bare-max, and the table says so rather than leaving a dash.
    expect(md).toMatch(/\| 10000 \|[^\n]*\| not built \(above --bare-max\) \|/);
    expect(parseArgs(['--bare-max', '300']).bareMax).toBe(300);
    expect(() => parseArgs(['--bare-max', 'x'])).toThrow(/--bare-max/);
    expect(parseArgs([]).sizes).toContain(10_000);
  });

  it('should count the bytes of a built site and of its report pages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-dist-'));
    try {
      mkdirSync(join(dir, 'reports', 'a', 'b'), { recursive: true });
      mkdirSync(join(dir, 'models', 'm'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), 'x'.repeat(10));
      writeFileSync(join(dir, 'reports', 'a', 'b', 'index.html'), 'x'.repeat(300));
      writeFileSync(join(dir, 'reports', 'a', 'index.html'), 'x'.repeat(100));
      writeFileSync(join(dir, 'reports', 'a', 'b.md'), 'x'.repeat(7));
      writeFileSync(join(dir, 'models', 'm', 'index.html'), 'x'.repeat(50));
      expect(distBytes(dir)).toEqual({ total: 467, files: 5, report: { pages: 2, bytes: 400, largest: 300 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
