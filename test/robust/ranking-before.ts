// The ranking reader as it was before the linear-time rewrite (regex-based), kept to test that the rewrite reads the same.
/**
 * P1/P2 rankings: `Result: TensorRT-LLM (5760.97 tok/s) > SGLang (5281.81 tok/s) > vLLM (3922.41 tok/s)`,
 * `Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s) > TensorRT-LLM (1.74 s)`,
 * `SGLang(Not supported) = TensorRT-LLM (Not supported)`. Spacing before `(` varies.
 */
import { visibleText } from '../../src/lib/claims/html.js';
import { group, namedGroup, statedGroup, type Named } from '../../src/lib/claims/match.js';
import { NUM, type Stated } from '../../src/lib/claims/stated.js';
import type { RelationSymbol } from '../../src/lib/claims/check-order.js';

export interface RankingEntry extends Named {
  /** The stated value; null for `Not supported` and other words. */
  value: Stated | null;
  /** The words in the parentheses when they are not a number (`Not supported`). */
  note: string | null;
}

export interface RankingRelation {
  symbol: RelationSymbol;
  /** Raw offset of the symbol. */
  offset: number;
  /** Index of the left entry; the right one is `left + 1`. */
  left: number;
}

export interface Ranking {
  /** `throughput` (tok/s) or `latency` (s, ms, or a `latency` label). */
  kind: 'throughput' | 'latency';
  /** The text before the colon (`Result`, `Mean latency per request`). */
  label: string;
  entries: RankingEntry[];
  relations: RankingRelation[];
}

const PREFIX = /^\s*(?:[-*]\s+)?([^:()<>=`]{1,60}?)\s*:/d;
const ENTRY = new RegExp(String.raw`\s*([^()<>=:]+?)\s*\(\s*(?:(${NUM})\s*(tok/s|s|ms)?|([^()]*?))\s*\)`, 'dy');
const RELATION = /\s*([<>=])/dy;

/** Parse a ranking paragraph; null when the text is not a ranking of at least two entries. */
export function parseRanking(raw: string): Ranking | null {
  const v = visibleText(raw);
  const prefix = PREFIX.exec(v.text);
  if (!prefix) return null;
  const entries: RankingEntry[] = [];
  const relations: RankingRelation[] = [];
  const units = new Set<string>();
  let at = prefix[0].length;
  for (;;) {
    ENTRY.lastIndex = at;
    const m = ENTRY.exec(v.text);
    if (!m) break;
    const name = namedGroup(v, m, 1)!;
    const unit = m[3] ?? '';
    if (unit) units.add(unit);
    const value = statedGroup(v, m, 'value', 2, unit);
    entries.push({ ...name, value, note: value ? null : (m[4] ?? '').trim() || null });
    at = m.index + m[0].length;
    RELATION.lastIndex = at;
    const r = RELATION.exec(v.text);
    if (!r) break;
    relations.push({ symbol: r[1] as RelationSymbol, offset: v.map[group(r, 1)![0]], left: entries.length - 1 });
    at = r.index + r[0].length;
  }
  // A dangling relation (no entry after it) is not part of the ranking.
  while (relations.length > 0 && relations.length >= entries.length) relations.pop();
  if (entries.length < 2 || relations.length === 0) return null;
  const label = prefix[1].trim();
  const latency = [...units].some((u) => u === 's' || u === 'ms') || /latency/i.test(label);
  return { kind: latency ? 'latency' : 'throughput', label, entries, relations };
}
