/**
 * F5: `trtllm-bench throughput` / `latency` reports (TensorRT-LLM). A run is printed as `= TITLE` sections between
 * `=====` rules (backend, request details, world and runtime, performance overview) followed by per-request
 * breakdowns (`[TTFT] P50    : 159.7857`); there is no closing line, so the block ends, complete, at the first
 * line that is not part of the report (a log line, the dataset percentile table).
 */
import { add, displayed, divPositive, mul, point, scale, type Interval } from '../numbers/interval.js';
import { num, value } from './serving.js';
import { defineFormat, metric, type Identity, type MetricDef, type Metrics } from './spec.js';

// The banners that start a report; the other banners of the tool are sections inside it.
const HEADER =
  /^[ \t]*=[ \t]+(PYTORCH BACKEND|PyTorch backend|ENGINE DETAILS|REQUEST DETAILS|WORLD \+ RUNTIME INFORMATION|PERFORMANCE OVERVIEW)[ \t]*$/;
// `=====` rules, any `= TITLE` banner, `-- Title ---` breakdown titles and bare dash rules.
const SECTION = /^(?:={3,}|=[ \t]+\S.*|--[ \t]+\S.*|-{3,})$/;
// Log lines of the tool and the header of the dataset percentile table: never labels.
const NOISE = /^(?:\[TensorRT-LLM\]|\[\d\d\/\d\d\/\d{4}-\d\d:\d\d:\d\d\][ \t]+\[TRT-LLM\]|Input[ \t]+Output[ \t]+Seq\. Length$)/;

// `[TTFT] P50`, `[Latency] AVERAGE`: breakdown statistics, by tag -> quantity and unit.
const BREAKDOWN = /^\[(ttft|tpot|latency|gtps|dt|adt|dar|al)\] (minimum|maximum|average|p\d+)$/;
const QUANTITY: Readonly<Record<string, [string, string]>> = {
  ttft: ['ttft_ms', 'ms'],
  tpot: ['tpot_ms', 'ms'],
  latency: ['latency_ms', 'ms'],
  gtps: ['gtps', 'tok/s'],
  dt: ['draft_tokens', 'tok'],
  adt: ['accepted_draft_tokens', 'tok'],
  dar: ['draft_acceptance_rate', ''],
  al: ['acceptance_length', 'tok'],
};
const STAT: Readonly<Record<string, string>> = { minimum: 'min', maximum: 'max', average: 'avg' };

function breakdown(key: string): MetricDef | null {
  const m = BREAKDOWN.exec(key);
  if (!m) return null;
  const [quantity, unit] = QUANTITY[m[1]];
  return metric(`${STAT[m[2]] ?? m[2]}_${quantity}`, unit);
}

/** The benchmark window in seconds, from `Total Latency (ms)`, as the interval it was rounded from. */
function window(m: Metrics): Interval | null {
  const t = num(m, 'total_latency_ms');
  if (!t) return null;
  const s = scale(displayed(t.value!, t.decimals), 1 / 1000);
  return s.lo > 0 ? s : null;
}

/** `Number of requests x <tokens per request> / window`; null when an input is missing. */
function perSecond(perRequest: (m: Metrics) => Interval | null): Identity['compute'] {
  return (m) => {
    const n = value(m, 'successful_requests');
    const w = window(m);
    const each = perRequest(m);
    return n === null || !w || !each ? null : divPositive(mul(point(n), each), w);
  };
}

const around = (m: Metrics, name: string): Interval | null => {
  const v = num(m, name);
  return v ? displayed(v.value!, v.decimals) : null;
};

/** The summary line restates its breakdown's AVERAGE line. */
const restates = (target: string, source: string, formula: string): Identity => ({
  target,
  formula,
  compute: (m) => around(m, source),
});

export const trtllm = defineFormat({
  id: 'trtllm',
  title: '`trtllm-bench throughput` / `latency` reports of TensorRT-LLM',
  tool: { id: 'trtllm-bench', command: /\btrtllm-bench\b/, inProcess: true },
  signature: /^[ \t]*(?:=[ \t]+PERFORMANCE OVERVIEW\b|Request Throughput \(req\/sec\)[ \t]*:)/,
  block: {
    header: (text) => HEADER.exec(text)?.[1] ?? null,
    closer: null,
    closerText: '',
    section: (text) => SECTION.test(text),
  },
  openers: [],
  labels: {
    // = PYTORCH BACKEND / = ENGINE DETAILS
    Model: metric('model', '', 'text'),
    'Model Path': metric('model_path', '', 'text'),
    'Engine Directory': metric('engine_dir', '', 'text'),
    Revision: metric('revision', '', 'text'),
    'TensorRT-LLM Version': metric('trtllm_version', '', 'text'),
    'TensorRT LLM Version': metric('trtllm_version', '', 'text'),
    Dtype: metric('dtype', '', 'text'),
    'KV Cache Dtype': metric('kv_cache_dtype', '', 'text'),
    Quantization: metric('quantization', '', 'text'),
    'Max Input Length': metric('max_input_length', 'tok'),
    'Max Sequence Length': metric('max_sequence_length', 'tok'),
    // = REQUEST DETAILS (every request completes: the count is the successful requests of the other formats)
    'Number of requests': metric('successful_requests', 'req'),
    'Number of concurrent requests': metric('mean_concurrent_requests', 'req'),
    'Average Input Length (tokens)': metric('mean_input_length', 'tok'),
    'Average Output Length (tokens)': metric('mean_output_length', 'tok'),
    // = WORLD + RUNTIME INFORMATION
    'TP Size': metric('tp_size', ''),
    'PP Size': metric('pp_size', ''),
    'EP Size': metric('ep_size', ''),
    'Max Runtime Batch Size': metric('max_batch_size', 'req'),
    'Max Runtime Tokens': metric('max_num_tokens', 'tok'),
    'Scheduling Policy': metric('scheduling_policy', '', 'text'),
    'KV Memory Percentage': metric('kv_memory_percentage', '', 'text'),
    'Issue Rate (req/sec)': metric('issue_rate', 'req/s', 'text'),
    // = PERFORMANCE OVERVIEW
    'Request Throughput (req/sec)': metric('request_throughput', 'req/s'),
    'Total Output Throughput (tokens/sec)': metric('output_token_throughput', 'tok/s'),
    'Total Token Throughput (tokens/sec)': metric('total_token_throughput', 'tok/s'),
    'Total Latency (ms)': metric('total_latency_ms', 'ms'),
    // Releases before the total token line printed the output rate as `Token Throughput`.
    'Token Throughput (tokens/sec)': metric('output_token_throughput', 'tok/s'),
    'Average request latency (ms)': metric('mean_latency_ms', 'ms'),
    'Per User Output Throughput [w/ ctx] (tps/user)': metric('mean_user_output_throughput', 'tok/s'),
    'Per User Output Throughput (tokens/sec/user)': metric('mean_user_output_throughput', 'tok/s'),
    'Per GPU Output Throughput (tps/gpu)': metric('output_token_throughput_per_gpu', 'tok/s'),
    'Per GPU Output Throughput (tokens/sec/gpu)': metric('output_token_throughput_per_gpu', 'tok/s'),
    'Per User Output Speed [1/TPOT] (tokens/sec/user)': metric('mean_user_output_speed', 'tok/s'),
    'Average time-to-first-token [TTFT] (ms)': metric('mean_ttft_ms', 'ms'),
    'Average time-per-output-token [TPOT] (ms)': metric('mean_tpot_ms', 'ms'),
    'Per User Output Speed (tps/user)': metric('mean_user_output_speed', 'tok/s'),
    // = DATASET DETAILS
    'Dataset Path': metric('dataset_path', '', 'text'),
    'Number of Sequences': metric('dataset_sequences', 'req'),
  },
  pattern: breakdown,
  chatter: (text) => (NOISE.test(text) ? { kind: 'noise' } : null),
  identities: [
    // Rates are counts over the whole run, `Total Latency (ms)`; token counts are requests x average lengths.
    { target: 'request_throughput', formula: 'number of requests / total latency', compute: perSecond(() => point(1)) },
    {
      target: 'output_token_throughput',
      formula: 'number of requests x average output length / total latency',
      compute: perSecond((m) => around(m, 'mean_output_length')),
    },
    {
      target: 'total_token_throughput',
      formula: 'number of requests x (average input + output length) / total latency',
      compute: perSecond((m) => {
        const inp = around(m, 'mean_input_length');
        const out = around(m, 'mean_output_length');
        return inp && out ? add(inp, out) : null;
      }),
    },
    {
      target: 'output_token_throughput_per_gpu',
      formula: 'total output throughput / (TP size x PP size)',
      compute(m) {
        const out = around(m, 'output_token_throughput');
        const tp = value(m, 'tp_size');
        const pp = value(m, 'pp_size');
        return out && tp && pp ? scale(out, 1 / (tp * pp)) : null;
      },
    },
    restates('mean_latency_ms', 'avg_latency_ms', '[Latency] AVERAGE'),
    restates('mean_ttft_ms', 'avg_ttft_ms', '[TTFT] AVERAGE'),
    restates('mean_tpot_ms', 'avg_tpot_ms', '[TPOT] AVERAGE'),
    restates('mean_user_output_speed', 'avg_gtps', '[GTPS] AVERAGE'),
  ],
  requestLatency: [{ kind: 'printed', metric: 'mean_latency_ms', divisor: 1000 }],
});
