import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lib/pipeline.js';

describe('Command.written (the serving command as written, quoted from its fence by the page model)', () => {
  const page = [
    '# T',
    '',
    '## Conclusion',
    '',
    '???+ tip "Serving Command"',
    '    ```bash',
    '    # launch',
    '    vllm serve Qwen/Qwen3-14B \\',
    '      --max-num-seqs 256  ',
    '    ```',
    'after',
  ].join('\r\n');

  it('should keep the command its own lines, dedented, continuations kept, without line-end blanks or comments above', () => {
    const a = analyze(page, 'p.md');
    const cmd = a.commands.find((c) => c.tool === 'vllm');
    expect(cmd?.line).toBe(8);
    expect(cmd?.written).toBe('vllm serve Qwen/Qwen3-14B \\\n  --max-num-seqs 256');
    expect(cmd?.text).toBe('vllm serve Qwen/Qwen3-14B --max-num-seqs 256');
  });

  it('should give each command of a script its own lines', () => {
    const a = analyze(
      '# T\n\n```bash\nexport A=1\nvllm serve m \\\n  --tp 2\npython3 -m sglang.launch_server --model-path m\n```\n',
      'p.md',
    );
    expect(a.commands.map((c) => c.written)).toContain('vllm serve m \\\n  --tp 2');
  });

  it('should read a fence that never closes to the end of the page', () => {
    const a = analyze('# T\n\n```bash\nvllm serve m --tp 2', 'p.md');
    expect(a.commands.map((c) => c.written)).toContain('vllm serve m --tp 2');
  });
});
