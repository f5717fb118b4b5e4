import type { Report } from '../schemas/report.js';

type Hardware = NonNullable<Report['hardware']>;

const WORDS: Record<string, number> = { a: 1, one: 1, single: 1, two: 2, four: 4, eight: 8, sixteen: 16 };

/**
 * Read accelerator name and count from a hardware sentence: "8 × NVIDIA H200 SXM GPUs on a single node.",
 * "A single Ascend 910B NPU.", "NVIDIA H100 80GB HBM3", or a title ("... on NVIDIA H100 GPUs").
 */
export function parseHardware(text: string): Hardware | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const gpu =
    /\b(?:NVIDIA|AMD|Ascend|ASCEND|Huawei|Intel)\s+(?:GeForce\s+|Tesla\s+)?([A-Z]{0,4}\d{2,4}[A-Z]{0,3}(?:\s?(?:Ti|SXM|PCIe))?)/.exec(
      clean,
    )?.[1] ??
    /\b([HABL]\d{2,3}[A-Z]?|MI\d{3}X?|GB\d{3}|910B)\b/.exec(clean)?.[1] ??
    null;
  let count: number | null = null;
  // `(?<!\d)`: a count starts where a digit run starts (the leftmost match is unchanged, and a long run of digits
  // is not re-read from each of its digits, which was quadratic).
  const numeric =
    /(?<!\d)(\d+)\s*(?:[x×*]|\bx\b)\s*(?:NVIDIA|AMD|Ascend|ASCEND|[A-Z]+\d)/i.exec(clean) ??
    /(?<!\d)(\d+)\s+(?:NVIDIA\s+|AMD\s+|Ascend\s+)?\S+\s+(?:\S+\s+)?(?:GPUs|NPUs)\b/.exec(clean);
  if (numeric) count = Number.parseInt(numeric[1], 10);
  else {
    const word = /\b(a single|single|one|two|four|eight|sixteen)\b/i.exec(clean);
    if (word) count = WORDS[word[1].toLowerCase().replace('a single', 'single')] ?? null;
  }
  return { gpu: gpu ? gpu.replace(/\s?(SXM|PCIe)$/, '') : null, count, text: clean };
}
