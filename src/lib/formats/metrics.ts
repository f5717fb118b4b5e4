/**
 * Metric lines -> canonical metrics, and printed values -> numbers. The label tables live in the format specs
 * (one scheme across formats: counts and rates are the label in snake_case, `generated` -> `output`; statistics
 * are `<stat>_<quantity>_<unit>`); the registry merges them. Lookup ignores case, runs of blanks and a blank
 * before `(`, so `Total token throughput (tok/s)` (sglang's newer spelling) and `Mean Latency (s)` find theirs.
 */
import { metricOfKey } from './registry.js';
import { labelKey } from './shapes.js';
import type { MetricDef } from './spec.js';

export type { MetricDef } from './spec.js';

// Labels repeat on every block: remember the answers (bounded, so odd input cannot grow it without end).
const cache = new Map<string, MetricDef | null>();

/** The canonical metric for a printed label, or null when no format prints it. */
export function lookupLabel(label: string): MetricDef | null {
  const cached = cache.get(label);
  if (cached !== undefined) return cached;
  const found = metricOfKey(labelKey(label));
  if (cache.size < 4096) cache.set(label, found);
  return found;
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
/**
 * Beyond these a binary float no longer holds the printed number, so it cannot be checked. 17 significant digits
 * are what a tool prints for a float in full (Python's `repr`, `vllm bench latency`'s `0.45101274012898407`): such
 * a text reads back as the very double the tool computed.
 */
const MAX_SIGNIFICANT_DIGITS = 17;
const MAX_DECIMALS = 20;

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
