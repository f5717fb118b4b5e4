// Each saved-result format reads its objects into runs with the metric ids the console formats use, every metric
// at full precision with its JSON pointer; what no format knows and values of the wrong kind are problems.
import { describe, expect, it } from 'vitest';
import { savedDecimals, savedRuns } from '../../src/lib/formats/saved/runs.js';
import { RESULT } from './result.js';

const LINK = { url: 'results/r.json', line: 7, column: 3 };

// Made-up numbers, consistent with each other (1000 requests over 64 s).
const VLLM = {
  ...RESULT,
  date: '20260101-120000',
  request_rate: 'inf',
  mean_ttft_ms: 120.51234,
  p99_ttft_ms: 250.75,
  'p99.9_itl_ms': 80.5,
  mean_e2el_ms: 3700.25,
  ttfts: [0.1, 0.2, 0.3],
  generated_texts: ['a', 'b', 'c'],
};

describe('savedRuns', () => {
  it('should read a vLLM result file as one run of the vLLM console format, with pointers and full precision', () => {
    const { runs, formats, problems } = savedRuns(JSON.stringify(VLLM, null, 2), 'results/r.json', LINK);
    expect(problems).toEqual([]);
    expect(formats).toEqual(['vllm-result']);
    expect(runs).toHaveLength(1);
    const { draft, model, backend } = runs[0];
    expect(draft.format).toBe('vllm');
    expect(model).toBe('demo/Demo-8B');
    expect(backend).toBe('vllm');
    expect(draft.metrics.output_token_throughput).toMatchObject({ value: 2812.5, pointer: '/output_throughput', line: 7, column: 3 });
    expect(draft.metrics.output_token_throughput.label).toBe('results/r.json#/output_throughput');
    expect(draft.metrics.mean_ttft_ms).toMatchObject({ value: 120.51234, decimals: 5 });
    expect(draft.metrics.successful_requests.value).toBe(1000);
    expect(draft.metrics['p99_9_itl_ms'].pointer).toBe('/p99.9_itl_ms');
    expect(draft.metrics.mean_e2el_ms.value).toBe(3700.25);
    // The setup keys become the flags of the tool's command line, as a console run's invocation.
    expect(draft.invocation).toContain('--num-prompts 1000');
    expect(draft.invocation).toContain('--max-concurrency 64');
    expect(draft.saved).toMatchObject({ file: 'results/r.json', format: 'vllm-result', pointer: '', line: 1 });
    // Per-request lists are not metrics.
    expect(Object.keys(draft.metrics).some((k) => /ttfts|generated/.test(k))).toBe(false);
  });

  it('should read each line of an SGLang JSON Lines file as a run, its pointer starting with the line index', () => {
    const line = (rate: number, out: number) =>
      JSON.stringify({
        backend: 'sglang',
        dataset_name: 'random',
        random_input_len: 1024,
        random_output_len: 1024,
        request_rate: rate,
        max_concurrency: 32,
        duration: 100.0,
        completed: 500,
        total_input_tokens: 512000,
        total_output_tokens: out,
        request_throughput: 5.0,
        input_throughput: 5120.0,
        output_throughput: out / 100,
        mean_e2e_latency_ms: 6000.123,
        mean_ttft_ms: 150.5,
        mean_itl_ms: 12.25,
      });
    const { runs, formats, problems } = savedRuns(`${line(4, 480000)}\n${line(8, 490000)}\n`, 'b/sglang.jsonl', LINK);
    expect(problems).toEqual([]);
    expect(formats).toEqual(['sglang-jsonl']);
    expect(runs.map((r) => r.draft.format)).toEqual(['sglang', 'sglang']);
    expect(runs[1].draft.metrics.output_token_throughput).toMatchObject({ value: 4900, pointer: '/1/output_throughput' });
    expect(runs[1].draft.metrics.mean_e2e_latency_ms.value).toBe(6000.123);
    expect(runs[1].draft.saved).toMatchObject({ pointer: '/1', line: 2 });
    expect(runs[0].draft.invocation).toContain('--dataset-name random');
    expect(runs[0].draft.invocation).toContain('--random-input-len 1024');
    expect(runs[0].draft.metrics.request_rate.value).toBe(4);
  });

  it('should read llama-bench JSON as one run per test, labelled as its Markdown table labels the row', () => {
    const test = (n_prompt: number, n_gen: number, avg_ts: number) => ({
      build_commit: 'abc1234',
      model_type: 'llama 8B Q4_K - Medium',
      model_size: 4920000000,
      n_gpu_layers: 99,
      n_prompt,
      n_gen,
      avg_ns: 1,
      avg_ts,
      stddev_ts: 1.5,
      samples_ts: [avg_ts, avg_ts],
    });
    const { runs, formats } = savedRuns(JSON.stringify([test(512, 0, 4000.25), test(0, 128, 120.75)]), 'l.json', LINK);
    expect(formats).toEqual(['llama-bench-json']);
    expect(runs.map((r) => r.draft.label)).toEqual(['llama 8B Q4_K - Medium pp512', 'llama 8B Q4_K - Medium tg128']);
    expect(runs[1].draft.metrics.total_token_throughput).toMatchObject({ value: 120.75, pointer: '/1/avg_ts' });
    const jsonl = savedRuns(`${JSON.stringify({ ...test(512, 0, 9.5), n_depth: 4096 })}\n`, 'l.jsonl', LINK);
    expect(jsonl.formats).toEqual(['llama-bench-jsonl']);
    expect(jsonl.runs[0].draft.label).toBe('llama 8B Q4_K - Medium pp512 @ d4096');
  });

  it('should report an object no format knows, a value of the wrong kind and a file that is not JSON', () => {
    const unknown = savedRuns('{"editor.tabSize": 2}', 'x.json', LINK);
    expect(unknown.runs).toEqual([]);
    expect(unknown.problems).toMatchObject([{ kind: 'unknown', line: 1, column: 1, pointer: '' }]);
    expect(unknown.problems[0].detail).toContain('`editor.tabSize`');
    const wrong = savedRuns(JSON.stringify({ ...VLLM, output_throughput: 'fast' }), 'x.json', LINK);
    expect(wrong.problems).toMatchObject([{ kind: 'malformed', pointer: '/output_throughput' }]);
    expect(wrong.runs[0].draft.metrics.output_token_throughput).toBeUndefined();
    // A result cut short keeps what was read, and is a broken result.
    const cut = savedRuns(JSON.stringify(VLLM).slice(0, JSON.stringify(VLLM).indexOf('"mean_tpot_ms"') + 5), 'x.json', LINK);
    expect(cut.runs).toHaveLength(1);
    expect(cut.problems.map((p) => p.kind)).toEqual(['malformed']);
    // A file of which nothing is a result (cut before any key of one, empty, a settings file with comments) is an
    // unknown format, with what keeps it from being JSON.
    const broken = savedRuns('{"completed": 10,', 'x.json', LINK);
    expect(broken.problems).toMatchObject([{ kind: 'unknown' }]);
    expect(broken.problems[0].detail).toMatch(/^not a benchmark result \(/);
    expect(savedRuns('', 'x.json', LINK).problems[0].kind).toBe('unknown');
    const settings = savedRuns('{\n  // editor settings\n  "editor.tabSize": 2\n}\n', 'settings.json', LINK);
    expect(settings.problems).toMatchObject([{ kind: 'unknown', line: 2, column: 3 }]);
    // A JSON Lines file with one bad line keeps the others.
    const mixed = savedRuns(
      `${JSON.stringify({ ...VLLM, mean_e2el_ms: undefined, mean_e2e_latency_ms: 1 })}\n{"completed": \n`,
      'x.jsonl',
      LINK,
    );
    expect(mixed.runs).toHaveLength(1);
    expect(mixed.problems).toMatchObject([{ kind: 'malformed', line: 2, pointer: '/1' }]);
  });

  it('should read NaN as no value and Infinity as a value', () => {
    const { runs } = savedRuns(
      JSON.stringify(VLLM).replace('"p99_ttft_ms":250.75', '"p99_ttft_ms":NaN').replace('"mean_tpot_ms":20.125', '"mean_tpot_ms":Infinity'),
      'r.json',
      LINK,
    );
    expect(runs[0].draft.metrics.p99_ttft_ms).toMatchObject({ value: null, text: 'NaN' });
    expect(runs[0].draft.metrics.mean_tpot_ms.value).toBe(Infinity);
  });

  it('should count the decimals a saved number states', () => {
    expect(savedDecimals('1249.9517')).toBe(4);
    expect(savedDecimals('256.0')).toBe(1);
    expect(savedDecimals('1000')).toBe(0);
    expect(savedDecimals('5e-05')).toBe(5);
    expect(savedDecimals('1.5e3')).toBe(0);
  });

  it('should read an AIPerf export by its schema version, and report one it does not know', () => {
    const file = (version: string) =>
      JSON.stringify({
        schema_version: version,
        aiperf_version: '0.11.0',
        request_throughput: { unit: 'requests/sec', avg: 18.5 },
        time_to_first_token: { unit: 'ms', avg: 92.25, p99: 380.5 },
        input_config: { models: { items: [{ name: 'demo-8b' }] }, phases: [{ name: 'profiling', concurrency: 128 }] },
      });
    const known = savedRuns(file('1.3'), 'a.json', LINK);
    expect(known.formats).toEqual(['aiperf-json']);
    expect(known.runs[0].draft.metrics.mean_ttft_ms).toMatchObject({ value: 92.25, pointer: '/time_to_first_token/avg' });
    expect(known.runs[0].draft.metrics.p99_ttft_ms.value).toBe(380.5);
    expect(known.runs[0].draft.metrics.request_throughput.value).toBe(18.5);
    expect(known.runs[0].model).toBe('demo-8b');
    expect(known.runs[0].draft.invocation).toBe('--max-concurrency 128');
    const other = savedRuns(file('2.0'), 'a.json', LINK);
    expect(other.runs).toEqual([]);
    expect(other.problems).toMatchObject([{ kind: 'unknown', pointer: '/schema_version' }]);
  });
});

describe('files of several runs and labelled text', () => {
  const bench = (metrics: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    type_: 'generative_benchmark',
    config: { strategy: { type_: 'concurrent', max_concurrency: 8, streams: 8 }, backend: { model: 'demo/Demo-8B' } },
    metrics,
    requests: { successful: [{ prompt: 'x', output: 'y' }] },
    ...extra,
  });
  const dist = (mean: number) => ({ successful: { mean, median: mean, percentiles: { p99: mean * 2, p999: mean * 3 } } });

  it("should read each benchmark of a guidellm report as a run, its successful requests' statistics", () => {
    const text = JSON.stringify({
      metadata: { guidellm_version: '0.5.0' },
      args: { model: 'demo/Demo-8B', max_requests: 100 },
      benchmarks: [
        bench({
          output_tokens_per_second: dist(512.25),
          time_to_first_token_ms: dist(80.5),
          request_totals: { successful: 100, errored: 0 },
        }),
        { type_: 'generative_benchmark', surprise: 1 },
      ],
    });
    const r = savedRuns(text, 'b.json', { url: 'b.json', line: 3, column: 1 });
    expect(r.formats).toEqual(['guidellm-json']);
    expect(r.runs).toHaveLength(1);
    const [{ draft, model }] = r.runs;
    expect(model).toBe('demo/Demo-8B');
    expect(draft.label).toBe('concurrent@8');
    expect(draft.invocation).toBe('--max-concurrency 8 --num-prompts 100');
    expect(draft.metrics.output_token_throughput).toMatchObject({
      value: 512.25,
      pointer: '/benchmarks/0/metrics/output_tokens_per_second/successful/mean',
    });
    expect(draft.metrics.p99_9_ttft_ms.value).toBe(241.5);
    expect(draft.metrics.successful_requests.pointer).toBe('/benchmarks/0/metrics/request_totals/successful');
    // A benchmark of another shape is said, not dropped.
    expect(r.problems).toMatchObject([{ kind: 'unknown', pointer: '/benchmarks/1' }]);
    expect(r.problems[0].detail).toContain('`surprise`');
  });

  it('should say so of a guidellm report with no benchmark', () => {
    const r = savedRuns('{"benchmarks": []}', 'b.json', { url: 'b.json', line: 1, column: 1 });
    expect(r.runs).toEqual([]);
    expect(r.problems).toMatchObject([{ kind: 'unknown', pointer: '/benchmarks' }]);
  });

  it("should read genai-perf's flat and grouped configuration alike", () => {
    const stats = { request_throughput: { unit: 'requests/sec', avg: 2.5 }, time_to_first_token: { unit: 'ms', avg: 31.25, p99: 60.5 } };
    const flat = savedRuns(JSON.stringify({ ...stats, input_config: { model: ['m-a'], concurrency: 16 } }), 'g.json', {
      url: '',
      line: 1,
      column: 1,
    });
    const grouped = savedRuns(
      JSON.stringify({ ...stats, input_config: { model_names: ['m-b'], perf_analyzer: { stimulus: { concurrency: 4 } } } }),
      'g.json',
      { url: '', line: 1, column: 1 },
    );
    expect([flat.runs[0].model, flat.runs[0].draft.invocation]).toEqual(['m-a', '--max-concurrency 16']);
    expect([grouped.runs[0].model, grouped.runs[0].draft.invocation]).toEqual(['m-b', '--max-concurrency 4']);
    expect(grouped.runs[0].draft.metrics.p99_ttft_ms).toMatchObject({ value: 60.5, pointer: '/time_to_first_token/p99' });
    expect(flat.formats).toEqual(['genai-perf-json']);
  });

  it('should read a LoadGen summary by its labelled lines, and say what a text of no result is', () => {
    const text = [
      '================================================',
      'MLPerf Results Summary',
      '================================================',
      'Scenario : Offline',
      'Samples per second: 80.15',
      'Result is : VALID',
      '99.00 percentile latency (ns)   : 919869139234',
      '',
    ].join('\n');
    const r = savedRuns(text, 'mlperf_log_summary.txt', { url: '', line: 1, column: 1 });
    expect(r.problems).toEqual([]);
    expect(r.runs[0].draft.label).toBe('Offline');
    expect(r.runs[0].draft.metrics.request_throughput).toMatchObject({ value: 80.15, pointer: '/Samples per second' });
    expect(r.runs[0].draft.metrics.p99_latency_ns.value).toBe(919869139234);
    expect(savedRuns('just words\n', 'mlperf_log_summary.txt', { url: '', line: 1, column: 1 }).problems).toMatchObject([
      { kind: 'unknown' },
    ]);
  });
});
