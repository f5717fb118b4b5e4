import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureText } from '../../src/lib/formats/failure.js';
import { fixture, readFence, run } from './golden.js';
import { corpusDir, hasCorpus, parsePage, runAt } from './pages.js';

const fence = (value: string, expectResult: boolean) =>
  readFence({ value, fenceLine: 10, contentLine: 11, column: 5, lang: null }, { expectResult });

describe.skipIf(!hasCorpus)('failure stubs on corpus pages', () => {
  if (!hasCorpus) console.warn(`skipping corpus tests: ${corpusDir} is absent`);

  it('should turn `# RuntimeError: ...` and `# KeyError: ...` (qwen3-14b/a100 L193, L204) into failed runs', () => {
    const { runs } = parsePage(join(corpusDir, 'qwen3-14b/a100.md'));
    expect(runAt(runs, 193)).toMatchObject({
      failed: true,
      format: null,
      error: 'RuntimeError: Unsupported SM version for FP8 block scaling GEMM',
      endLine: 193,
      fenceLine: 192,
      metrics: {},
      label: null,
    });
    expect(runAt(runs, 204)).toMatchObject({ failed: true, error: "KeyError: 'weight'" });
  });

  it('should turn `# Crash` and `# Crash on inference` (qwen3-235b-a22b/h100 L263, L274) into failed runs', () => {
    const { runs } = parsePage(join(corpusDir, 'qwen3-235b-a22b/h100.md'));
    expect(runAt(runs, 263)).toMatchObject({ failed: true, error: 'Crash' });
    expect(runAt(runs, 274)).toMatchObject({ failed: true, error: 'Crash on inference' });
  });

  it('should label a crash standing among results (`# --max-num-batched-tokens 32768` L311, `# Crash on inference` L312)', () => {
    const { runs } = parsePage(join(corpusDir, 'qwen3-235b-a22b/h100.md'));
    const sweep = runs.filter((r) => r.fenceLine === 285);
    expect(sweep.map((r) => [r.line, r.label, r.failed])).toEqual([
      [287, '--max-num-batched-tokens 16384', false],
      [312, '--max-num-batched-tokens 32768', true],
    ]);
    expect(sweep[1]).toMatchObject({ labelLine: 311, error: 'Crash on inference' });
  });

  it('should read uncommented errors (gpt-oss-120b/h100 L315 RuntimeError, L326 TypeError)', () => {
    const { runs } = parsePage(join(corpusDir, 'gpt-oss-120b/h100.md'));
    expect(runAt(runs, 315).error).toMatch(/^RuntimeError: Worker failed with error 'FlashInfer backend/);
    expect(runAt(runs, 326)).toMatchObject({
      failed: true,
      error: "TypeError: XFormersImpl.__init__() got an unexpected keyword argument 'sinks'",
    });
  });
});

describe('failure stubs', () => {
  it('should recognise the stub forms of the family', () => {
    expect(failureText('# Crash. FP8 not supported on A100')).toBe('Crash. FP8 not supported on A100');
    expect(failureText('# Crash, not supported for the model')).toBe('Crash, not supported for the model');
    expect(failureText('NotImplementedError: WFP4A16 MoE is unsupported on SM80.')).toBe(
      'NotImplementedError: WFP4A16 MoE is unsupported on SM80.',
    );
    expect(failureText('ValueError("type fp8e4nv not supported in this architecture.")')).toMatch(/^ValueError\(/);
    expect(failureText('# RuntimeError: Unsupported SM version for FP8 block scaling GEMM')).toMatch(/^RuntimeError:/);
  });

  it('should not take labels and data for failures', () => {
    for (const line of [
      '# BS=4',
      '# random 32K input',
      '# --max-num-batched-tokens 4096',
      '# triton',
      '#Input tokens: 2258583',
      '# Error rate sweep',
    ]) {
      expect(failureText(line), line).toBeNull();
    }
  });

  it('should give the stub column in file coordinates and no metrics', () => {
    const { runs, messages } = fence('# Crash. PP not supported for this setup.', true);
    expect(runs).toEqual([
      expect.objectContaining({
        line: 11,
        endLine: 11,
        failed: true,
        format: null,
        error: 'Crash. PP not supported for this setup.',
        metrics: {},
        unknown: [],
      }),
    ]);
    expect(messages).toEqual([]);
  });

  it('should label a `# FP8` + `# Crash` item among results', () => {
    const { runs } = run(fixture('labelled-crash'));
    expect(runs.map((r) => [r.label, r.line, r.failed])).toEqual([
      ['BF16', 3, false],
      ['FP8', 26, true],
      ['AWQ', 29, false],
    ]);
  });

  it('should fold a traceback into one failure with the exception line as error', () => {
    const { runs } = run(fixture('traceback'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      label: 'TP8',
      line: 3,
      endLine: 6,
      error: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
    });
  });

  it('should not read comment lines of a serving script as failures when no result is expected', () => {
    const result = run(fixture('serving-script'));
    expect(result).toEqual({ runs: [], messages: [] });
  });

  it('should report `benchmark-unparsed` at the fence line when a result is expected and none is found', () => {
    const { runs, messages } = run(fixture('prose-only'));
    expect(runs).toEqual([]);
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'benchmark-unparsed',
        severity: 'error',
        line: 1,
        column: 1,
        actual: '`The server could not start with this configuration.`',
      }),
    ]);
  });

  it('should report an empty fence where a result is expected', () => {
    const { messages } = run(fixture('empty-fence'));
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'benchmark-unparsed', line: 1, actual: 'an empty fence' })]);
    expect(fence('', false)).toEqual({ runs: [], messages: [] });
  });
});
