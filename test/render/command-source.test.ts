import { describe, expect, it } from 'vitest';
import { commandSource } from '../../src/lib/site/highlight.js';

describe('commandSource (the serving command as written, quoted from its fence)', () => {
  const page = [
    '# T',
    '',
    '???+ tip "Serving Command"',
    '    ```bash',
    '    vllm serve Qwen/Qwen3-14B \\',
    '      --max-num-seqs 256  ',
    '    ```',
    'after',
  ].join('\r\n');

  it('should quote the lines from the given one to the closing fence, dedented and without line-end blanks', () => {
    expect(commandSource(page, 5)).toBe('vllm serve Qwen/Qwen3-14B \\\n  --max-num-seqs 256');
  });
  it('should give null on a fence line or a line the page does not have', () => {
    expect(commandSource(page, 7)).toBeNull();
    expect(commandSource(page, 99)).toBeNull();
  });
  it('should read to the end of a page whose fence never closes', () => {
    expect(commandSource('```\nrun --a 1', 2)).toBe('run --a 1');
  });
});
