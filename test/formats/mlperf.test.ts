/**
 * The tenth format, MLPerf Inference LoadGen's summary, pasted on a page as the harness prints it: the real
 * `mlperf_log_summary.txt` files of test/fixtures/saved/real/mlperf-summary (SOURCE.md says where each is from), one
 * run each, every value at its own line and column, the scenario's throughput under the names the other formats
 * use, nothing of the summary left unread and nothing reported against a genuine one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/lib/model/command.js';
import { check } from '../../src/lib/pipeline.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'saved', 'real', 'mlperf-summary');
const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

const pasted = (text: string) => `# LoadGen\n\n## Result\n\n\`\`\`text\n${text}\`\`\`\n`;

function page(text: string) {
  const source = pasted(text);
  return { source, report: check([{ source, path: 'm/r.md' }])[0].report };
}

describe('mlperf: a pasted LoadGen summary', () => {
  for (const name of files) {
    it(`should read ${name} as one run, each value at its place, with no finding`, () => {
      const { source, report } = page(readFileSync(join(DIR, name), 'utf8'));
      expect(report.messages.filter((m) => m.severity !== 'info').map((m) => `${m.ruleId}: ${m.message}`)).toEqual([]);
      expect(report.messages.map((m) => m.ruleId)).not.toContain('benchmark-unknown-metric');
      expect(report.runs).toHaveLength(1);
      const [run] = report.runs;
      expect(run.format).toBe('mlperf');
      const lines = source.split('\n');
      for (const m of Object.values(run.metrics)) expect(lines[m.line - 1].slice(m.column - 1).trimEnd()).toBe(m.text);
      expect(run.metrics.mean_latency_ns.unit).toBe('ns');
      expect(run.metrics.result.text).toBe('VALID');
      const scenario = run.metrics.scenario.text;
      expect(['Offline', 'Server', 'SingleStream']).toContain(scenario);
      // The scenario's throughput is the request throughput, LLM runs' tokens the output token throughput.
      expect(run.metrics.request_throughput?.value).toBeGreaterThan(0);
      if (/llama2|mixtral|gptj/.test(name)) expect(run.metrics.output_token_throughput?.value).toBeGreaterThan(0);
      if (scenario === 'Server') expect(run.metrics.p99_ttft_ns?.value).toBeGreaterThan(0);
    });
  }

  it('should read a summary cut after its first section as one complete run', () => {
    const text = readFileSync(
      join(
        DIR,
        files.find((f) => f.includes('offline'))!,
      ),
      'utf8',
    );
    const { report } = page(text.slice(0, text.indexOf('Additional Stats')));
    expect(report.runs).toHaveLength(1);
    expect(report.messages.filter((m) => m.severity !== 'info')).toEqual([]);
  });

  it('should flag a restated throughput that differs from the first', () => {
    const text = readFileSync(
      join(
        DIR,
        files.find((f) => f.includes('server'))!,
      ),
      'utf8',
    );
    const first = /Completed tokens per second: ([\d.]+)/.exec(text)![1];
    const edited = text.replace(/(Completed tokens per second +: )[\d.]+/, '$1 12345.67');
    const { report } = page(edited);
    expect(text).toContain(first);
    expect(report.messages.map((m) => m.ruleId)).toContain('benchmark-ambiguous-metric');
  });

  it('should know the harness command by its scenario flag', () => {
    expect(parseCommand('python3 main.py --scenario Server --model-path /models/mixtral --mlperf-conf mlperf.conf', 1)?.tool).toBe(
      'mlperf-loadgen',
    );
  });
});
