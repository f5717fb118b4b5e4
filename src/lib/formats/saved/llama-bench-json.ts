/**
 * `llama-bench -o json` (an array of objects) and `-o jsonl` (one object per line): one object per test, the
 * same run as a row of `llama-bench -o md`, labelled as that row is (`<model type> <test>`, the test `pp512`,
 * `tg128`, `pp512+tg128`, `@ d4096` for a depth). `avg_ts` is the row's mean rate, `stddev_ts` its spread;
 * `samples_ns` and `samples_ts` are counted, not held.
 */
import { metric } from '../spec.js';
import { defineSavedFormat, type SavedFormatSpec } from './spec.js';

type Values = ReadonlyMap<string, string | number | boolean | null>;

const count = (values: Values, key: string): number => {
  const v = values.get(key);
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

/** The test name llama-bench prints for an object's prompt, generation and depth counts. */
function test(values: Values): string {
  const p = count(values, 'n_prompt');
  const g = count(values, 'n_gen');
  const d = count(values, 'n_depth');
  const name = p > 0 && g === 0 ? `pp${p}` : g > 0 && p === 0 ? `tg${g}` : `pp${p}+tg${g}`;
  return d > 0 ? `${name} @ d${d}` : name;
}

const shared = {
  console: 'llama-bench',
  recognise: (keys: ReadonlySet<string>) => keys.has('avg_ts') && keys.has('n_prompt') && keys.has('n_gen'),
  keys: {
    model_type: metric('model', '', 'text'),
    model_size: metric('model_size_bytes', 'B'),
    model_n_params: metric('model_params_count', ''),
    backends: metric('backend', '', 'text'),
    n_gpu_layers: metric('gpu_layers', ''),
    n_threads: metric('threads', ''),
    n_batch: metric('batch_size', 'tok'),
    n_ubatch: metric('ubatch_size', 'tok'),
    type_k: metric('kv_cache_type_k', '', 'text'),
    type_v: metric('kv_cache_type_v', '', 'text'),
    avg_ts: metric('total_token_throughput', 'tok/s'),
    stddev_ts: metric('std_total_token_throughput', 'tok/s'),
  },
  flags: {},
  model: ['model_type', 'model_filename'],
  backend: [],
  label: (values: Values) => {
    const model = values.get('model_type');
    return `${typeof model === 'string' ? `${model} ` : ''}${test(values)}`;
  },
  ignored: new Set([
    'build_commit',
    'build_number',
    'cpu_info',
    'gpu_info',
    'model_filename',
    'cpu_mask',
    'cpu_strict',
    'poll',
    'split_mode',
    'main_gpu',
    'no_kv_offload',
    'flash_attn',
    'tensor_split',
    'tensor_buft_overrides',
    'use_mmap',
    'embeddings',
    'no_op_offload',
    'n_prompt',
    'n_gen',
    'n_depth',
    'test_time',
    'avg_ns',
    'stddev_ns',
    'samples_ns',
    'samples_ts',
    'devices',
    'n_cpu_moe',
  ]),
} satisfies Omit<SavedFormatSpec, 'id' | 'title' | 'layout'>;

export const llamaBenchJson = defineSavedFormat({ ...shared, id: 'llama-bench-json', title: '`llama-bench -o json`', layout: 'json' });
export const llamaBenchJsonl = defineSavedFormat({ ...shared, id: 'llama-bench-jsonl', title: '`llama-bench -o jsonl`', layout: 'jsonl' });
