// A report that links a saved result file: the file's runs are the page's, placed at the link; the claims resolve
// to them at full precision and the message names the file and the JSON pointer; a file refused or not read as a
// result says why at the link; a cache of the page holds only while the file is unchanged.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/lib/pipeline.js';
import { MAX_SAVED_BYTES } from '../../src/lib/saved/read.js';
import { RESULT } from './result.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'perflab.mjs');

const page = (link: string, claim: string) => `# Optimizing Demo-8B Throughput on H100

## Experiments

### 1. Baseline

The run, as the benchmark saved it: [result](${link}).

${claim}
`;

/** A content folder holding one page (`m/r.md`) and the given files below the folder. */
function folder(source: string, files: Record<string, string> = {}): { root: string; content: string; pagePath: string } {
  const root = mkdtempSync(join(tmpdir(), 'perflab-saved-'));
  const content = join(root, 'content');
  mkdirSync(join(content, 'm'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(content, name, '..'), { recursive: true });
    writeFileSync(join(content, name), text);
  }
  writeFileSync(join(content, 'm', 'r.md'), source);
  return { root, content, pagePath: join(content, 'm', 'r.md') };
}

function checked(source: string, files: Record<string, string> = {}) {
  const f = folder(source, files);
  const [{ report }] = check([{ source, path: 'm/r.md', absolutePath: f.pagePath }]);
  return report;
}

const ids = (report: ReturnType<typeof checked>) => report.messages.map((m) => m.ruleId);

describe('a report linking a saved result', () => {
  it('should take the file runs as its own, placed at the link, with the model the file names', () => {
    const report = checked(page('results/r.json', 'The baseline gives 2812.5 tok/s of output.'), {
      'm/results/r.json': JSON.stringify(RESULT),
    });
    expect(report.runs).toHaveLength(1);
    const run = report.runs[0];
    expect(run.line).toBe(7);
    expect(run.saved).toMatchObject({ file: 'm/results/r.json', format: 'vllm-result', url: 'results/r.json' });
    expect(run.context.model).toBe('demo/Demo-8B');
    expect(run.context.engine).toBe('vLLM');
    expect(run.setup).toMatchObject({ maxConcurrency: 64, numPrompts: 1000, model: 'demo/Demo-8B' });
    expect(report.savedFiles).toMatchObject([
      { link: 'results/r.json', file: 'm/results/r.json', formats: ['vllm-result'], runs: [run.id] },
    ]);
    expect(report.savedFiles?.[0].digest).toMatch(/^[0-9a-f]{64}$/);
    const claim = report.claims.find((c) => c.text.startsWith('2812.5'));
    expect(claim?.verdict).toBe('verified');
    expect(ids(report)).not.toContain('site-link-unpublished');
  });

  it('should judge a stated number at full precision and name the file and pointer in the message', () => {
    const report = checked(page('results/r.json', 'The output token throughput of the baseline is 2790 tok/s.'), {
      'm/results/r.json': JSON.stringify(RESULT),
    });
    const m = report.messages.find((x) => x.ruleId === 'claim-mismatch');
    expect(m?.message).toContain('m/results/r.json#/output_throughput = 2812.5');
    expect(m?.message).toContain('the saved result linked on line 7');
    expect(m?.message).toContain('expected `2813 tok/s`');
    const claim = report.claims.find((c) => c.text === '2790 tok/s');
    expect(claim?.source?.saved).toEqual({ file: 'm/results/r.json', pointer: '/output_throughput' });
  });

  it('should say at the link why a file cannot be read, with the file line, column and pointer', () => {
    const whole = JSON.stringify(RESULT, null, 2);
    const cut = whole.slice(0, whole.indexOf('"mean_tpot_ms"') + 5);
    const report = checked(page('results/r.json', ''), { 'm/results/r.json': cut });
    const m = report.messages.find((x) => x.ruleId === 'saved-result-unreadable');
    expect(m).toMatchObject({ severity: 'error', line: 7 });
    expect(m?.message).toMatch(/m\/results\/r\.json:\d+:\d+/);
    // What was read before the cut is kept as a run.
    expect(report.runs).toHaveLength(1);
  });

  it('should warn of an object no format knows and give it no run', () => {
    const report = checked(page('results/r.json', ''), { 'm/results/r.json': '{"editor.tabSize": 2}' });
    expect(ids(report)).toContain('saved-result-unknown');
    expect(report.runs).toEqual([]);
  });

  it('should refuse a directory, a file over the size limit and a link out of the folder', () => {
    const f = folder(page('a.json', '[b](b.json) [c](c.json)'));
    mkdirSync(join(f.content, 'm', 'a.json'));
    writeFileSync(join(f.content, 'm', 'b.json'), '');
    truncateSync(join(f.content, 'm', 'b.json'), MAX_SAVED_BYTES + 1);
    writeFileSync(join(f.root, 'secret.json'), JSON.stringify(RESULT));
    symlinkSync(join(f.root, 'secret.json'), join(f.content, 'm', 'c.json'));
    const source = page('a.json', '[b](b.json) [c](c.json)');
    const [{ report }] = check([{ source, path: 'm/r.md', absolutePath: f.pagePath }]);
    const said = report.messages.filter((m) => m.ruleId === 'saved-result-unreadable').map((m) => m.message);
    expect(said).toHaveLength(3);
    expect(said[0]).toContain('not a regular file');
    expect(said.some((s) => s.includes('over the') && s.includes('limit'))).toBe(true);
    expect(said.some((s) => s.includes('leads out of the content folder'))).toBe(true);
    expect(report.runs).toEqual([]);
  });

  it('should not read a file outside the content folder, and leave the link to link-unresolved', () => {
    const f = folder(page('../../outside.json', ''));
    writeFileSync(join(f.root, 'outside.json'), JSON.stringify(RESULT));
    const [{ report }] = check([{ source: page('../../outside.json', ''), path: 'm/r.md', absolutePath: f.pagePath }]);
    expect(report.runs).toEqual([]);
    expect(ids(report)).toContain('link-unresolved');
  });

  it('should follow no link on a page read from memory', () => {
    const [{ report }] = check([{ source: page('results/r.json', ''), path: 'm/r.md' }]);
    expect(report.runs).toEqual([]);
  });

  it('should check the page again when its saved file changes or appears, the cache on', () => {
    const f = folder(page('results/r.json', 'The output token throughput of the baseline is 2812.5 tok/s.'));
    const run = () => {
      const r = spawnSync(process.execPath, [BIN, 'check', 'content'], { cwd: f.root, encoding: 'utf8' });
      return { stdout: `${r.stdout}${r.stderr}` };
    };
    expect(run().stdout).toContain('0 runs');
    writeFileSync(join(f.content, 'm', 'results.json'), '');
    mkdirSync(join(f.content, 'm', 'results'));
    writeFileSync(join(f.content, 'm', 'results', 'r.json'), JSON.stringify(RESULT));
    const second = run();
    expect(second.stdout).toContain('1 run');
    expect(second.stdout).not.toContain('claim-mismatch');
    writeFileSync(
      join(f.content, 'm', 'results', 'r.json'),
      JSON.stringify({ ...RESULT, output_throughput: 2700.25, total_output_tokens: 172816, total_token_throughput: 5825.25 }),
    );
    const third = run();
    expect(third.stdout).toContain('claim-mismatch');
    expect(third.stdout).toContain('#/output_throughput');
  });

  it('should fix a stated number from the saved value at the precision the page writes', () => {
    const f = folder(page('results/r.json', 'The output token throughput of the baseline is 2790 tok/s.'), {
      'm/results/r.json': JSON.stringify({ ...RESULT, output_throughput: 2812.4844, total_output_tokens: 179999 }),
    });
    const r = spawnSync(process.execPath, [BIN, 'check', '--no-cache', '--fix', 'content'], { cwd: f.root, encoding: 'utf8' });
    expect(`${r.stdout}${r.stderr}`).toContain('#/output_throughput = 2812.4844');
    expect(readFileSync(f.pagePath, 'utf8')).toContain('The output token throughput of the baseline is 2812 tok/s.');
  });

  it('should take a run pasted and saved for one run, and say where the two differ', () => {
    const block = (output: string, requests = 1000) =>
      [
        '```text',
        '============ Serving Benchmark Result ============',
        `Successful requests:                     ${requests}`,
        'Benchmark duration (s):                  64.00',
        'Total input tokens:                      200000',
        'Total generated tokens:                  180000',
        `Output token throughput (tok/s):         ${output}`,
        '==================================================',
        '```',
      ].join('\n');
    const withBlock = (b: string) => page('results/r.json', `${b}\n`);
    const same = checked(withBlock(block('2812.50')), { 'm/results/r.json': JSON.stringify(RESULT) });
    expect(same.runs).toHaveLength(2);
    // The link comes first on the page: the pasted block is the run shown again.
    const [saved, pasted] = same.runs;
    expect(saved.saved).toBeDefined();
    expect(pasted.repeatOf).toBe(saved.id);
    expect(ids(same)).not.toContain('saved-result-differs');
    const edited = checked(withBlock(block('2821.50')), { 'm/results/r.json': JSON.stringify(RESULT) });
    const m = edited.messages.find((x) => x.ruleId === 'saved-result-differs');
    expect(m?.message).toContain('m/results/r.json#/output_throughput holds 2812.5');
    expect(m?.line).toBe(edited.runs.find((r) => !r.saved)?.metrics.output_token_throughput.line);
    // Another run (other counts) is a run of its own, whatever its values.
    const other = checked(withBlock(block('2812.50', 999)), { 'm/results/r.json': JSON.stringify(RESULT) });
    expect(other.runs.map((r) => r.repeatOf)).toEqual([null, null]);
  });
});
