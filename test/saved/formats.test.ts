// The saved-result formats on their real files (test/fixtures/saved/real/, SOURCE.md in each): a report that links
// a file and states its output token throughput is verified against it at full precision, a wrong number is a
// mismatch naming the file and the pointer, and the number's mark leads to the field. For MLPerf, the summary pasted
// on the page and the same summary linked are one run (LoadGen prints no counts: the two agree on every value).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/lib/pipeline.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'saved', 'real');

const CASES = [
  {
    format: 'guidellm-json',
    file: 'guidellm-json/danielkorat-qwen3-4b-thinking-tp4-fp8-concurrent4-benchmarks.json',
    pointer: '/benchmarks/0/metrics/output_tokens_per_second/successful/mean',
  },
  {
    format: 'genai-perf-json',
    file: 'genai-perf-json/perf-analyzer-issue298-streaming.json',
    pointer: '/output_token_throughput/avg',
  },
  {
    format: 'mlperf-summary',
    file: 'mlperf-summary/ntuhpc-amd-mi325x-llama2-70b-server-mlperf_log_summary.txt',
    pointer: '/Completed tokens per second',
  },
] as const;

/** The value a pointer names in a file: a JSON pointer, or a label of a labelled text. */
function valueAt(text: string, pointer: string): number {
  if (!text.trimStart().startsWith('{')) {
    const label = pointer.slice(1);
    const line = text.split('\n').find((l) => l.startsWith(label) && /^\s*:/.test(l.slice(label.length)))!;
    return Number(line.slice(line.indexOf(':') + 1));
  }
  let v: unknown = JSON.parse(text);
  for (const key of pointer.split('/').slice(1)) v = Array.isArray(v) ? v[Number(key)] : (v as Record<string, unknown>)[key];
  return v as number;
}

function report(file: string, text: string, claim: string, extra = '') {
  const root = mkdtempSync(join(tmpdir(), 'perflab-saved-formats-'));
  const content = join(root, 'content');
  const name = file.split('/')[1];
  mkdirSync(join(content, 'm', 'results'), { recursive: true });
  writeFileSync(join(content, 'm', 'results', name), text);
  const source = `# Demo report\n\n## Experiments\n\n### 1. Baseline\n\nThe run, as the tool saved it: [result](results/${name}).\n\n${extra}${claim}\n`;
  writeFileSync(join(content, 'm', 'r.md'), source);
  return check([{ source, path: 'm/r.md', absolutePath: join(content, 'm', 'r.md') }])[0].report;
}

describe('saved-result formats on real files', () => {
  for (const c of CASES) {
    const text = readFileSync(join(REAL, c.file), 'utf8');
    const value = valueAt(text, c.pointer);
    const saved = `m/results/${c.file.split('/')[1]}`;

    it(`should verify a ${c.format} number stated at the page's precision against the file`, () => {
      const r = report(c.file, text, `The output token throughput of the baseline is ${value.toFixed(2)} tok/s.`);
      expect(r.runs.length).toBeGreaterThan(0);
      expect(r.runs[0].saved?.format).toBe(c.format);
      const claim = r.claims.find((x) => x.text.startsWith(value.toFixed(2)));
      expect(claim?.verdict).toBe('verified');
      expect(claim?.source?.saved).toEqual({ file: saved, pointer: c.pointer });
      expect(r.messages.filter((m) => m.severity === 'error')).toEqual([]);
    });

    it(`should flag a wrong ${c.format} number, naming the file and the pointer`, () => {
      const wrong = (value * 1.1).toFixed(2);
      const r = report(c.file, text, `The output token throughput of the baseline is ${wrong} tok/s.`);
      const m = r.messages.find((x) => x.ruleId === 'claim-mismatch');
      expect(m?.severity).toBe('error');
      expect(m?.message).toContain(`${saved}#${c.pointer} = ${String(value)}`);
    });
  }

  it('should take an MLPerf summary pasted and linked for one run, and another summary for another run', () => {
    const c = CASES[2];
    const text = readFileSync(join(REAL, c.file), 'utf8');
    const pasted = (t: string) => `\`\`\`text\n${t}\`\`\`\n\n`;
    const same = report(c.file, text, 'It completes the run.', pasted(text));
    expect(same.runs).toHaveLength(2);
    expect(same.runs[1].repeatOf).toBe(same.runs[0].id);
    expect(same.messages.filter((m) => m.severity !== 'info').map((m) => m.ruleId)).toEqual([]);
    // Another summary (another scenario, other values) pasted beside the file is a run of its own.
    const other = readFileSync(join(REAL, 'mlperf-summary/mlcommons-nvidia-h100-mixtral-server-mlperf_log_summary.txt'), 'utf8');
    const two = report(c.file, text, 'It completes the run.', pasted(other));
    expect(two.runs.map((r) => r.repeatOf)).toEqual([null, null]);
  });
});
