/**
 * P1/P2 rankings: `Result: TensorRT-LLM (5760.97 tok/s) > SGLang (5281.81 tok/s) > vLLM (3922.41 tok/s)`,
 * `Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s) > TensorRT-LLM (1.74 s)`,
 * `SGLang(Not supported) = TensorRT-LLM (Not supported)`. Spacing before `(` varies.
 */
import { visibleText } from './html.js';
import { group, type Named } from './match.js';
import { NUM, statedAt, type Stated } from './stated.js';
import type { RelationSymbol } from './check-order.js';

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

const RELATION = /\s*([<>=])/dy;
const VALUE = new RegExp(String.raw`^(${NUM})\s*(tok/s|s|ms)?$`);
const EXCLUDED_PREFIX = ':()<>=`';
const EXCLUDED_NAME = '()<>=:';
const isSpace = (c: string) => c.trim() === '';

/**
 * The label before the colon: what `/^\s*(?:[-*]\s+)?([^:()<>=\x60]{1,60}?)\s*:/` matched, found by index scans
 * (that regex is quadratic on long runs of blanks). Returns the label's [start, end) and the colon's index.
 */
function prefixOf(text: string): { start: number; end: number; colon: number } | null {
  let c = 0;
  while (c < text.length && !EXCLUDED_PREFIX.includes(text[c])) c++;
  if (c >= text.length || text[c] !== ':') return null;
  let t = c;
  while (t > 0 && isSpace(text[t - 1])) t--;
  // Start positions in the order the regex tries them: after a bullet and its blanks (longest first), then
  // after the leading blanks (longest first).
  let w1 = 0;
  while (w1 < c && isSpace(text[w1])) w1++;
  const starts: number[] = [];
  if ((text[w1] === '-' || text[w1] === '*') && w1 + 1 < c && isSpace(text[w1 + 1])) {
    let w2 = w1 + 1;
    while (w2 < c && isSpace(text[w2])) w2++;
    for (let s = w2; s >= w1 + 2; s--) starts.push(s);
  }
  for (let s = w1; s >= 0; s--) starts.push(s);
  for (const s of starts) {
    if (s >= c) continue;
    const length = t > s ? t - s : 0;
    if (length > 60) continue;
    return { start: s, end: s + Math.max(length, 1), colon: c };
  }
  return null;
}

/**
 * One `Name (value unit)` entry at `at`: what the sticky regex
 * `\s*([^()<>=:]+?)\s*\(\s*(?:(NUM)\s*(tok/s|s|ms)?|([^()]*?))\s*\)` matched, found by index scans (that regex is
 * cubic on long runs of blanks).
 */
function entryAt(text: string, at: number) {
  let p = at;
  while (p < text.length && !EXCLUDED_NAME.includes(text[p])) p++;
  if (p >= text.length || text[p] !== '(' || p === at) return null;
  let ns = at;
  while (ns < p && isSpace(text[ns])) ns++;
  let ne = p;
  while (ne > ns && isSpace(text[ne - 1])) ne--;
  if (ns === p) [ns, ne] = [p - 1, p];
  let q = p + 1;
  while (q < text.length && text[q] !== '(' && text[q] !== ')') q++;
  if (q >= text.length || text[q] !== ')') return null;
  const inner = text.slice(p + 1, q);
  const trimmed = inner.trim();
  const lead = inner.length - inner.trimStart().length;
  const value = VALUE.exec(trimmed);
  return {
    name: [ns, ne] as const,
    number: value ? ([p + 1 + lead, p + 1 + lead + value[1].length] as const) : null,
    unit: value?.[2] ?? '',
    note: value ? null : trimmed,
    end: q + 1,
  };
}

/** Parse a ranking paragraph; null when the text is not a ranking of at least two entries. */
export function parseRanking(raw: string): Ranking | null {
  const v = visibleText(raw);
  const prefix = prefixOf(v.text);
  if (!prefix) return null;
  const entries: RankingEntry[] = [];
  const relations: RankingRelation[] = [];
  const units = new Set<string>();
  let at = prefix.colon + 1;
  for (;;) {
    const m = entryAt(v.text, at);
    if (!m) break;
    const name: Named = { name: v.text.slice(m.name[0], m.name[1]).trim(), offset: v.map[m.name[0]] };
    const unit = m.unit;
    if (unit) units.add(unit);
    const value = m.number ? statedAt(v, 'value', m.number[0], m.number[1], v.text.slice(m.number[0], m.number[1]), unit, {}) : null;
    entries.push({ ...name, value, note: value ? null : m.note || null });
    at = m.end;
    RELATION.lastIndex = at;
    const r = RELATION.exec(v.text);
    if (!r) break;
    relations.push({ symbol: r[1] as RelationSymbol, offset: v.map[group(r, 1)![0]], left: entries.length - 1 });
    at = r.index + r[0].length;
  }
  // A dangling relation (no entry after it) is not part of the ranking.
  while (relations.length > 0 && relations.length >= entries.length) relations.pop();
  if (entries.length < 2 || relations.length === 0) return null;
  const label = v.text.slice(prefix.start, prefix.end).trim();
  const latency = [...units].some((u) => u === 's' || u === 'ms') || /latency/i.test(label);
  return { kind: latency ? 'latency' : 'throughput', label, entries, relations };
}
