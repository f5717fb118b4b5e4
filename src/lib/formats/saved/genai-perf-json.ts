/**
 * genai-perf's `profile_export_genai_perf.json` (`genai-perf profile`): one object per file, its metrics objects of
 * statistics as AIPerf's (`profile-export.ts`), recognised by `request_throughput` and `input_config` with no
 * `aiperf_version` (AIPerf's own export). The settings are in `input_config`, flat before genai-perf's configuration
 * file (`model`, `concurrency`, `request_rate`, `synthetic_input_tokens_mean`) and grouped after it (`model_names`,
 * `perf_analyzer.stimulus.concurrency`, `input.synthetic_tokens.mean`). GPU telemetry is read as neither.
 */
import { profileQuantity } from './profile-export.js';
import { defineSavedFormat } from './spec.js';

export const genaiPerfJson = defineSavedFormat({
  id: 'genai-perf-json',
  title: "genai-perf's `profile_export_genai_perf.json`",
  console: 'genai-perf',
  layout: 'json',
  recognise: (keys) => keys.has('request_throughput') && keys.has('input_config') && !keys.has('aiperf_version'),
  keys: {},
  statistics: profileQuantity,
  paths: {
    model: [
      ['input_config', 'model', 0],
      ['input_config', 'model_names', 0],
    ],
    '--max-concurrency': [
      ['input_config', 'concurrency'],
      ['input_config', 'perf_analyzer', 'stimulus', 'concurrency'],
    ],
    '--request-rate': [
      ['input_config', 'request_rate'],
      ['input_config', 'perf_analyzer', 'stimulus', 'request_rate'],
    ],
    '--input-len': [
      ['input_config', 'synthetic_input_tokens_mean'],
      ['input_config', 'input', 'synthetic_tokens', 'mean'],
    ],
    '--output-len': [
      ['input_config', 'output_tokens_mean'],
      ['input_config', 'input', 'output_tokens', 'mean'],
    ],
  },
  flags: {},
  model: [],
  backend: [],
  ignored: new Set(),
});
