/**
 * P8 essay claims: `**Dynamic FP8**: +14.8% TPS, -14.1% TTFT, -21.8% TPOT`, `up to +46% improvement`,
 * `-3% to -15% performance degradation`. Each percentage with the metric word after it and its qualifier.
 */
import { visibleText } from './html.js';
import { statedGroup } from './match.js';
import { NUM, type Stated } from './stated.js';

export interface EssayClaim {
  value: Stated;
  /** The word after the percentage (`TPS`, `TTFT`, `improvement`), or null. */
  metric: string | null;
  /** `up to`, `more than`, or the two ends of a `A% to B%` range. */
  qualifier: 'up-to' | 'more-than' | 'range-from' | 'range-to' | null;
  /** The bold label the claim belongs to (`Dynamic FP8`), or null. */
  label: string | null;
}

const PERCENT = new RegExp(String.raw`(?<![\w.])(${NUM})\s*(%)`, 'dg');
const LABEL = /\*\*([^*]+)\*\*\s*:/;
const WORD = /^\s*([A-Za-z][\w-]*)/;

/** Every percentage in an essay paragraph or bullet. */
export function parseEssayClaims(raw: string): EssayClaim[] {
  const v = visibleText(raw);
  const label = LABEL.exec(v.text)?.[1].trim() ?? null;
  const found = [...v.text.matchAll(PERCENT)];
  const out: EssayClaim[] = [];
  found.forEach((m, i) => {
    const value = statedGroup(v, m, 'percent', 1, '%', 2);
    if (!value) return;
    const start = m.index!;
    const end = start + m[0].length;
    const prev = found[i - 1];
    // What stands between the last percentage and this one: the qualifier is read there, never further back.
    const before = v.text.slice(prev ? prev.index! + prev[0].length : 0, start);
    const next = found[i + 1];
    let qualifier: EssayClaim['qualifier'] = null;
    if (next && /^\s*to\s*$/i.test(v.text.slice(end, next.index))) qualifier = 'range-from';
    else if (prev && /^\s*to\s*$/i.test(v.text.slice(prev.index! + prev[0].length, start))) qualifier = 'range-to';
    else if (/up\s+to\s*$/i.test(before)) qualifier = 'up-to';
    else if (/(more|greater)\s+than\s*$/i.test(before)) qualifier = 'more-than';
    const word = qualifier === 'range-from' ? null : WORD.exec(v.text.slice(end));
    out.push({ value, metric: word ? word[1] : null, qualifier, label });
  });
  // A range's metric word follows its second end.
  out.forEach((c, i) => {
    if (c.qualifier === 'range-from' && out[i + 1]) c.metric = out[i + 1].metric;
  });
  return out;
}
