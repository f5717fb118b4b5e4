/**
 * The rendered view of a saved result file: its text as written, every value the reader holds wrapped in a span
 * whose id is its JSON pointer (`v/output_throughput`, `v/3/mean_ttft_ms`), so that a claim's mark links to the very
 * field it was judged against and the field is highlighted (`:target`). The text is escaped; nothing of it runs.
 */
import { savedLayout, savedReads } from '../formats/saved/runs.js';
import { pointer, type JsonNode } from '../saved/json.js';

/** The id of a value's span in the view: `v` and its JSON pointer. */
export const savedAnchor = (jsonPointer: string): string => `v${jsonPointer}`;

/** A fragment for an id (`#v/a%20b`): what a link to a field writes. */
export const savedFragment = (jsonPointer: string): string => `#${encodeURI(savedAnchor(jsonPointer)).replace(/#/g, '%23')}`;

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Span {
  start: number;
  end: number;
  id: string;
}

/** Each held value of a read tree, with its offset (from `base`) and its pointer. */
function spans(node: JsonNode | null, path: Array<string | number>, base: number, out: Span[]): void {
  if (!node) return;
  if (node.kind === 'value') {
    out.push({ start: base + node.offset, end: base + node.offset + node.text.length, id: savedAnchor(pointer(path)) });
    return;
  }
  if (node.kind === 'object') for (const [key, child] of node.members) spans(child, [...path, key], base, out);
  else (node.items ?? []).forEach((child, i) => spans(child, [...path, i], base, out));
}

/** The spans of a file's text: one JSON value, one per line (JSON Lines, the line's index first), or labelled lines. */
export function savedSpans(text: string, file: string): Span[] {
  const out: Span[] = [];
  for (const { read, path } of savedReads(text, savedLayout(file))) spans(read.root, path, 0, out);
  return out;
}

export interface SavedViewOptions {
  /** The file's path below its content folder, shown as the title. */
  file: string;
  /** The published file itself. */
  rawUrl: string;
  /** The site's home. */
  homeUrl: string;
}

/** The view's HTML, a page of its own (small, light and dark, readable on a phone). */
export function savedViewHtml(text: string, o: SavedViewOptions): string {
  const list = savedSpans(text, o.file).sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const s of list) {
    if (s.start < at) continue;
    parts.push(escapeHtml(text.slice(at, s.start)));
    parts.push(`<span class="v" id="${escapeHtml(s.id)}">${escapeHtml(text.slice(s.start, s.end))}</span>`);
    at = s.end;
  }
  parts.push(escapeHtml(text.slice(at)));
  const title = escapeHtml(o.file);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · saved result</title>
<style>
:root { color-scheme: light dark; --bg: #fff; --fg: #1d1d1f; --muted: #5f6368; --hit: #fff3b0; --ring: #c99a00; }
@media (prefers-color-scheme: dark) { :root { --bg: #17181c; --fg: #e8e8ea; --muted: #a0a4ab; --hit: #4a3f00; --ring: #f0c000; } }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; }
header { padding: 12px 16px; border-bottom: 1px solid color-mix(in srgb, var(--fg) 15%, transparent); }
header h1 { font-size: 1.05rem; margin: 0 0 4px; overflow-wrap: anywhere; }
header p { margin: 0; color: var(--muted); font-size: 0.9rem; }
a { color: inherit; }
pre { margin: 0; padding: 16px; font: 13px/1.6 ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.v:target { background: var(--hit); outline: 2px solid var(--ring); border-radius: 2px; scroll-margin: 40vh; }
</style>
</head>
<body>
<header><h1>${title}</h1><p>A saved benchmark result, as the report links it. <a href="${escapeHtml(o.rawUrl)}">The file</a> · <a href="${escapeHtml(o.homeUrl)}">All reports</a></p></header>
<main><pre>${parts.join('')}</pre></main>
</body>
</html>
`;
}
