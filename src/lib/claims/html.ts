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
  const br = v.text.indexOf('\n', from);
  if (br === -1 || br >= end) return end;
  let e = br;
  while (e > from && /\s/.test(v.text[e - 1])) e--;
  return e;
}

/** Strip inline HTML from raw text, keeping offsets and span colours. Never throws. */
export function visibleText(raw: string): VisibleText {
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

/** The highlight covering visible offset `at`, innermost first. */
export function highlightAt(v: VisibleText, at: number): Highlight | null {
  let best: Highlight | null = null;
  for (const h of v.highlights) {
    if (h.start <= at && at < h.end && (!best || h.start >= best.start)) best = h;
  }
  return best;
}

/** Raw [start, end) of the visible range [start, end). */
export function rawRange(v: VisibleText, start: number, end: number): { offset: number; end: number } {
  return { offset: v.map[start], end: end > start ? v.map[end - 1] + 1 : v.map[start] };
}
