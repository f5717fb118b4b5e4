import { describe, expect, it } from 'vitest';
import { displayName, techniqueKey } from '../../src/lib/site/technique-name.js';

describe('technique names across reports', () => {
  it.each([
    ['Prefix Cache', 'Prefix Caching'],
    ['Torch Compile', 'Torch.compile'],
    ['Engine Selection', 'Choosing the Inference Engine'],
    ['Max Batch Token', 'Max Number of Batched Tokens'],
    ['Max Batch Token', 'Max Batched Token Numbers'],
    ['Max Batch Token', 'max-num-batched-tokens'],
    ['Max Batch Token', 'Batched Tokens'],
    ['Quantization', '2. Quantization in TensorRT-LLM'],
    ['Chunked Prefill', 'Enable Chunked Prefill'],
    ['Speculative Decoding && Quantization', 'speculative decoding && quantization'],
  ])('should read %s and %s as one technique', (a, b) => {
    expect(techniqueKey(a)).toBe(techniqueKey(b));
  });

  it.each([
    ['Quantization', 'Speculative Decoding && Quantization'],
    ['Max Batch Token', 'Max Num Seqs'],
    ['Max Batch Token', 'Max CUDA graph batch size'],
    ['Prefix Cache', 'KV Cache Dtype'],
    ['Attention Backend', 'Async Scheduling'],
  ])('should keep %s and %s apart', (a, b) => {
    expect(techniqueKey(a)).not.toBe(techniqueKey(b));
  });

  it('should show the spelling most reports use, without a step number or the engine it was tried in', () => {
    expect(displayName(['Prefix Cache', 'Prefix Caching', 'Prefix Cache'])).toBe('Prefix Cache');
    expect(displayName(['3. Quantization in SGLang', 'Quantization'])).toBe('Quantization');
  });
});
