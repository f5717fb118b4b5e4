/**
 * P6/P7 `- Summary:` sentences of new pages. Throughput (P6):
 *   `` `vLLM` Total TPS = 9632.01, `SGLang` Total TPS = 4995.66. `vLLM` is faster by 4,636.35 tok/s (92.8%);
 *   Mean TPOT = 25.89 ms vs 180.73 ms, reduced by 154.84 ms (85.67%). ``
 * Latency (P7):
 *   `` `vLLM` Mean Latency = 5.32s, `SGLang` Mean Latency = 25.15s. `vLLM` is faster by 19.83s (4.73x faster).
 *   TTFT = 68.48 ms vs 6456.42 ms, reduced by 6387.94 ms (94.29x faster); TPOT = ... ``
 */
import { endOnLine, visibleText } from './html.js';
import { group, namedGroup, statedGroup, type Named } from './match.js';
import { NUM, statedAt, type Stated } from './stated.js';

export interface SummaryValue extends Named {
  /** `Total TPS`, `Mean Latency`. */
  metric: string;
  value: Stated;
}

export interface SummaryComparison {
  /** `Mean TPOT`, `TTFT`, `TPOT` as written. */
  metric: string;
  /** First- and second-named values. */
  a: Stated;
  b: Stated;
  change: 'reduced' | 'increased';
  difference: Stated;
  /** `(q%)`, `(q% slower)`, `(Rx faster)`: a percent or ratio with its direction. */
  relative: Stated;
}

export interface SummarySentence {
  kind: 'throughput' | 'latency';
  /** The two named variants with their values, in order. */
  values: SummaryValue[];
  /** `` `A` is faster by D (P%|Rx faster) ``; null when absent. */
  winner: (Named & { direction: 'faster' | 'slower'; difference: Stated; relative: Stated | null }) | null;
  comparisons: SummaryComparison[];
}

const UNIT = String.raw`(tok/s|s|ms)?`;
const RELATIVE = String.raw`\(\s*(${NUM})\s*(%|x)(?:\s+(faster|slower))?\s*\)`;
const VALUE = new RegExp(
  String.raw`\x60([^\x60]+)\x60\s+(Total\s+TPS|Mean\s+Latency|Throughput|Mean\s+TTFT|Mean\s+TPOT)\s*=\s*(${NUM})\s*${UNIT}`,
  'dgi',
);
const WINNER = new RegExp(String.raw`\x60([^\x60]+)\x60\s+is\s+(faster|slower)\s+by\s+(${NUM})\s*${UNIT}\s*(?:${RELATIVE})?`, 'dgi');
const COMPARE = new RegExp(
  String.raw`\b(Mean\s+TPOT|Mean\s+TTFT|Mean\s+ITL|TTFT|TPOT|ITL)\s*=\s*(${NUM})\s*(ms|s)?\s*vs\.?\s*(${NUM})\s*(ms|s)?\s*,\s*(reduced|increased|decreased)\s+by\s+(${NUM})\s*(ms|s)?\s*${RELATIVE}`,
  'dgi',
);

function relative(v: ReturnType<typeof visibleText>, m: RegExpMatchArray, num: number): Stated | null {
  const isRatio = m[num + 1] === 'x';
  const dir = m[num + 2]?.toLowerCase() as 'faster' | 'slower' | undefined;
  // The claim text runs to the direction word when there is one (`94.29x faster`, `4.43% slower`).
  const n = group(m, num);
  if (!n) return null;
  const end = group(m, dir ? num + 2 : num + 1)?.[1] ?? n[1];
  // The claim text stops at a line break (`94.29x<br>faster`), so it stands where it is said to.
  return statedAt(
    v,
    isRatio ? 'ratio' : 'percent',
    n[0],
    endOnLine(v, n[1], end),
    v.text.slice(n[0], n[1]),
    isRatio ? 'x' : '%',
    dir ? { direction: dir } : {},
  );
}

/** Parse a summary sentence; null when it names fewer than two valued variants. */
export function parseSummarySentence(raw: string): SummarySentence | null {
  const v = visibleText(raw);
  const values: SummaryValue[] = [];
  for (const m of v.text.matchAll(VALUE)) {
    const value = statedGroup(v, m, m[2].toLowerCase().includes('latency') ? 'mean-latency' : 'value', 3, m[4] ?? '');
    if (value) values.push({ ...namedGroup(v, m, 1)!, metric: m[2].replace(/\s+/g, ' '), value });
  }
  if (values.length < 2) return null;
  let winner: SummarySentence['winner'] = null;
  const w = WINNER.exec(v.text);
  WINNER.lastIndex = 0;
  if (w) {
    const difference = statedGroup(v, w, 'difference', 3, w[4] ?? '');
    if (difference) {
      const direction = w[2].toLowerCase() as 'faster' | 'slower';
      winner = { ...namedGroup(v, w, 1)!, direction, difference, relative: w[5] ? relative(v, w, 5) : null };
    }
  }
  const comparisons: SummaryComparison[] = [];
  for (const m of v.text.matchAll(COMPARE)) {
    const a = statedGroup(v, m, 'value', 2, m[3] ?? m[5] ?? '');
    const b = statedGroup(v, m, 'value', 4, m[5] ?? m[3] ?? '');
    const difference = statedGroup(v, m, 'difference', 7, m[8] ?? '');
    const rel = relative(v, m, 9);
    if (!a || !b || !difference || !rel) continue;
    const change = m[6].toLowerCase() === 'increased' ? 'increased' : 'reduced';
    comparisons.push({ metric: m[1].replace(/\s+/g, ' '), a, b, change, difference, relative: rel });
  }
  const kind = values.some((x) => x.value.role === 'mean-latency') ? 'latency' : 'throughput';
  return { kind, values, winner, comparisons };
}
