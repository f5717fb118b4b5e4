/**
 * Canonical metric names for every label the three formats print. One scheme:
 * - counts and rates: the label in snake_case, `generated` -> `output` (`total_output_tokens`);
 * - statistics: `<stat>_<quantity>_<unit>` (`mean_ttft_ms`, `p99_itl_ms`, `mean_latency_s`, `mean_e2e_latency_ms`).
 * Lookup ignores case, runs of blanks and a blank before `(`, so `Total token throughput (tok/s)` (sglang's
 * newer spelling) and `Mean Latency (s)` find their entries too.
 */

export interface MetricDef {
  name: string;
  unit: string;
  /** `text` values (the sglang backend name) are expected to be non-numeric. */
  kind: 'number' | 'text';
}

const def = (name: string, unit: string, kind: MetricDef['kind'] = 'number'): MetricDef => ({ name, unit, kind });

/** Printed label -> canonical metric, for the labels that are not statistics. */
export const METRIC_LABELS: Readonly<Record<string, MetricDef>> = {
  'Backend': def('backend', '', 'text'),
  'Traffic request rate': def('request_rate', 'req/s'),
  'Request rate configured (RPS)': def('request_rate', 'req/s'),
  'Successful requests': def('successful_requests', 'req'),
  'Failed requests': def('failed_requests', 'req'),
  'Maximum request concurrency': def('max_concurrency', 'req'),
  'Max request concurrency': def('max_concurrency', 'req'),
  'Benchmark duration (s)': def('duration_s', 's'),
  'Total input tokens': def('total_input_tokens', 'tok'),
  'Total input text tokens': def('total_input_text_tokens', 'tok'),
  'Total input vision tokens': def('total_input_vision_tokens', 'tok'),
  'Total generated tokens': def('total_output_tokens', 'tok'),
  'Total generated tokens (retokenized)': def('total_output_tokens_retokenized', 'tok'),
  'Request throughput (req/s)': def('request_throughput', 'req/s'),
  'Request goodput (req/s)': def('request_goodput', 'req/s'),
  'Input token throughput (tok/s)': def('input_token_throughput', 'tok/s'),
  'Output token throughput (tok/s)': def('output_token_throughput', 'tok/s'),
  'Peak output token throughput (tok/s)': def('peak_output_token_throughput', 'tok/s'),
  'Peak concurrent requests': def('peak_concurrent_requests', 'req'),
  'Total Token throughput (tok/s)': def('total_token_throughput', 'tok/s'),
  'Concurrency': def('concurrency', 'req'),
  'Accept length': def('accept_length', ''),
};

/** Quantities that carry statistics lines, printed name -> name part. */
const QUANTITIES: Readonly<Record<string, string>> = {
  'ttft': 'ttft',
  'tpot': 'tpot',
  'itl': 'itl',
  'e2el': 'e2el',
  'e2e latency': 'e2e_latency',
  'latency': 'latency',
};

// `Mean TTFT (ms)`, `P99.9 ITL (ms)`, `Mean Latency(s)`, `Median E2E Latency (ms)`.
const STAT = /^(mean|median|std|min|max|p\d+(?:\.\d+)?) (ttft|tpot|itl|e2el|e2e latency|latency)\((ms|s)\)$/;

/** Lookup key: lower case, blanks collapsed, no blank before `(`. */
export function labelKey(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').replace(/ \(/g, '(').trim();
}

const byKey = new Map<string, MetricDef>();
for (const [label, metric] of Object.entries(METRIC_LABELS)) byKey.set(labelKey(label), metric);

// Labels repeat on every block: remember the answers (bounded, so odd input cannot grow it without end).
const cache = new Map<string, MetricDef | null>();

/** The canonical metric for a printed label, or null when no format prints it. */
export function lookupLabel(label: string): MetricDef | null {
  const cached = cache.get(label);
  if (cached !== undefined) return cached;
  const found = findLabel(label);
  if (cache.size < 4096) cache.set(label, found);
  return found;
}

function findLabel(label: string): MetricDef | null {
  const key = labelKey(label);
  const known = byKey.get(key);
  if (known) return known;
  const m = STAT.exec(key);
  if (!m) return null;
  const unit = m[3];
  return def(`${m[1].replace('.', '_')}_${QUANTITIES[m[2]]}_${unit}`, unit);
}

export interface ParsedValue {
  value: number | null;
  decimals: number;
  /** False when the text is neither a number, `inf` nor `N/A`. */
  numeric: boolean;
  /** Why a numeric-looking value cannot be checked (`nan`, too many digits), when it cannot. */
  problem?: string;
}

const NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;
const INF = /^[+-]?(?:inf|infinity)$/i;
const NAN = /^nan$/i;
const MISSING = /^(?:n\/a|na|none|-)$/i;
/** Beyond these a binary float no longer holds the printed number, so it cannot be checked. */
export const MAX_SIGNIFICANT_DIGITS = 15;
export const MAX_DECIMALS = 20;

/**
 * `1020.76` -> 1020.76 (2 decimals); `inf` -> Infinity; `N/A` -> null; other text -> null, not numeric.
 * `nan` and numbers with more digits than a float holds are numeric but null, with the problem named.
 */
export function parseValue(text: string): ParsedValue {
  const n = NUMBER.exec(text);
  if (n) {
    const decimals = n[1]?.length ?? 0;
    const significant = text.replace(/[^0-9]/g, '').replace(/^0+/, '').length;
    if (decimals > MAX_DECIMALS || significant > MAX_SIGNIFICANT_DIGITS) {
      return {
        value: null,
        decimals: 0,
        numeric: true,
        problem: `${significant > MAX_SIGNIFICANT_DIGITS ? `${significant} significant digits` : `${decimals} decimals`} cannot be checked (at most ${MAX_SIGNIFICANT_DIGITS} significant digits and ${MAX_DECIMALS} decimals)`,
      };
    }
    return { value: Number(text.replace(/,/g, '')), decimals, numeric: true };
  }
  if (INF.test(text)) return { value: text.startsWith('-') ? -Infinity : Infinity, decimals: 0, numeric: true };
  if (NAN.test(text)) return { value: null, decimals: 0, numeric: true, problem: '`nan` is not a measurement' };
  if (MISSING.test(text)) return { value: null, decimals: 0, numeric: true };
  return { value: null, decimals: 0, numeric: false };
}
