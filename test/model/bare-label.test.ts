// A bare label (`# flashinfer`) in a block whose runs share one launch names the value of the option the block varies.
import { describe, expect, it } from 'vitest';
import { bareLabelOption } from '../../src/lib/model/setup/role.js';
import { canonicalFlag } from '../../src/lib/model/command.js';

const launch = ['--attention-backend triton', '--max-model-len 8192', '--port 8000'];

describe('bare labels of a block of several runs', () => {
  it("should read a sibling's label that is an option's value as that option varied", () => {
    expect(bareLabelOption('flashinfer', ['triton', 'flashinfer'], launch)).toBe('--attention-backend flashinfer');
    // The launch's own run: no other label is a value of the launch, so its label is left as written.
    expect(bareLabelOption('triton', ['triton', 'flashinfer'], launch)).toBeNull();
  });

  it('should not guess when no sibling names a value, when two options could be meant, or for a label of several words', () => {
    expect(bareLabelOption('flashinfer', ['fa3'], launch)).toBeNull();
    expect(bareLabelOption('flashinfer', [], launch)).toBeNull();
    expect(bareLabelOption('x', ['auto'], ['--dtype auto', '--kv-cache-dtype auto'])).toBeNull();
    expect(bareLabelOption('Rate 8', ['triton'], launch)).toBeNull();
    expect(bareLabelOption('--attention-backend fa3', ['triton'], launch)).toBeNull();
    expect(bareLabelOption(null, ['triton'], launch)).toBeNull();
  });

  it("should read another engine's name for the context length as the same option", () => {
    expect(canonicalFlag('--max_seq_len')).toBe(canonicalFlag('--max-model-len'));
    expect(canonicalFlag('--context-length')).toBe(canonicalFlag('--max-model-len'));
    expect(canonicalFlag('--max-num-seqs')).not.toBe(canonicalFlag('--max-model-len'));
  });
});
