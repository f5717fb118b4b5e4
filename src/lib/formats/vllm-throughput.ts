/**
 * F8: offline throughput of vLLM (`vllm bench throughput`, formerly `benchmarks/benchmark_throughput.py`). The
 * run is one line of rates, `Throughput: 89.27 requests/s, 22853.37 total tokens/s, 11426.69 output tokens/s`
 * (before the output rate was added: `Throughput: 81.74 requests/s, 20926.37 tokens/s`, total tokens), then,
 * in newer releases, the token counts (`Total num prompt tokens:  204800`). The `Throughput:` line opens the
 * run; there is no closer: the block ends, complete, at the first line that is not its own.
 */
import { displayed, mul, point } from '../numbers/interval.js';
import { num } from './serving.js';
import { defineFormat, metric } from './spec.js';
import type { MetricShape } from './shapes.js';
import type { SourceLine } from './line.js';

const PREFIX = 'Throughput:';
// One value of the line: a number, blanks, its unit (`requests/s`, `total tokens/s`, `output tokens/s`, `tokens/s`).
const PART = /^(\d+(?:\.\d+)?)[ \t]+((?:total |output )?tokens\/s|requests\/s)$/;

const LABEL = (unit: string) => `Throughput (${unit})`;

/** The rates of a `Throughput:` line, one shape per value, cut at its commas by a scan; null for any other line. */
function several(line: SourceLine): MetricShape[] | null {
  const text = line.text;
  let at = 0;
  while (text[at] === ' ' || text[at] === '\t') at++;
  if (!text.startsWith(PREFIX, at)) return null;
  const labelColumn = line.column + at;
  const shapes: MetricShape[] = [];
  let from = at + PREFIX.length;
  while (from <= text.length) {
    let end = text.indexOf(',', from);
    if (end < 0) end = text.length;
    let a = from;
    while (a < end && (text[a] === ' ' || text[a] === '\t')) a++;
    let b = end;
    while (b > a && (text[b - 1] === ' ' || text[b - 1] === '\t')) b--;
    const m = PART.exec(text.slice(a, b));
    if (!m) return null;
    shapes.push({ label: LABEL(m[2]), text: m[1], labelColumn, valueColumn: line.column + a });
    from = end + 1;
  }
  // The request rate first and a token rate after it, as the signature says.
  return shapes.length >= 2 && shapes[0].label === LABEL('requests/s') ? shapes : null;
}

export const vllmThroughput = defineFormat({
  id: 'vllm-throughput',
  title: '`vllm bench throughput` (and `benchmark_throughput.py`) `Throughput:` lines',
  tool: { id: 'vllm-bench-throughput', command: /\bvllm[ \t]bench[ \t]throughput\b|\bbenchmark_throughput\.py\b/, inProcess: true },
  signature: /^[ \t]*Throughput:[ \t]+\d+(?:\.\d+)?[ \t]+requests\/s,/,
  // The `Throughput:` line is the run's first line: its banner (as far as the rules ask) and its rates.
  block: {
    header: (text) => (several({ text, line: 1, column: 1 }) ? 'Throughput' : null),
    closer: null,
    closerText: '',
    section: () => false,
  },
  several,
  openers: [],
  labels: {
    [LABEL('requests/s')]: metric('request_throughput', 'req/s'),
    [LABEL('total tokens/s')]: metric('total_token_throughput', 'tok/s'),
    [LABEL('output tokens/s')]: metric('output_token_throughput', 'tok/s'),
    // Releases before the output rate printed the total as plain `tokens/s`.
    [LABEL('tokens/s')]: metric('total_token_throughput', 'tok/s'),
    'Total num prompt tokens': metric('total_input_tokens', 'tok'),
    'Total num output tokens': metric('total_output_tokens', 'tok'),
  },
  identities: [
    {
      // Both rates are over the same elapsed time: their ratio is that of the token counts.
      target: 'output_token_throughput',
      formula: 'total tokens/s x output tokens / (prompt tokens + output tokens)',
      compute(m) {
        const total = num(m, 'total_token_throughput');
        const input = num(m, 'total_input_tokens');
        const output = num(m, 'total_output_tokens');
        if (!total || !input || !output || input.value! + output.value! <= 0) return null;
        return mul(displayed(total.value!, total.decimals), point(output.value! / (input.value! + output.value!)));
      },
    },
  ],
  requestLatency: [],
});
