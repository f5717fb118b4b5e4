/** Regex helpers over visible text: turn a match group into a Stated with raw offsets. */
import type { VisibleText } from './html.js';
import { statedAt, type Stated, type StatedRole } from './stated.js';

/** The [start, end) of group `g`, or null when the group did not take part. */
export function group(m: RegExpExecArray | RegExpMatchArray, g: number): [number, number] | null {
  const d = m.indices?.[g];
  return d ? [d[0], d[1]] : null;
}

/**
 * A Stated for number group `num`; the claim runs from the number to the end of group `claimEnd`
 * (a `%`, `x faster` ...) when given, else the number alone.
 */
export function statedGroup(
  v: VisibleText,
  m: RegExpExecArray | RegExpMatchArray,
  role: StatedRole,
  num: number,
  unit: string,
  claimEnd?: number,
  extra: Parameters<typeof statedAt>[6] = {},
): Stated | null {
  const n = group(m, num);
  if (!n) return null;
  const e = claimEnd !== undefined ? group(m, claimEnd) : null;
  return statedAt(v, role, n[0], e ? e[1] : n[1], v.text.slice(n[0], n[1]), unit, extra);
}

/** A name (engine, variant) with its raw offset. */
export interface Named {
  name: string;
  offset: number;
}

export function namedGroup(v: VisibleText, m: RegExpExecArray | RegExpMatchArray, g: number): Named | null {
  const d = group(m, g);
  return d ? { name: v.text.slice(d[0], d[1]).trim(), offset: v.map[d[0]] } : null;
}
