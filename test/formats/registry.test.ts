/** The registry is the one list of formats: the schema enum, the tools and every lookup come from its specs. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_TOOLS, FORMATS, detectFormat, isResultLine } from '../../src/lib/formats/registry.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { runDraftSchema } from '../../src/lib/formats/index.js';
import { root } from './pages.js';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|mjs|astro)$/.test(name) ? [path] : [];
  });

describe('format registry', () => {
  it("should derive the run drafts' format enum from the specs, one id each", () => {
    const ids = FORMATS.map((f) => f.id);
    const runFormatSchema = runDraftSchema.shape.format.unwrap();
    expect(runFormatSchema.options).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(runFormatSchema.safeParse(id).success).toBe(true);
    expect(runFormatSchema.safeParse('locust').success).toBe(false);
  });

  it('should read a block that no specific format claims as the last format, the fallback', () => {
    expect(detectFormat(['Some unknown line: 1']).id).toBe(FORMATS[FORMATS.length - 1].id);
  });

  it("should give the page model every format's tool, recognised in a command that runs it", () => {
    const commands: Record<string, string> = {
      'vllm-bench': 'vllm bench serve --model Qwen/Qwen3-8B --dataset-name random',
      guidellm: 'guidellm benchmark --target http://localhost:8000 --rate-type sweep',
      'sglang-bench': 'python3 -m sglang.bench_serving --backend sglang --num-prompts 10',
      'trtllm-bench': 'trtllm-bench --model meta-llama/Llama-3.1-8B throughput --dataset data.jsonl',
      'genai-perf': 'genai-perf profile -m gpt2 --service-kind openai --endpoint-type chat --streaming',
      'llama-bench': './build/bin/llama-bench -m models/llama-2-7b.Q4_0.gguf -ngl 99 -p 512 -n 128',
      'vllm-bench-throughput': 'vllm bench throughput --model Qwen/Qwen3-0.6B --input-len 256 --output-len 128 --num-prompts 200',
      'vllm-bench-latency': 'vllm bench latency -tp 2 --model meta-llama/Meta-Llama-3.1-8B',
      'mlperf-loadgen': 'python3 main.py --scenario Offline --model-path /models/Llama-2-70b-chat-hf --mlperf-conf mlperf.conf',
    };
    // guidellm prints two formats (GPUStack's wrapper and its own console tables): one tool.
    expect([...new Set(BENCHMARK_TOOLS.map((t) => t.tool))].sort()).toEqual(Object.keys(commands).sort());
    for (const [tool, command] of Object.entries(commands)) expect(parseCommand(command, 1)?.tool, command).toBe(tool);
  });

  it("should tell a result fence by any format's banner or opening line", () => {
    expect(isResultLine('============ Serving Benchmark Result ============')).toBe(true);
    expect(isResultLine('Successful requests:                     100')).toBe(true);
    expect(isResultLine('Backend:                                 sglang')).toBe(true);
    expect(isResultLine('= PERFORMANCE OVERVIEW')).toBe(true);
    expect(isResultLine('                    NVIDIA GenAI-Perf | LLM Metrics'.trim())).toBe(true);
    expect(isResultLine('| model | size | params | backend | ngl | test | t/s |')).toBe(true);
    expect(isResultLine('| model | size | params | backend | ngl | test |')).toBe(false);
    expect(isResultLine('vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2')).toBe(false);
  });

  it('should keep the fifth and sixth formats in their own files: their banners and tools named nowhere else in src/', () => {
    // A tool's saved-result format is a format spec of its own file too (`formats/saved/<id>.ts`).
    for (const [files, names] of [
      [['genai-perf.ts', 'saved/aiperf.ts', 'saved/genai-perf-json.ts', 'saved/profile-export.ts'], /GenAI-Perf|genai-perf/],
      [['llama-bench.ts', 'saved/llama-bench-json.ts'], /llama-bench/],
    ] as const) {
      const own = files.map((file) => join('src', 'lib', 'formats', file));
      const elsewhere = sources(join(root, 'src'))
        .filter((path) => !own.includes(relative(root, path)))
        // The registry imports the spec by its file name; any other mention is a leak.
        .filter((path) => names.test(readFileSync(path, 'utf8').replace(/^import .*$/gm, '')));
      expect(elsewhere.map((path) => relative(root, path))).toEqual([]);
    }
  });

  it('should keep the fourth format in its own file: its banner and tool named nowhere else in src/', () => {
    const own = join('src', 'lib', 'formats', 'trtllm.ts');
    const elsewhere = sources(join(root, 'src'))
      .filter((path) => relative(root, path) !== own)
      .filter((path) => /PERFORMANCE OVERVIEW|trtllm-bench|Request Throughput \(req\/sec\)/.test(readFileSync(path, 'utf8')));
    expect(elsewhere.map((path) => relative(root, path))).toEqual([]);
  });
});
