/**
 * F3: `python3 -m sglang.bench_serving`, as pasted from a terminal: each run is announced by
 * `Running benchmark <args> with backend: sglang` and `Namespace(...)`, followed by setup chatter, a tqdm bar,
 * the result block (`Backend:`, `Traffic request rate:`, an End-to-End Latency section) and a `-----` separator.
 */
import { parseBlock } from './block.js';
import { tokenLatencyLabels } from './labels.js';
import type { Chatter, Format } from './types.js';

export const SGLANG_LABELS: readonly string[] = [
  'Backend',
  'Traffic request rate',
  'Successful requests',
  'Benchmark duration (s)',
  'Total input tokens',
  'Total generated tokens',
  'Total generated tokens (retokenized)',
  'Request throughput (req/s)',
  'Input token throughput (tok/s)',
  'Output token throughput (tok/s)',
  'Mean E2E Latency (ms)',
  'Median E2E Latency (ms)',
  ...tokenLatencyLabels(['P99']),
];

const SIGN = /^[ \t]*Backend[ \t]*:/;
const RUNNING = /^Running benchmark[ \t]+(.*?)[ \t]+with backend:[ \t]*\S+$/;
const NAMESPACE = /^Namespace\(/;
// `#Input tokens: N` is data, not a `# label`; the rest is setup chatter of bench_serving and its wrapper.
const NOISE =
  /^(?:#(?:Input|Output) tokens:|warmup time:|Starting initial single prompt|Initial test run completed|None of PyTorch|Requirement already satisfied:|All benchmarks completed)/;

function chatter(text: string): Chatter | null {
  const running = RUNNING.exec(text);
  if (running) return { kind: 'invocation', args: running[1] };
  if (NAMESPACE.test(text)) return { kind: 'namespace' };
  return NOISE.test(text) ? { kind: 'noise' } : null;
}

export const sglang: Format = {
  id: 'sglang',
  detect: (lines) => lines.some((l) => SIGN.test(l)),
  parse: parseBlock,
  chatter,
};
