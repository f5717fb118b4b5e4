import type { Report } from '../../schemas/report.js';
import { fences, sourceLines } from './source.js';

/** A link or image as written, with its place. */
export interface PlacedLink {
  url: string;
  text: string;
  line: number;
  column: number;
}

// The `(url "title")` part of an inline link, tried right after a `]`.
const TARGET = /\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/y;

/**
 * Inline links of one line, as the global regex `(!?)\[([^\]]*)\]` + TARGET found them, in linear time: that
 * regex re-read the rest of the line from every `[` (quadratic on `[` x N). A `[` ends at the first `]` after
 * it, so every `[` before that `]` shares the same target: when it fails for the first, it fails for all.
 */
export function inlineLinks(text: string): Array<{ image: boolean; text: string; url: string; index: number }> {
  const out: Array<{ image: boolean; text: string; url: string; index: number }> = [];
  let pos = 0;
  for (;;) {
    const open = text.indexOf('[', pos);
    if (open < 0) break;
    const close = text.indexOf(']', open + 1);
    if (close < 0) break;
    TARGET.lastIndex = close + 1;
    const m = TARGET.exec(text);
    if (!m) {
      pos = close + 1;
      continue;
    }
    const image = open - 1 >= pos && text[open - 1] === '!';
    out.push({ image, text: text.slice(open + 1, close), url: m[1], index: image ? open - 1 : open });
    pos = TARGET.lastIndex;
  }
  return out;
}

/**
 * Links (or images) of a page: the page model's, plus inline ones it does not collect (list items such as a
 * table of contents), read line by line outside fences and inline code. Deduplicated by line and URL.
 */
export function pageLinks(report: Report, source: string, images: boolean): PlacedLink[] {
  const out = new Map<string, PlacedLink>();
  for (const l of images ? report.images : report.links) out.set(`${l.line}|${l.url}`, { url: l.url, text: 'alt' in l ? String(l.alt) : String(l.text), line: l.line, column: l.column });
  const inFence = new Set<number>();
  for (const f of fences(source)) for (let n = f.line; n <= f.endLine; n++) inFence.add(n);
  sourceLines(source).forEach((raw, i) => {
    if (inFence.has(i + 1)) return;
    const text = raw.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
    for (const m of inlineLinks(text)) {
      if (m.image !== images) continue;
      const key = `${i + 1}|${m.url}`;
      if (!out.has(key)) out.set(key, { url: m.url, text: m.text, line: i + 1, column: m.index + 1 });
    }
  });
  return [...out.values()].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** True for URLs with a scheme (`https:`, `mailto:`) or protocol-relative ones: not checked on disk. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Split `path#anchor` (URL-decoded path). */
export function splitUrl(url: string): { path: string; anchor: string | null } {
  const hash = url.indexOf('#');
  const rawPath = withoutQuery(hash < 0 ? url : url.slice(0, hash));
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // Keep the raw path: a malformed escape is still a path to look for.
  }
  return { path, anchor: hash < 0 ? null : url.slice(hash + 1) };
}

/** `path?query` -> `path`: what `.replace(/\?.*$/, '')` gives (the first `?` after the last line break), in one pass. */
function withoutQuery(text: string): string {
  const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'), text.lastIndexOf('\u2028'), text.lastIndexOf('\u2029'));
  const q = text.indexOf('?', lastBreak + 1);
  return q < 0 ? text : text.slice(0, q);
}
