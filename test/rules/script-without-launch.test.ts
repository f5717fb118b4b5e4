import { describe, expect, it } from 'vitest';
import { runRule } from '../../src/lib/checks.js';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { scriptWithoutLaunch } from '../../src/lib/rules/script-without-launch.js';

const check = (title: string, lines: string[], lang = 'bash') => {
  const page = `# Optimizing Demo-8B Throughput

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "${title}"
    \`\`\`${lang}
${lines.map((l) => `    ${l}`).join('\n')}
    \`\`\`
`;
  const a = analyze(page, 'page.md', null);
  return runRule(scriptWithoutLaunch, a, [pageView(a.report)]);
};

describe('script-without-launch', () => {
  it('should accept serving scripts that launch a known engine, directly or through a container', () => {
    expect(check('Serving script', ['export X=1', 'vllm serve Demo/Demo-8B -tp 2'])).toEqual([]);
    expect(check('Optimized serving script', ['python3 -m sglang.launch_server --model-path Demo/Demo-8B'])).toEqual([]);
    expect(check('Serving script', ['docker run --gpus all vllm/vllm-openai:latest --model Demo/Demo-8B'])).toEqual([]);
  });

  it('should warn on a serving script with only flags or setup steps', () => {
    const found = check('Baseline serving script', ['pip install flashinfer', '--max-num-seqs 256']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', line: 9, actual: '`pip install flashinfer`' });
  });

  it('should not read other admonitions or non-shell fences as serving scripts', () => {
    expect(check('Environment setup', ['pip install vllm'])).toEqual([]);
    expect(check('Serving script', ['{"maxSeqLen": 2560}'], 'json')).toEqual([]);
  });
});
