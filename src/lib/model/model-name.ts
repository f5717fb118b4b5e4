/**
 * Model identity for comparisons: the repository name without its owner, in lower case, with the
 * quantization, instruction-tuning and release-date suffixes removed, so `Qwen/Qwen3-14B-FP8`,
 * `vllm-ascend/Qwen3-14B-W8A8` and `Qwen/Qwen3-14B` are one model and `Qwen3-8B` and `Qwen3-30B-A3B` are two.
 */
const SUFFIX =
  /[-_.](?:fp8|fp4|nvfp4|mxfp4|int4|int8|w8a8|w4a16|w4a8|w8a16|awq|gptq|gguf|bf16|fp16|dynamic|block|instruct|chat|thinking|base|hf|\d{4}|quantized\.w\d+a\d+)$/i;

export function baseModel(id: string): string {
  let name = id.trim().replace(/^['"]|['"]$/g, '');
  let end = name.length;
  while (end > 0 && name[end - 1] === '/') end--;
  name = name.slice(0, end);
  name = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  let previous = '';
  while (previous !== name) {
    previous = name;
    name = name.replace(SUFFIX, '');
  }
  return name;
}

/** A model argument that names a model (not a shell variable or a placeholder). */
export function isConcreteModel(id: string | null | undefined): id is string {
  return !!id && !/[$<>{}]/.test(id);
}
