/**
 * Arbitraries for benchmark result blocks in the three formats the parser reads: real metric labels with random
 * values and padding, then random damage (truncation, duplicated lines, stray label lines, garbage lines).
 * A block is a list of lines without indentation and without fence lines; the page arbitrary indents and fences it.
 */
import fc from 'fast-check';
import { guidellm } from '../../src/lib/formats/guidellm.js';
import { sglang } from '../../src/lib/formats/sglang.js';
import { vllm } from '../../src/lib/formats/vllm.js';

const HEADER = '============ Serving Benchmark Result ============';
const CLOSE = '==================================================';
const SECTIONS = [
  '---------------Time to First Token----------------',
  '-----Time per Output Token (excl. 1st token)------',
  '---------------Inter-token Latency----------------',
  '----------------------Latency---------------------',
  '----------------End-to-End Latency----------------',
];

/**
 * A number as a benchmark prints it. Never `-0` and never more than a few decimals: both are known defects handled
 * elsewhere (a `-0` verdict, `toFixed` on huge decimals), not what this fuzz looks for.
 */
export const printedNumber: fc.Arbitrary<string> = fc.oneof(
  // A small shared pool, so that stated numbers often meet run values and the verifier does real work.
  {
    weight: 4,
    arbitrary: fc.constantFrom('0', '0.00', '0.0', '1', '1.00', '100', '0.01', '12.34', '1234.56', '2345.67', '50.0', '8', '10'),
  },
  fc.integer({ min: 0, max: 2_000_000 }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 9999 }))
    .map(([i, d, f]) => `${i}.${String(f).padStart(4, '0').slice(0, d)}`),
  fc.integer({ min: 1000, max: 9_999_999 }).map((n) => n.toLocaleString('en-US')),
);

/** A metric value: mostly numbers, sometimes the tokens the parsers treat specially, sometimes junk. */
const value: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: printedNumber },
  { weight: 1, arbitrary: fc.constantFrom('N/A', 'inf', 'nan', '-', 'sglang', 'vllm', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(clean) },
);

/**
 * Text that cannot end a fence or a line, nor open an HTML block that runs to the end of the page (`<?`, `<!`,
 * `<pre`: CommonMark swallows everything after them, fences included): no backtick, tilde, `<` or line break.
 */
export function clean(s: string): string {
  return s.replace(/[`~<\r\n\u2028\u2029\u0085]/g, '');
}

const padding = fc.oneof(
  fc.constant(' '),
  fc.integer({ min: 1, max: 40 }).map((n) => ' '.repeat(n)),
  fc.constant('\t'),
);

const metricLine = (label: string) => fc.tuple(padding, value).map(([pad, v]) => `${label}:${pad}${v}`);

/** Lines that are neither metrics nor fences: chatter, tqdm bars, tracebacks, random text. */
const garbageLine: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'warmup time: 3.05s',
    '100%|████████████| 100/100 [00:22<00:00,  4.44it/s]',
    'Traceback (most recent call last):',
    '  File "bench.py", line 12, in <module>',
    'INFO 05-12 10:11:12 [api_server.py:1234] Started server process',
    '#Input tokens: 23260',
    '# --speculative-algorithm EAGLE3 --speculative-num-steps 4',
    '<!-- a comment -->',
    'Result: 12.5',
  ),
  fc.string({ maxLength: 60 }).map(clean),
  fc.string({ unit: 'binary', maxLength: 40 }).map(clean),
);

/** A `Label: value` line no format knows. */
const strayMetric = fc
  .tuple(fc.constantFrom('Mean Foo (ms)', 'Goodput', 'P99.9 TTFT (ms)', 'Total tokens', 'Weird label'), padding, value)
  .map(([l, p, v]) => `${l}:${p}${v}`);

export type BlockShape = 'vllm' | 'guidellm' | 'sglang' | 'failure' | 'garbage';

/** One fence's content as lines, with the shape it was built from. */
export interface GeneratedBlock {
  shape: BlockShape;
  lines: readonly string[];
}

const LABELS: Record<'vllm' | 'guidellm' | 'sglang', readonly string[]> = {
  vllm: Object.keys(vllm.labels),
  guidellm: Object.keys(guidellm.labels),
  sglang: Object.keys(sglang.labels),
};

function resultBlock(format: 'vllm' | 'guidellm' | 'sglang'): fc.Arbitrary<string[]> {
  const labels = LABELS[format];
  return fc
    .tuple(fc.subarray([...labels], { minLength: 1 }), fc.array(fc.constantFrom(...SECTIONS), { maxLength: 3 }), fc.boolean(), fc.boolean())
    .chain(([chosen, sections, header, close]) =>
      fc.tuple(fc.tuple(...chosen.map(metricLine)), fc.constant(sections), fc.constant(header), fc.constant(close)),
    )
    .map(([metrics, sections, header, close]) => {
      const body = [...metrics];
      for (const [i, s] of sections.entries()) body.splice(Math.min(body.length, 2 + i * 4), 0, s);
      return [...(header ? [HEADER] : []), ...body, ...(close ? [CLOSE] : [])];
    });
}

const preamble: fc.Arbitrary<readonly string[]> = fc.oneof(
  fc.constant([]),
  fc.constantFrom('# BS=4', '# Rate 8', '1k random input + 2k generation', '# --max-num-seqs 256').map((l) => [l]),
  fc.constant([
    'Running benchmark --dataset-name sharegpt --num-prompts 100 with backend: sglang',
    "Namespace(backend='sglang', num_prompts=100, request_rate=inf)",
  ]),
);

const failure: fc.Arbitrary<readonly string[]> = fc
  .tuple(
    preamble,
    fc.constantFrom('# Crash', 'Crash. FP8 not supported on A100', 'RuntimeError: CUDA out of memory', 'ValueError: bad value'),
  )
  .map(([p, e]) => [...p, e]);

/** Random damage applied to a block's lines. */
function damage(lines: readonly string[]): fc.Arbitrary<readonly string[]> {
  return fc
    .tuple(
      fc.nat({ max: lines.length }),
      fc.boolean(),
      fc.array(fc.tuple(fc.nat(), fc.oneof(garbageLine, strayMetric)), { maxLength: 3 }),
      fc.array(fc.nat(), { maxLength: 2 }),
    )
    .map(([cut, truncate, inserts, dups]) => {
      let out = truncate ? lines.slice(0, Math.max(1, cut)) : [...lines];
      for (const d of dups) if (out.length > 0) out.splice(d % out.length, 0, out[d % out.length]);
      for (const [at, line] of inserts) out.splice(at % (out.length + 1), 0, line);
      if (out.length === 0) out = lines.slice(0, 1);
      return out;
    });
}

/** A result block (clean or damaged), a failure stub, or a fence of garbage. */
export const blockArb: fc.Arbitrary<GeneratedBlock> = fc.oneof(
  ...(['vllm', 'guidellm', 'sglang'] as const).map((format) =>
    fc
      .tuple(preamble, resultBlock(format), fc.boolean())
      .chain(([p, b, hurt]) => (hurt ? damage([...p, ...b]) : fc.constant<readonly string[]>([...p, ...b])))
      .map((lines) => ({ shape: format as BlockShape, lines })),
  ),
  failure.map((lines) => ({ shape: 'failure' as BlockShape, lines })),
  fc.array(garbageLine, { maxLength: 6 }).map((lines) => ({ shape: 'garbage' as BlockShape, lines })),
);
