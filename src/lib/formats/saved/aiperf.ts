/**
 * NVIDIA AIPerf's `profile_export_aiperf.json` (`aiperf profile`, the successor of genai-perf): one object per
 * file, recognised by its `schema_version` (1.x; another major is a format this reader does not know) and
 * `aiperf_version`. Each metric is an object of statistics (`{"unit": "ms", "avg": …, "p50": …, "p99": …}`), read
 * as genai-perf's export is (`profile-export.ts`); the model and the concurrency are stated in `input_config`. Per-request records are another file, never read.
 */
import { profileQuantity } from './profile-export.js';
import { defineSavedFormat } from './spec.js';

export const aiperfJson = defineSavedFormat({
  id: 'aiperf-json',
  title: "AIPerf's `profile_export_aiperf.json`",
  console: 'genai-perf',
  layout: 'json',
  recognise: (keys) => keys.has('schema_version') && keys.has('aiperf_version') && keys.has('request_throughput'),
  version: { key: 'schema_version', known: /^1\./ },
  keys: {},
  statistics: profileQuantity,
  paths: {
    model: [['input_config', 'models', 'items', 0, 'name']],
    '--max-concurrency': [['input_config', 'phases', 0, 'concurrency']],
    '--request-rate': [['input_config', 'phases', 0, 'rate']],
    '--num-prompts': [['input_config', 'phases', 0, 'requests']],
  },
  flags: {},
  model: [],
  backend: [],
  ignored: new Set(['schema_version', 'aiperf_version', 'benchmark_id', 'was_cancelled', 'start_time', 'end_time']),
});
