/**
 * The visible text of a raw table cell or paragraph: inline HTML tags dropped (`<br>` becomes a line
 * break), a few entities decoded, and a map back to raw offsets so every parsed number keeps its place.
 */

/** How a highlight colour reads: green = gain, red/pink = loss or skipped, yellow = caveat. */
export type SignHint = 'positive' | 'negative' | 'neutral';

/** A `<span style="background-color:...">` in visible coordinates. */
export interface Highlight {
  start: number;
  end: number;
  /** The colour as written (`lightgreen`, `#ffd6d6`). */
  color: string;
  hint: SignHint | null;
}

export interface VisibleText {
  text: string;
  /** `map[i]` is the raw offset of visible character i; `map[text.length]` is the raw length. */
  map: number[];
  highlights: Highlight[];
}

// The name is maximal, so the attributes (if any) start with a character that cannot extend it: no overlap to backtrack.
const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:[^<>\w-][^<>]*)?)>/y;
const ENTITY = /&(nbsp|amp|lt|gt|quot|#\d+);/y;
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"' };

const NAMED: Record<string, SignHint> = {
  lightgreen: 'positive',
  green: 'positive',
  palegreen: 'positive',
  lime: 'positive',
  red: 'negative',
  pink: 'negative',
  lightcoral: 'negative',
  salmon: 'negative',
  mistyrose: 'negative',
  yellow: 'neutral',
  lightyellow: 'neutral',
  orange: 'neutral',
  gold: 'neutral',
};

/** Read a colour as a sign hint; hex colours by their dominant channel. */
function colorHint(color: string): SignHint | null {
  const c = color.trim().toLowerCase();
  if (c in NAMED) return NAMED[c];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c);
  if (!hex) return null;
  const h = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  if (r - g > 20 && r - b > 20) return 'negative';
  if (g - r > 20 && g - b > 20) return 'positive';
  if (r > 180 && g > 180 && b < r - 60) return 'neutral';
  return null;
}

/**
 * Where a claim that runs from a number (ending at `from`) to `end` must stop: `end`, or the last non-blank before
 * the first line break in between (a `<br>` or a soft break), so a claim's text always stands on one source line.
 */
export function endOnLine(v: VisibleText, from: number, end: number): number {
  // Searched up to `end` only: a search to the text's end for every claim of a long line would be quadratic.
  let br = from;
  while (br < end && v.text[br] !== '\n') br++;
  if (br >= end) return end;
  let e = br;
  while (e > from && /\s/.test(v.text[e - 1])) e--;
  return e;
}

/**
 * The visible texts made within one site (`withVisibleTexts`), by raw text: the claim kinds read a site one after
 * another, and each asks for the visible text of the site, its cells or its sentences, so each is tokenised once
 * rather than once per kind. Held for one site only; the texts are read-only to every caller.
 */
let memo: Map<string, VisibleText> | null = null;
/** Which site's scope is open (for the counts). */
let scope = 0;
let scopes = 0;

/**
 * How many texts were asked for, how many distinct ones within their site (outside a site each asking counts as
 * distinct: nothing is kept there), and how many made: the tests hold made to distinct.
 */
export const visibleTextCounts = {
  asked: 0,
  distinct: new Set<string>(),
  made: 0,
  outside: 0,
  counting: false,
  /** Count from here. */
  start(): void {
    Object.assign(this, { asked: 0, distinct: new Set<string>(), made: 0, outside: 0, counting: true });
  },
};

/** Run `read` (the claim kinds on one site) with each visible text made once. */
export function withVisibleTexts<T>(read: () => T): T {
  const outer = { memo, scope };
  memo = new Map();
  scope = ++scopes;
  try {
    return read();
  } finally {
    ({ memo, scope } = outer);
  }
}

/** Strip inline HTML from raw text, keeping offsets and span colours (within a site, the same object for the same text, not to be changed). Never throws. */
export function visibleText(raw: string): VisibleText {
  if (visibleTextCounts.counting) {
    visibleTextCounts.asked++;
    if (memo) visibleTextCounts.distinct.add(`${scope}\0${raw}`);
    else visibleTextCounts.distinct.add(`outside ${++visibleTextCounts.outside}`);
  }
  const known = memo?.get(raw);
  if (known) return known;
  visibleTextCounts.made++;
  const made = makeVisibleText(raw);
  memo?.set(raw, made);
  return made;
}

/** Elements whose text is struck out. */
const STRUCK = new Set(['del', 's', 'strike']);
/** Elements whose text is read apart from the text around them. */
const BREAKS = new Set(['rp', 'rt', 'ruby']);

/** The offset just past the tag that closes `name` from `from` on (nesting counted), or -1 when none does. */
function closingTag(raw: string, name: string, from: number): number {
  let depth = 1;
  const re = new RegExp(`<(/?)${name}\\b[^<>]*>`, 'gi');
  re.lastIndex = from;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}

function makeVisibleText(raw: string): VisibleText {
  let text = '';
  const map: number[] = [];
  const highlights: Highlight[] = [];
  const open: Array<{ start: number; color: string | null }> = [];
  let i = 0;
  while (i < raw.length) {
    // Comments (acknowledgements among them) are not visible text.
    if (raw.startsWith('<!--', i)) {
      const close = raw.indexOf('-->', i + 4);
      i = close < 0 ? raw.length : close + 3;
      continue;
    }
    TAG.lastIndex = i;
    const tag = raw[i] === '<' ? TAG.exec(raw) : null;
    if (tag) {
      const name = tag[2].toLowerCase();
      if (name === 'br') {
        text += '\n';
        map.push(i);
      } else if (STRUCK.has(name) && !tag[1]) {
        // Struck-out text (`<del>6595.66</del> 9999.99`) is withdrawn: what the cell states is what follows it.
        // An element never closed is read as text (nothing is hidden on a guess).
        const close = closingTag(raw, name, i + tag[0].length);
        i = close < 0 ? i + tag[0].length : close;
        continue;
      } else if (BREAKS.has(name)) {
        // Ruby text and its fallback (`<rp>`, `<rt>`) stand apart from the base text: a word break, never one number.
        text += ' ';
        map.push(i);
      } else if (name === 'span' && !tag[1]) {
        const color = /background(?:-color)?\s*:\s*([^;"']+)/i.exec(tag[3]);
        open.push({ start: text.length, color: color ? color[1].trim() : null });
      } else if (name === 'span') {
        const span = open.pop();
        if (span?.color) {
          highlights.push({ start: span.start, end: text.length, color: span.color, hint: colorHint(span.color) });
        }
      }
      i += tag[0].length;
      continue;
    }
    ENTITY.lastIndex = i;
    const entity = raw[i] === '&' ? ENTITY.exec(raw) : null;
    if (entity) {
      const e = entity[1];
      text += e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ENTITIES[e];
      map.push(i);
      i += entity[0].length;
      continue;
    }
    text += raw[i];
    map.push(i);
    i++;
  }
  map.push(raw.length);
  return { text, map, highlights };
}

/** For each visible offset, the index of the innermost highlight covering it (-1: none); built once per text. */
const innermost = new WeakMap<VisibleText, Int32Array>();

/**
 * The innermost highlight of every offset, in one pass: highlights from the innermost (latest start, then latest
 * in the list) out, each filling only the offsets no inner one has filled (`next` skips over the filled ones).
 */
function highlightIndex(v: VisibleText): Int32Array {
  const of = new Int32Array(v.text.length + 1).fill(-1);
  const next = Int32Array.from({ length: v.text.length + 2 }, (_, k) => k);
  const find = (k: number): number => {
    let root = k;
    while (next[root] !== root) root = next[root];
    while (next[k] !== root) [k, next[k]] = [next[k], root];
    return root;
  };
  const order = v.highlights.map((_, k) => k).sort((a, b) => v.highlights[b].start - v.highlights[a].start || b - a);
  for (const k of order) {
    const { start, end } = v.highlights[k];
    for (let at = find(start); at < end; at = find(at)) {
      of[at] = k;
      next[at] = at + 1;
    }
  }
  return of;
}

/** The highlight covering visible offset `at`, innermost first (of two that start together, the later listed). */
export function highlightAt(v: VisibleText, at: number): Highlight | null {
  if (v.highlights.length === 0 || at < 0 || at >= v.text.length) return null;
  let of = innermost.get(v);
  if (!of) innermost.set(v, (of = highlightIndex(v)));
  return of[at] >= 0 ? v.highlights[of[at]] : null;
}

/** Raw [start, end) of the visible range [start, end). */
export function rawRange(v: VisibleText, start: number, end: number): { offset: number; end: number } {
  return { offset: v.map[start], end: end > start ? v.map[end - 1] + 1 : v.map[start] };
}
