// One accelerator count and one model identity per page, from the run model: the page's count, when the page does
// not state one, is the devices the run model gives its recommended launch (data-parallel attention adds none), and
// a run served from a local path named like the page's model is that model, not another.
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { conclusionCommand, ENGINE_CHOICE, H100_RUN, reportPage, resultBlock, scriptBlock } from '../../src/lib/rules/shared/examples.js';

const SERVE = 'python3 -m sglang.launch_server --model-path org/Big-V3.2 --tp 8 --dp 8 --enable-dp-attention';

function read(serve: string, hardware: string) {
  const text = reportPage({
    title: 'Optimizing Big-V3.2 Throughput on NVIDIA H200 GPUs',
    conclusion: [conclusionCommand(SERVE)],
    setup: ['### Model', 'org/Big-V3.2', '### Hardware', hardware],
    results: [ENGINE_CHOICE, 'SGLang', scriptBlock({ command: serve }), resultBlock({ metrics: H100_RUN })],
  });
  return checkAll([analyze(text, 'big/h200.md', 'big/h200.md')])[0];
}

describe('one accelerator count per page', () => {
  it('should count a recommended launch with data-parallel attention as its TP group, as its run does', () => {
    const report = read(SERVE, 'NVIDIA H200');
    const [run] = report.runs;
    expect(run.setup.acceleratorCount).toBe(8);
    // Was TP x DP = 64 while the run, the explorer and /engines/ said 8.
    expect(report.hardware).toMatchObject({ gpu: 'H200', count: 8 });
  });

  it("should keep the count the page states over the commands'", () => {
    expect(read(SERVE, '16 × NVIDIA H200 SXM GPUs on two nodes.').hardware?.count).toBe(16);
  });
});

describe('one model identity per page', () => {
  it("should read a local path ending in the page model's name (any case) as the page's model", () => {
    const report = read('trtllm-serve /workspace/big-v3.2/ --tp_size 8', 'NVIDIA H200');
    expect(report.runs[0].setup.model).toBe('org/Big-V3.2');
  });

  it('should keep the last segment of a local path that names another model', () => {
    const report = read('trtllm-serve /workspace/Other-7B --tp_size 8', 'NVIDIA H200');
    expect(report.runs[0].setup.model).toBe('Other-7B');
  });
});
