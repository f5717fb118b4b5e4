/**
 * The statistics keys the serving benchmarks save (`mean_ttft_ms`, `p99_itl_ms`, `p99.9_e2el_ms`): the same
 * names their console lines read to (`Mean TTFT (ms)` -> `mean_ttft_ms`), for the quantities a format saves.
 */
import { metric, type MetricDef } from '../spec.js';

const KEY = /^(mean|median|std|min|max|p\d+(?:\.\d+)?)_([a-z0-9_]+?)_(ms|s)$/;

/** `<statistic>_<quantity>_<unit>` keys of the given quantities (saved name -> canonical quantity). */
export function statisticKeys(quantities: Readonly<Record<string, string>>): (key: string) => MetricDef | null {
  return (key) => {
    const m = KEY.exec(key);
    if (!m || !Object.hasOwn(quantities, m[2])) return null;
    return metric(`${m[1].replace('.', '_')}_${quantities[m[2]]}_${m[3]}`, m[3]);
  };
}

/** The per-request lists the serving benchmarks save beside their numbers (`--save-detailed`): counted, not read. */
export const PER_REQUEST = ['input_lens', 'output_lens', 'ttfts', 'itls', 'generated_texts', 'errors'] as const;
