// `perflab new`: a report skeleton from real saved result files, which `perflab check` passes; it never writes over
// a file, and refuses a result file its report could not link.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');
const REAL = join(import.meta.dirname, '..', 'fixtures', 'saved', 'real');

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-new-'));
  for (const [to, from] of Object.entries(files)) {
    mkdirSync(join(dir, to, '..'), { recursive: true });
    copyFileSync(join(REAL, from), join(dir, to));
  }
  return dir;
}

const run = (cwd: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};

describe('perflab new', () => {
  it.each([
    [
      'two vLLM results, one run each',
      { 'results/default.json': 'vllm-result/er0080-bench_serve_v0.25.1.json', 'results/tuned.json': 'vllm-result/er0080-sweep-run0.json' },
    ],
    ['an SGLang rate sweep in one JSON Lines file', { 'results/s.jsonl': 'sglang-jsonl/datacrunch-llama33-70b-online-outputs.jsonl' }],
    [
      'two llama-bench JSON Lines files of the same tests',
      {
        'results/cpu.jsonl': 'llama-bench/jimliddle-standard-llama-cpu.jsonl',
        'results/gpu.jsonl': 'llama-bench/jimliddle-standard-llama-metal.jsonl',
      },
    ],
    [
      'two genai-perf exports, without and with streaming',
      {
        'results/no-streaming.json': 'genai-perf-json/perf-analyzer-issue298-no-streaming.json',
        'results/streaming.json': 'genai-perf-json/perf-analyzer-issue298-streaming.json',
      },
    ],
    ['a guidellm report', { 'results/sweep.json': 'guidellm-json/danielkorat-qwen3-4b-thinking-tp4-fp8-concurrent4-benchmarks.json' }],
    [
      'a LoadGen summary',
      { 'results/server-mlperf_log_summary.txt': 'mlperf-summary/ntuhpc-amd-mi325x-llama2-70b-server-mlperf_log_summary.txt' },
    ],
  ])('should write a skeleton from %s that perflab check passes with every number verified', (_what, files) => {
    const dir = project(files);
    const made = run(dir, 'new', ...Object.keys(files));
    expect(made.status, made.out).toBe(0);
    expect(made.out).toMatch(/wrote report\.md: \d+ runs? from \d files?, (\d+) of \1 numbers verified, 0 errors/);
    const page = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(page).toMatch(/^# Optimizing .+ Throughput on \?\n/);
    for (const section of ['## Conclusion', '## Experimental Setup', '### Hardware', '## Experiment Results'])
      expect(page).toContain(section);
    for (const file of Object.keys(files)) expect(page).toContain(`](${file})`);
    const checked = run(dir, 'check', '--no-cache', '--format', 'json', 'report.md');
    expect(checked.status, checked.out).toBe(0);
    const json = JSON.parse(checked.out.slice(0, checked.out.lastIndexOf('}') + 1)) as {
      files: Array<{ runs: unknown[]; claims: Array<{ verdict: string }>; messages: Array<{ severity: string }> }>;
    };
    const [report] = json.files;
    expect(report.runs.length).toBeGreaterThan(0);
    expect(report.claims.length).toBeGreaterThan(0);
    expect(report.claims.every((c) => c.verdict === 'verified')).toBe(true);
    expect(report.messages.filter((m) => m.severity !== 'info')).toEqual([]);
  });

  it('should put a file given as --baseline first, compared against the others', () => {
    const dir = project({ 'r/a.json': 'vllm-result/er0080-bench_serve_v0.25.1.json', 'r/b.json': 'vllm-result/er0080-sweep-run0.json' });
    expect(run(dir, 'new', '--baseline', 'r/b.json', 'r/a.json').status).toBe(0);
    const page = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(page).toContain('| Benchmark Case | Baseline (b) | Optimized |');
    expect(page.indexOf('](r/b.json)')).toBeLessThan(page.indexOf('](r/a.json)'));
  });

  it('should link a file whose name has blanks and parentheses', () => {
    const dir = project({
      'r/default.json': 'vllm-result/er0080-bench_serve_v0.25.1.json',
      'r/tuned (v2).json': 'vllm-result/er0080-sweep-run0.json',
    });
    const made = run(dir, 'new', 'r/default.json', 'r/tuned (v2).json');
    expect(made.out).toContain('wrote report.md: 2 runs from 2 files');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('](r/tuned%20%28v2%29.json)');
    expect(run(dir, 'check', '--no-cache', 'report.md').status).toBe(0);
  });

  it('should never write over a file, nor link a file out of the report folder', () => {
    const dir = project({ 'r/a.json': 'vllm-result/er0080-sweep-run0.json' });
    writeFileSync(join(dir, 'report.md'), 'mine\n');
    const over = run(dir, 'new', 'r/a.json');
    expect(over.status).toBe(2);
    expect(over.out).toContain('never overwrites');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe('mine\n');
    const out = run(dir, 'new', '--out', 'r/sub/page.md', 'r/a.json');
    expect(out.status).toBe(2);
    expect(out.out).toContain("must be in the report's folder or below it");
    expect(existsSync(join(dir, 'r', 'sub', 'page.md'))).toBe(false);
  });
});
