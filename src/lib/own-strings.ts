// A part of a string that V8 cut out of a longer one (a label, a metric's text, a heading) keeps the whole longer
// string alive: a run's label held its fence's 27 KB body, and every page's runs stay in memory for the checks of
// the other pages. The page model gets copies of its own instead, short strings (which V8 always copies) excepted.

/** The shortest string V8 may return as a slice of its parent rather than a copy (`SlicedString::kMinLength`). */
const MIN_SLICE = 13;

/** `s`, or a copy of it that holds no other string. */
export function ownString(s: string): string {
  return s.length < MIN_SLICE ? s : structuredClone(s);
}

/** Longest text a message keeps whole; a longer one (a message quoting a long line of a page) is cut there. */
export const MESSAGE_TEXT_MAX = 500;

/**
 * A message's text, at most `MESSAGE_TEXT_MAX` characters with the note of what was cut (so cutting it again changes
 * nothing), never between the two halves of a character, holding no other string.
 */
export function messageText(s: string): string {
  if (s.length <= MESSAGE_TEXT_MAX) return ownString(s);
  const note = (cut: number) => `… (${cut} more characters)`;
  let keep = MESSAGE_TEXT_MAX - note(s.length).length;
  const last = s.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep--;
  return ownString(s.slice(0, keep) + note(s.length - keep));
}

/** Replaces, in place, every string of `value` (plain objects and arrays) by a copy that holds no other string. */
export function ownStrings<T>(value: T): T {
  const copies = new Map<string, string>();
  const own = (s: string): string => {
    if (s.length < MIN_SLICE) return s;
    let copy = copies.get(s);
    if (copy === undefined) copies.set(s, (copy = ownString(s)));
    return copy;
  };
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') node[i] = own(v);
        else walk(v);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (typeof v === 'string') record[key] = own(v);
      else walk(v);
    }
  };
  walk(value);
  return value;
}
