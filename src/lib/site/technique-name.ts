// One name per optimization technique across reports. Authors write the same option many ways ("Prefix Cache" /
// "Prefix Caching", "Torch Compile" / "Torch.compile", "Max Batch Token" / "max-num-batched-tokens", "Engine
// Selection" / "Choosing the Inference Engine", "Quantization in TensorRT-LLM"): the key drops what does not name the
// technique (a step number, "enable", the engine it was tried in), reads punctuation as blanks and words by their
// stem, then a small alias table joins the spellings that share no stem.

/** Words that do not name a technique. */
const FILLER = new Set(['enable', 'enabling', 'use', 'using', 'the', 'with', 'a', 'an', 'of', 'for', 'on', 'to']);

/**
 * Engines a step may be "in" (`Quantization in SGLang`): said of the experiment, not of the technique. A match starts
 * only where a run of blanks starts, so a long run of blanks is not tried from each of its characters.
 */
const ENGINE = /(?<!\s)\s+(?:in|on|with|for)\s+(?:vllm|sglang|tensorrt-llm|trt-llm|trtllm|lmdeploy|mindie|tgi)\b.*$/i;

/** Keys (after stemming) that name one technique, mapped to the key the technique goes by. */
const ALIASES: Record<string, string> = {
  'choos inference engine': 'engine selection',
  'inference engine': 'engine selection',
  'engine choice': 'engine selection',
  engine: 'engine selection',
  'max num batch token': 'max batch token',
  'max number batch token': 'max batch token',
  'max batch token number': 'max batch token',
  'max batch token': 'max batch token',
  'max num batch': 'max batch token',
  'batch token': 'max batch token',
  'chunk prefill': 'chunk prefill',
  'cuda graph': 'cuda graph',
  'torch compile': 'torch compile',
  'prefix cach': 'prefix cache',
};

/** A word by its stem: `caching` -> `cach`, `tokens` -> `token`, `batched` -> `batch`. */
function stem(word: string): string {
  return word.replace(/(?:ing|ed|es|s)$/, '') || word;
}

/** The key a technique's written name goes by: equal keys are one technique. */
export function techniqueKey(name: string): string {
  const words = name
    .replace(/^\s*\d+\.\s*/, '')
    .replace(ENGINE, '')
    .toLowerCase()
    .replace(/[^a-z0-9&+]+/g, ' ')
    .split(' ')
    .filter((w) => w && !FILLER.has(w))
    .map(stem);
  const key = words.join(' ');
  return ALIASES[key] ?? key;
}

/** The name a technique is shown by: the spelling most reports use, the shortest on a tie. */
export function displayName(spellings: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of spellings) {
    const clean = s
      .replace(/^\s*\d+\.\s*/, '')
      .replace(ENGINE, '')
      .trim();
    counts.set(clean, (counts.get(clean) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}
