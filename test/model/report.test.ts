import { describe, expect, it } from 'vitest';
import { reportSchema } from '../../src/lib/schemas/report.js';
import { hasCorpus, page } from '../helpers/pages.js';

describe('page model on a classic throughput page (qwen3-14b/h100)', () => {
  const { report } = page('qwen3-14b/h100.md');

  it('should validate against the report schema', () => {
    expect(() => reportSchema.parse(report)).not.toThrow();
  });

  it('should read title, model, hardware and objective', () => {
    expect(report.kind).toBe('report');
    expect(report.title).toBe('Optimizing Qwen3-14B Throughput on NVIDIA H100 GPUs');
    expect(report.model).toBe('Qwen/Qwen3-14B');
    expect(report.hardware).toEqual({ gpu: 'H100', count: 1, text: 'A single NVIDIA H100 SXM GPU.' });
    expect(report.objective).toBe('throughput');
  });

  it('should read engines with versions and lines', () => {
    expect(report.engines).toEqual([
      { name: 'vLLM', version: 'v0.11.0', line: 49 },
      { name: 'SGLang', version: 'v0.5.5.post1', line: 50 },
      { name: 'TensorRT-LLM', version: 'v1.2.0rc1', line: 51 },
    ]);
  });

  it('should read the recommended command and the benchmark commands', () => {
    expect(report.recommendedCommand).toMatchObject({
      line: 11,
      tool: 'sglang',
      model: 'Qwen/Qwen3-14B-FP8',
      flags: ['--model-path Qwen/Qwen3-14B-FP8'],
    });
    expect(report.benchmarkCommands.map((c) => [c.line, c.tool])).toEqual([
      [71, 'vllm-bench'],
      [74, 'vllm-bench'],
    ]);
  });

  it('should read the conclusion rows with their cells', () => {
    expect(report.conclusion.map((r) => [r.case, r.line])).toEqual([
      ['ShareGPT', 18],
      ['Short Prompt', 19],
      ['Medium Prompt', 20],
      ['Long Prompt', 21],
      ['Very Long Prompt', 22],
    ]);
    expect(report.conclusion[0].baseline.text).toBe('Total TPS: 6595.66Mean TPOT(ms): 226.03');
  });

  it('should read experiments with variants, engines, models and runs', () => {
    const [engines, quant, attention] = report.experiments;
    expect(engines.number).toBe(1);
    expect(engines.anchor).toBe('1-choosing-the-inference-engine');
    expect(engines.variants.map((v) => [v.label, v.engine, v.runs])).toEqual([
      ['vLLM', 'vLLM', ['run-L89']],
      ['SGLang', 'SGLang', ['run-L122']],
      ['TensorRT-LLM', 'TensorRT-LLM', ['run-L155']],
    ]);
    expect(quant.variants.map((v) => [v.label, v.model])).toEqual([['FP8', 'Qwen/Qwen3-14B-FP8']]);
    // Labelled results in one fence are variants of their own.
    expect(attention.variants.map((v) => [v.label, v.runs])).toEqual([
      ['fa3', ['run-L227']],
      ['--attention-backend=flashinfer', ['run-L252']],
      ['--attention-backend=triton', ['run-L277']],
    ]);
  });

  it('should read the summary rows and the other benchmark cases by side', () => {
    expect(report.summary.map((r) => r.cells)).toEqual([
      ['Engine Selection', '+27.7%'],
      ['Quantization', '+23.8%'],
      ['Attention Backend', '-'],
    ]);
    expect(report.otherCases[0]).toEqual({ case: 'random 32K input', line: 320, baseline: ['run-L321'], optimized: ['run-L429'] });
    const run = report.runs.find((r) => r.id === 'run-L429');
    expect(run?.context).toMatchObject({ side: 'optimized', engine: 'SGLang', model: 'Qwen/Qwen3-14B-FP8' });
  });
});

describe('page model on the flattened new-style latency page (qwen3.5-35b-a3b/h200-latency)', () => {
  const { report } = page('qwen3.5-35b-a3b/h200-latency.md');

  it('should read the page in spite of its flattened admonitions', () => {
    expect(report.model).toBe('Qwen/Qwen3.5-35B-A3B');
    expect(report.hardware?.gpu).toBe('H200');
    expect(report.objective).toBe('latency');
    expect(report.recommendedCommand?.model).toBe('Qwen/Qwen3.5-35B-A3B-FP8');
    expect(report.datasets.map((d) => d.text)).toEqual(['ShareGPT 8RPS', 'ShareGPT 1RPS', 'ShareGPT 4RPS', 'ShareGPT 16RPS']);
  });

  it('should take variants from H4 headings and profiles from list items', () => {
    const cuda = report.experiments.find((e) => e.heading === 'Cuda Graph && Quantization');
    expect(cuda?.variants.map((v) => [v.label, v.runs])).toEqual([
      ['Size 256', ['run-L215']],
      ['Size 512', ['run-L258']],
    ]);
    expect(report.runs.find((r) => r.id === 'run-L215')?.context.profile).toBe('ShareGPT 8RPS');
  });

  it('should group other benchmark cases by H4 and side', () => {
    expect(report.otherCases.map((c) => [c.case, c.baseline, c.optimized])).toEqual([
      ['Rate 1', ['run-L528'], ['run-L569']],
      ['Rate 4', ['run-L610'], ['run-L651']],
      ['Rate 8', ['run-L692'], ['run-L733']],
      ['Rate 16', ['run-L774'], ['run-L815']],
    ]);
  });
});

describe('page model on the engine-baseline log (engine-baselines/sglang-v0.5.1)', () => {
  const { report } = page('engine-baselines/sglang-v0.5.1.md');

  it('should classify the page and read its engine from the title', () => {
    expect(report.kind).toBe('engine-baseline');
    expect(report.engines).toEqual([{ name: 'SGLang', version: 'v0.5.1', line: 1 }]);
  });

  it('should make each model section an experiment whose variants are the benchmark invocations', () => {
    expect(report.experiments.map((e) => e.heading)).toEqual([
      'Qwen3-8B',
      'Qwen3-32B',
      'Qwen3-30B-A3B',
      'Qwen3-235B-A22B',
      'gpt-oss-20b',
      'gpt-oss-120b',
    ]);
    expect(report.experiments[0].variants[0]).toMatchObject({
      label: '--dataset-name sharegpt --num-prompts 10000',
      engine: 'SGLang',
      model: 'Qwen/Qwen3-8B',
      runs: ['run-L90'],
    });
    expect(report.runs).toHaveLength(24);
  });
});

describe.skipIf(!hasCorpus)('page model on corpus pages', () => {
  it('should read hardware counts from "8 × NVIDIA H200 SXM GPUs on a single node."', () => {
    expect(page('corpus:deepseek-r1/h200.md').report.hardware).toMatchObject({ gpu: 'H200', count: 8 });
  });

  it('should read an Ascend NPU', () => {
    expect(page('corpus:qwen3-8b/910b.md').report.hardware).toMatchObject({ gpu: '910B', count: 1 });
  });

  it('should classify essays and keep their links', () => {
    const { report } = page('corpus:overview.md');
    expect(report.kind).toBe('essay');
    expect(report.links.some((l) => l.url.includes('gpt-oss-20b/a100.md#1-choosing-the-inference-engine'))).toBe(true);
  });

  it('should record failed runs where a crash stub stands (qwen3-14b/a100)', () => {
    const failed = page('corpus:qwen3-14b/a100.md').report.runs.filter((r) => r.failed);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.error && r.format === null)).toBe(true);
  });
});

describe('front matter', () => {
  it('should let YAML front matter override what the page says', async () => {
    const { analyze } = await import('../../src/lib/pipeline.js');
    const source =
      '---\ntitle: A better title\nmodel: Org/Model-1B\ngpu: B200\ngpus: 4\nobjective: latency\n---\n# Optimizing Model-1B Throughput on NVIDIA H100 GPUs\n';
    const { report } = analyze(source, 'fm.md');
    expect(report).toMatchObject({
      title: 'A better title',
      model: 'Org/Model-1B',
      hardware: { gpu: 'B200', count: 4 },
      objective: 'latency',
      frontmatter: { title: 'A better title', gpus: 4 },
    });
  });

  it('should report invalid front matter with its line and still read the page', async () => {
    const { analyze, checkAll } = await import('../../src/lib/pipeline.js');
    const page = analyze('---\ntitle: [unclosed\n---\n# Optimizing X Throughput on NVIDIA H100 GPUs\n', 'bad.md');
    expect(page.report.title).toBe('Optimizing X Throughput on NVIDIA H100 GPUs');
    expect(checkAll([page])[0].messages.map((m) => m.ruleId)).toContain('frontmatter-invalid');
  });
});
