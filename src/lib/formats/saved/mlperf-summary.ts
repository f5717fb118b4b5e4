/**
 * MLPerf Inference LoadGen's `mlperf_log_summary.txt`, linked as a file: the text the console format `mlperf` reads
 * when it is pasted, read line by line (`text.ts`) and recognised by its `Scenario` and `Result is` lines. Its
 * labels are the console format's, so a pasted summary and the linked file are one run (the same metrics, the same
 * fingerprint). LoadGen states neither the model nor the engine; the scenario labels the run.
 */
import { labelKey } from '../shapes.js';
import { mlperf } from '../mlperf.js';
import type { MetricDef } from '../spec.js';
import { defineSavedFormat } from './spec.js';

const LABELS = new Map<string, MetricDef>(Object.entries(mlperf.labels).map(([label, def]) => [labelKey(label), def]));

export const mlperfSummary = defineSavedFormat({
  id: 'mlperf-summary',
  title: "MLPerf LoadGen's `mlperf_log_summary.txt`",
  console: 'mlperf',
  layout: 'text',
  recognise: (keys) => keys.has('Scenario') && keys.has('Result is'),
  keys: {},
  pattern: (key) => LABELS.get(labelKey(key)) ?? mlperf.pattern?.(labelKey(key)) ?? null,
  flags: { target_qps: '--request-rate' },
  model: [],
  backend: [],
  label: (values) => {
    const scenario = values.get('Scenario');
    return typeof scenario === 'string' ? scenario : null;
  },
  ignored: new Set(),
});
